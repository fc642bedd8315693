-- Issue 9: the reward centre, invitations (referral), missions and the receiving side of red
-- envelopes.

-- The merchant's invitation rule: a friend who registered with my code and whose succeeded
-- deposit reaches min_deposit gives me a claimable reward (once per friend).
create table referral_rules (
  merchant_id integer primary key references merchants (id) on delete cascade,
  min_deposit bigint not null check (min_deposit > 0),
  reward bigint not null check (reward > 0),
  -- Days a given reward can be claimed (null: no expiry).
  claim_days integer check (claim_days > 0),
  active boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Each member's own referral code (made the first time the member opens "Invite friends").
create table referral_codes (
  member_id bigint primary key references members (id) on delete cascade,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null check (code ~ '^[A-Z0-9]{6,16}$'),
  created_at timestamptz not null default now(),
  unique (merchant_id, code)
);
-- Friends are the members whose members.referral_code (the code of the link they registered
-- through, as typed) names a referral code.
create index members_referral_code on members (merchant_id, upper(referral_code)) where referral_code is not null;

-- Daily and weekly missions of a merchant; progress is counted from the member's own rows (bets,
-- deposits) in the period of the merchant's zone. Missions are switched off, never deleted.
create table missions (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null check (code ~ '^[A-Z0-9_]{2,32}$'),
  -- {"MY": …, "EN": …, "CN": …, "TH": …, "VI": …}
  names jsonb not null,
  period text not null check (period in ('daily', 'weekly')),
  metric text not null check (metric in ('bet_count', 'bet_amount', 'win_count', 'deposit_count', 'deposit_amount')),
  vertical text check (vertical in ('lottery', 'slots', 'live', 'sports', 'esports', 'fish', 'card')),
  target bigint not null check (target > 0),
  reward bigint not null check (reward > 0),
  points integer not null default 0 check (points >= 0),
  claim_days integer check (claim_days > 0),
  active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  check (vertical is null or metric in ('bet_count', 'bet_amount', 'win_count'))
);

-- One claimable amount for a member. Unique per member and source_key, so a mission completed in
-- a period (mission:<id>:<period start>), a friend who qualified (referral:<friend id>) or an
-- operator's grant (grant:<uuid>) gives one reward however often it is evaluated. Claiming pays
-- it once through the ledger (transfer_id).
create table rewards (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  source text not null check (source in ('mission', 'referral', 'grant')),
  source_key text not null,
  amount bigint not null check (amount > 0),
  title text,
  mission_id bigint references missions (id),
  period_start timestamptz,
  -- Leaderboard points of a completed mission (0 for other sources).
  points integer not null default 0 check (points >= 0),
  friend_id bigint references members (id) on delete set null,
  status text not null default 'claimable' check (status in ('claimable', 'claimed', 'expired')),
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  transfer_id bigint references ledger_transfers (id),
  unique (member_id, source_key),
  check ((status = 'claimed') = (transfer_id is not null and claimed_at is not null)),
  check ((source = 'mission') = (mission_id is not null and period_start is not null)),
  check (source <> 'grant' or title is not null)
);
-- A friend qualifies once, for one inviter.
create unique index rewards_referral_friend on rewards (friend_id) where source = 'referral';
create index rewards_member on rewards (member_id, status, created_at desc);
create index rewards_expiring on rewards (expires_at) where status = 'claimable' and expires_at is not null;
create index rewards_mission_period on rewards (merchant_id, period_start) where source = 'mission';

-- Red envelopes received (issue 8 sends them and credits the money at once, in the same
-- transaction that writes these rows); opening one reveals it and moves no money.
create table red_envelopes (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  sender_id bigint not null references members (id),
  transfer_id bigint not null references ledger_transfers (id),
  amount bigint not null check (amount > 0),
  message text,
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  unique (transfer_id, member_id)
);
create index red_envelopes_member on red_envelopes (member_id, id desc);
create index red_envelopes_unopened on red_envelopes (member_id) where opened_at is null;

-- Envelopes sent before this migration: from their ledger transfers, unopened.
insert into red_envelopes (merchant_id, member_id, sender_id, transfer_id, amount, message, created_at)
select a.merchant_id, a.member_id, t.member_id, t.id, e.amount, nullif(t.memo->>'message', ''), t.created_at
  from ledger_transfers t
  join ledger_entries e on e.transfer_id = t.id
  join ledger_accounts a on a.id = e.account_id
 where t.type = 'red_envelope_out' and t.member_id is not null and a.kind = 'member' and e.amount > 0
   and a.member_id <> t.member_id
on conflict do nothing;

-- The mission job counts each period's bets and deposits over all members.
create index bet_records_created on bet_records (created_at);
create index deposits_succeeded on deposits (settled_at) where status = 'succeeded';
