-- Issue 5, the play side: game sessions (launch tickets), the vendor protocol's transactions
-- (idempotent by vendor and txId), the betting record's rounds and the demo studio's own rounds.

-- One launch: the ticket is handed out once, only its SHA-256 is kept (like sessions). Guests and
-- trial launches play with play money kept here (trial_balance); no ledger is touched for them.
create table game_sessions (
  id uuid primary key,
  ticket_hash text not null unique,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint references members (id) on delete cascade,
  game_id integer not null references games (id) on delete cascade,
  vassalage text not null,
  mode text not null check (mode in ('real', 'trial')),
  language text not null,
  trial_balance bigint not null default 0 check (trial_balance >= 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (mode = 'trial' or member_id is not null)
);
create index game_sessions_member on game_sessions (member_id, created_at desc) where member_id is not null;

-- Every debit, credit and rollback a vendor sent, keyed by (vassalage, tx_id): a repeat answers the
-- stored answer, another body under the same id is refused (request_hash). kind 'cancelled' is the
-- tombstone a rollback leaves for a debit it never saw: that debit is refused for good.
-- round_status lives on the debit row: open until its credit or rollback.
create table vendor_transactions (
  id bigserial primary key,
  vassalage text not null,
  tx_id text not null,
  kind text not null check (kind in ('debit', 'credit', 'rollback', 'cancelled')),
  session_id uuid references game_sessions (id) on delete cascade,
  mode text not null check (mode in ('real', 'trial')),
  round_id text,
  member_id bigint references members (id) on delete cascade,
  amount bigint not null check (amount >= 0),
  round_status text check (round_status in ('open', 'settled', 'rolled_back')),
  request_hash text not null,
  answer jsonb,
  transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  unique (vassalage, tx_id),
  check ((kind = 'debit') = (round_status is not null))
);
-- One debit per round (a second one is refused); the round's other transactions by round.
create unique index vendor_transactions_round_debit on vendor_transactions (vassalage, round_id) where kind = 'debit';
create index vendor_transactions_round on vendor_transactions (vassalage, round_id) where round_id is not null;
create index vendor_transactions_open on vendor_transactions (created_at) where round_status = 'open';

-- The betting record (spec §2 personalHistoryCopy) grows from issue 4's settled bets: a row opens
-- with the debit (settled_at null, written explicitly) and is settled by the credit or rolled back.
-- Rows written the issue 4 way (the personal loss tests) are settled ones: the defaults say so.
alter table bet_records
  add column round_id text,
  add column vassalage text,
  add column game_id integer references games (id) on delete set null,
  add column game_name text,
  add column status text not null default 'settled' check (status in ('open', 'settled', 'rolled_back')),
  add column created_at timestamptz not null default now(),
  add column detail jsonb,
  alter column settled_at drop not null,
  add constraint bet_records_round unique (vassalage, round_id),
  add constraint bet_records_settled check ((status = 'settled') = (settled_at is not null));
create index bet_records_member_created on bet_records (member_id, created_at desc, id desc);

-- The demo studio's own books (it stands for a third party): every round is decided and stored
-- here before the platform is asked for the stake; state tells the reconciler what is left to do.
create table studio_rounds (
  id text primary key,
  ticket_hash text not null,
  request_id text not null,
  vassalage text not null,
  game_id integer not null,
  bet bigint not null check (bet > 0),
  total_win bigint not null check (total_win >= 0),
  outcome jsonb not null,
  state text not null default 'decided' check (state in ('decided', 'debited', 'settled', 'rolled_back')),
  balance bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (ticket_hash, request_id)
);
create index studio_rounds_open on studio_rounds (updated_at) where state in ('decided', 'debited');
