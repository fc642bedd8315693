-- Issue 9: the point mall (spec §2 /pointMall, §3 points exchange record and categories, §4
-- exchange statuses, §9 no expiry). Points are integers kept apart from money: a points account per
-- member (never negative), every change a line of points_entries with the balance after it.

-- The merchant's ratio per category: every bet_unit (minor units) of valid turnover or deposit
-- earns `points`; for 'redeem', `points` points convert to bet_unit minor units of cash. 0 points:
-- the category earns nothing (redeem: conversion is off).
create table points_rules (
  merchant_id integer not null references merchants (id) on delete cascade,
  category text not null check (category in ('live', 'lottery', 'card', 'slots', 'sports', 'redeem', 'deposit')),
  bet_unit bigint not null check (bet_unit > 0),
  points integer not null check (points >= 0),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, category)
);

-- One per member, created on first use. `earned` and `spent` are lifetime totals (spent is net of
-- rejected redemptions); `pending` is what redemptions waiting for approval hold.
create table points_accounts (
  member_id bigint primary key references members (id) on delete cascade,
  merchant_id integer not null references merchants (id),
  balance bigint not null default 0 check (balance >= 0),
  pending bigint not null default 0 check (pending >= 0),
  earned bigint not null default 0 check (earned >= 0),
  spent bigint not null default 0 check (spent >= 0),
  updated_at timestamptz not null default now()
);

-- Turnover or deposits under one ratio step, carried to the member's next one of the category.
create table points_carry (
  member_id bigint not null references members (id) on delete cascade,
  category text not null,
  carry bigint not null default 0 check (carry >= 0),
  primary key (member_id, category)
);

-- One row per source counted (a settled bet, a succeeded deposit): the accrual job and the page's
-- own accrual insert it first (on conflict nothing), so a source is counted once whatever runs.
create table points_accruals (
  source_kind text not null check (source_kind in ('bet', 'deposit')),
  source_id bigint not null,
  member_id bigint not null references members (id) on delete cascade,
  category text not null,
  base bigint not null check (base >= 0),
  created_at timestamptz not null default now(),
  primary key (source_kind, source_id)
);

-- How far the accrual job has read each source (by its settled_at; passes re-read a margin before it).
create table points_cursors (
  source_kind text primary key check (source_kind in ('bet', 'deposit')),
  settled_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- The goods of the point mall. kind 'cash': `amount` is paid to the main wallet on approval;
-- 'physical': delivered to the address the member gives. Names and descriptions per language.
create table points_goods (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null,
  kind text not null check (kind in ('cash', 'physical')),
  name jsonb not null,
  description jsonb not null default '{}'::jsonb,
  icon text not null default 'gift',
  points bigint not null check (points > 0),
  amount bigint check (amount > 0),
  stock integer not null check (stock >= 0),
  per_member_limit integer check (per_member_limit > 0),
  active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  check (kind <> 'cash' or amount is not null)
);
create index points_goods_list on points_goods (merchant_id, points, id) where active;

-- Spec §3 points exchange record: a redemption of a good, or points converted to cash.
create table points_redemptions (
  id bigserial primary key,
  merchant_id integer not null references merchants (id),
  member_id bigint not null references members (id),
  type text not null check (type in ('cash', 'physical', 'convert')),
  goods_id integer references points_goods (id),
  item_name jsonb,
  quantity integer not null check (quantity > 0),
  points bigint not null check (points > 0),
  amount bigint check (amount > 0),
  status text not null check (status in ('applying', 'rejected', 'approved')),
  balance_after bigint not null check (balance_after >= 0),
  bet_unit bigint,
  points_ratio bigint,
  address text,
  remark text,
  -- The cash paid (a cash good on approval, a conversion at once).
  transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check ((type = 'convert') = (goods_id is null)),
  check ((status = 'applying') = (decided_at is null))
);
create index points_redemptions_member on points_redemptions (member_id, created_at desc, id desc);
create index points_redemptions_open on points_redemptions (merchant_id, id) where status = 'applying';
-- The per-member limit counts a member's items of one good.
create index points_redemptions_goods on points_redemptions (member_id, goods_id) where goods_id is not null;

-- The points details: every change of a member's points with the balance right after it.
create table points_entries (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  category text not null check (category in ('live', 'lottery', 'card', 'slots', 'sports', 'redeem', 'deposit')),
  kind text not null check (kind in ('earn', 'redeem', 'refund', 'convert', 'adjust')),
  points bigint not null check (points <> 0),
  balance_after bigint not null check (balance_after >= 0),
  base bigint,
  source_count integer,
  bet_unit bigint,
  points_ratio bigint,
  redemption_id bigint references points_redemptions (id),
  remark text,
  created_at timestamptz not null default now()
);
create index points_entries_member on points_entries (member_id, created_at desc, id desc);

-- The accrual job reads settled bets and succeeded deposits by the time they were settled.
create index bet_records_points_settled on bet_records (settled_at, id) where status = 'settled';
create index deposits_points_settled on deposits (settled_at, id) where status = 'succeeded';
