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

-- The account record filters a member's movements by type and time.
create index ledger_transfers_type on ledger_transfers (type, created_at);
