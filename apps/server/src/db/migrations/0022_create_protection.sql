-- Issue 10: player protection (limits with cooling-off, session limit, reality check, time-out,
-- self-exclusion). The rules are in packages/contracts/src/endpoints/protection.ts.

-- One row per member who has set anything: the money guard (ledger post) locks it FOR UPDATE, so
-- every deposit and stake of one member with limits is checked one at a time.
create table member_protection (
  member_id bigint primary key references members (id) on delete cascade,
  session_limit_minutes integer check (session_limit_minutes between 5 and 1440),
  -- A raise or removal waiting for its cooling-off (minutes null: removal).
  session_limit_pending_minutes integer check (session_limit_pending_minutes between 5 and 1440),
  session_limit_effective_at timestamptz,
  reality_check_minutes integer check (reality_check_minutes between 1 and 60),
  -- Set when the member answered the deposit-limit prompt ("not now") or set a deposit limit.
  deposit_prompt_answered_at timestamptz,
  -- Time-out or self-exclusion: in force while until is in the future (null until: indefinite).
  exclusion_kind text check (exclusion_kind in ('time_out', 'self_exclusion')),
  excluded_until timestamptz,
  excluded_at timestamptz,
  updated_at timestamptz not null,
  check ((session_limit_pending_minutes is null) or (session_limit_effective_at is not null)),
  check ((exclusion_kind is null) = (excluded_at is null))
);

-- Money limits: one row per member, kind and period once set (amount null: none in force).
create table member_limits (
  member_id bigint not null references members (id) on delete cascade,
  kind text not null check (kind in ('deposit', 'wager', 'loss')),
  period text not null check (period in ('day', 'week', 'month')),
  amount bigint check (amount > 0),
  -- A raise or removal waiting for its cooling-off: effective_at set, amount null = removal.
  pending_amount bigint check (pending_amount > 0),
  pending_effective_at timestamptz,
  updated_at timestamptz not null,
  primary key (member_id, kind, period),
  check (pending_amount is null or pending_effective_at is not null)
);
create index member_limits_pending on member_limits (pending_effective_at) where pending_effective_at is not null;

-- The session's start on the ledger's clock (ledger rows are stamped by the database): the net
-- result of a session counts transfers from here.
alter table sessions add column ledger_from timestamptz not null default now();
-- The previous login of a member (protectionSession).
create index sessions_member_created on sessions (member_id, created_at desc, id desc);
