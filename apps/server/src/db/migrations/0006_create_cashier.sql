-- Issue 4: deposits (bank transfer, instant demo gateway, C2C), bank cards, withdrawals and the
-- C2C withdrawal confirmation (spec §4) with its proof images (spec §5, §9).

-- The deposit channels of a merchant with their limits (minor units). BANK carries the receiving
-- account shown to the depositor in `receiver` ({bankName, accountName, accountNumber}).
create table deposit_channels (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null check (code in ('BANK', 'INSTANT', 'C2C')),
  name text not null,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null check (max_amount >= min_amount),
  receiver jsonb,
  sort integer not null default 0,
  active boolean not null default true,
  unique (merchant_id, code)
);

-- A member's bank cards. Removing one only marks it (withdrawals keep their own copy of the card).
create table bank_cards (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  bank_name text not null,
  account_name text not null,
  account_number text not null check (account_number ~ '^[0-9]{6,30}$'),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create unique index bank_cards_member_number on bank_cards (member_id, account_number) where removed_at is null;

-- One withdrawal. The amount left the member's main wallet into WITHDRAWAL_PENDING when it was
-- made (hold_transfer_id); it leaves WITHDRAWAL_PENDING once: paid out (approved), returned
-- (rejected), or credited to the matched C2C depositor. status: pending (waits for the operator
-- or a C2C depositor), matched (a C2C depositor pays it; the withdrawer confirms), approved,
-- rejected.
create table withdrawals (
  id bigserial primary key,
  merchant_id integer not null references merchants (id),
  member_id bigint not null references members (id),
  bank_card_id bigint not null references bank_cards (id),
  bank_name text not null,
  account_name text not null,
  account_number text not null,
  amount bigint not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'matched', 'approved', 'rejected')),
  hold_transfer_id bigint not null references ledger_transfers (id),
  settle_transfer_id bigint references ledger_transfers (id),
  -- C2C: the matched deposit, when, and the withdrawer's confirmation.
  deposit_id bigint,
  matched_at timestamptz,
  outcome text check (outcome in ('full', 'partial', 'none', 'auto', 'operator_received', 'operator_not_received')),
  amount_received bigint check (amount_received >= 0),
  disputed boolean not null default false,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status in ('approved', 'rejected')) = (settle_transfer_id is not null)),
  check ((status = 'matched') <= (deposit_id is not null and matched_at is not null))
);
create index withdrawals_member on withdrawals (member_id, created_at desc, id desc);
-- C2C matching: the oldest unmatched pending withdrawal of one amount.
create index withdrawals_matchable on withdrawals (merchant_id, amount, id) where status = 'pending' and deposit_id is null;
-- The auto-receive job: matched payouts not confirmed and not disputed.
create index withdrawals_awaiting on withdrawals (matched_at) where status = 'matched' and not disputed;
create index withdrawals_open on withdrawals (merchant_id, created_at) where status in ('pending', 'matched');

-- One deposit. BANK and INSTANT move nothing until they succeed (DEPOSIT_GATEWAY → main). C2C
-- holds the depositor's guarantee (main → C2C_GUARANTEE, guarantee_transfer_id) until the
-- matched withdrawal is decided.
create table deposits (
  id bigserial primary key,
  merchant_id integer not null references merchants (id),
  member_id bigint not null references members (id),
  channel_id integer not null references deposit_channels (id),
  channel text not null check (channel in ('BANK', 'INSTANT', 'C2C')),
  amount bigint not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'disputed')),
  payer_name text,
  withdrawal_id bigint unique references withdrawals (id),
  guarantee bigint not null default 0 check (guarantee >= 0),
  guarantee_transfer_id bigint references ledger_transfers (id),
  -- What reached the depositor's main wallet (a partial C2C receipt credits less than `amount`).
  credited bigint,
  settle_transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((channel = 'C2C') = (withdrawal_id is not null))
);
create index deposits_member on deposits (member_id, created_at desc, id desc);
create index deposits_open on deposits (merchant_id, created_at) where status in ('pending', 'disputed');
alter table withdrawals add constraint withdrawals_deposit_fk foreign key (deposit_id) references deposits (id);

-- Proof images of a C2C payout not received: png or jpg, each at most 5 MB, at most 3 (checked
-- by the service under the withdrawal's row lock).
create table c2c_proofs (
  id bigserial primary key,
  withdrawal_id bigint not null references withdrawals (id),
  member_id bigint not null references members (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  data bytea not null check (octet_length(data) between 1 and 5242880),
  created_at timestamptz not null default now()
);
create index c2c_proofs_withdrawal on c2c_proofs (withdrawal_id);
