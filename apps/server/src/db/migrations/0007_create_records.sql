-- Issue 4: settled bets for the personal loss page (filled by the games issue; empty until then).
create table bet_records (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  vertical text not null check (vertical in ('lottery', 'slots', 'live', 'sports', 'esports', 'fish', 'card')),
  stake bigint not null check (stake >= 0),
  payout bigint not null check (payout >= 0),
  settled_at timestamptz not null default now()
);
create index bet_records_member on bet_records (member_id, settled_at);

-- The account record and bonus details need no new ledger index: they go from the member's
-- accounts (ledger_accounts_member) to their entries (ledger_entries_account) to each transfer (its
-- primary key); an index on ledger_transfers (type, …) would only slow every transfer down.
