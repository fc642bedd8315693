-- Issue 4: vendor wallets and two-phase vendor transfers (DESIGN §3), and the books of the
-- built-in demo vendor (DESIGN §4: it stands for a third party with its own ledger).

-- The game vendors of a merchant whose wallets a member can fund (spec §3 merchant wallet).
create table wallet_vendors (
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null check (code ~ '^[A-Z0-9_]{2,16}$' and code <> 'MAIN'),
  name text not null,
  sort integer not null default 0,
  status text not null default 'active' check (status in ('active', 'maintenance')),
  primary key (merchant_id, code)
);

-- One main <-> vendor movement. `in` = main -> vendor, `out` = vendor -> main. The hold moved the
-- amount from the source wallet into VENDOR_CLEARING; the settle (completed) or the void (failed)
-- moves it out again. pending/unknown rows are what the reconciler resolves by asking the vendor.
create table vendor_transfers (
  id uuid primary key,
  merchant_id integer not null references merchants (id),
  member_id bigint not null references members (id),
  vendor text not null,
  direction text not null check (direction in ('in', 'out')),
  amount bigint not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed', 'unknown')),
  hold_transfer_id bigint not null references ledger_transfers (id),
  settle_transfer_id bigint references ledger_transfers (id),
  -- The client's idempotency key of the call that started it (marked done when it is resolved).
  idempotency_key text,
  attempts integer not null default 0,
  message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status in ('pending', 'unknown')) = (settle_transfer_id is null))
);
create index vendor_transfers_open on vendor_transfers (updated_at) where status in ('pending', 'unknown');
create index vendor_transfers_open_member on vendor_transfers (member_id) where status in ('pending', 'unknown');
create index vendor_transfers_member on vendor_transfers (member_id, created_at desc);

-- The demo vendor's own books: one balance per member and vendor, one row per transaction id
-- (our transfer id). The id is the primary key whatever the kind, so a credit, a debit or a
-- cancel tombstone decides an id once: a cancelled id can never be applied later.
create table demo_vendor_wallets (
  member_id bigint not null,
  vendor text not null,
  balance bigint not null default 0 check (balance >= 0),
  primary key (member_id, vendor)
);
create table demo_vendor_transactions (
  id uuid primary key,
  kind text not null check (kind in ('credit', 'debit', 'cancel')),
  member_id bigint not null,
  vendor text not null,
  amount bigint not null,
  created_at timestamptz not null default now()
);
