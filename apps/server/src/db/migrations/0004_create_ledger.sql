-- Issue 4: the double-entry ledger (DESIGN §3), idempotency keys, money settings, messages.

-- One account per member wallet (MAIN, one per vendor code, POINTS, BONUS) and per system purpose
-- (HOUSE, DEPOSIT_PENDING, WITHDRAWAL_PENDING, VENDOR_CLEARING, C2C_GUARANTEE …). Member balances
-- are kept on the row and never go negative; system balances are the sum of their entries (no
-- hot row every transfer would have to lock).
create table ledger_accounts (
  id bigserial primary key,
  kind text not null check (kind in ('member', 'system')),
  member_id bigint references members (id) on delete restrict,
  wallet text,
  code text,
  merchant_id integer not null references merchants (id),
  balance bigint not null default 0,
  created_at timestamptz not null default now(),
  check ((kind = 'member' and member_id is not null and wallet is not null and code is null)
      or (kind = 'system' and member_id is null and wallet is null and code is not null)),
  check (kind = 'system' or balance >= 0)
);
create unique index ledger_accounts_member on ledger_accounts (member_id, wallet) where kind = 'member';
create unique index ledger_accounts_system on ledger_accounts (merchant_id, code) where kind = 'system';

-- One movement: its entries sum to zero (checked by ops ledger check and the posting code).
create table ledger_transfers (
  id bigserial primary key,
  type text not null,
  -- The member the movement is shown to (account record); null for purely internal movements.
  member_id bigint references members (id),
  -- What caused it: 'deposit:12', 'withdrawal:7', 'vendor:<uuid>' …
  ref text,
  memo jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index ledger_transfers_member on ledger_transfers (member_id, created_at desc, id desc);
create index ledger_transfers_ref on ledger_transfers (ref);

create table ledger_entries (
  id bigserial primary key,
  transfer_id bigint not null references ledger_transfers (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  -- The member account's balance right after this entry (null for system accounts).
  balance_after bigint
);
create index ledger_entries_transfer on ledger_entries (transfer_id);
create index ledger_entries_account on ledger_entries (account_id, id);

-- Append-only: a posted movement is never changed or removed; a correction is a new transfer.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (% on %)', tg_op, tg_table_name;
end $$;
create trigger ledger_transfers_append_only before update or delete on ledger_transfers
  for each row execute function ledger_append_only();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();

-- One row per (member, client key): the first answer of a money call, replayed on a repeat.
create table idempotency_keys (
  member_id bigint not null references members (id),
  key text not null,
  scope text not null,
  request_hash text not null,
  status text not null default 'done' check (status in ('pending', 'done')),
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (member_id, key)
);

-- Per merchant money rules (withdraw limits, auto-receive minutes, C2C guarantee …) as JSON.
create table money_settings (
  merchant_id integer primary key references merchants (id) on delete cascade,
  settings jsonb not null default '{}'::jsonb
);

-- Platform information (spec §4 notices and mail): written in the money transaction, pushed live
-- after commit.
create table messages (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  kind text not null check (kind in ('mail', 'deposit_arrived', 'withdrawal_approved', 'withdrawal_rejected', 'deposit_failed')),
  title text,
  body text,
  params jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index messages_member on messages (member_id, created_at desc, id desc);
create index messages_unread on messages (member_id) where read_at is null;
