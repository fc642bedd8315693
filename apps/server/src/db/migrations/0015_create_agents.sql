-- Issue 8: the agent centre (invitation links, refusals) and contracts with their settlements.

-- Invitation links (register centre): a code that registers a player or an agent under the agent.
create table agent_links (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  code text not null check (code = upper(code)),
  kind text not null check (kind in ('member', 'agent')),
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
create unique index agent_links_code on agent_links (merchant_id, code);
create index agent_links_member on agent_links (member_id, created_at desc);

alter table members
  add column register_link_id bigint references agent_links (id) on delete set null,
  -- Why the account is frozen: 'agent' (by its upline), 'unpaid_dividend' (spec §4), null (ops).
  add column frozen_reason text;
create index members_register_link on members (register_link_id) where register_link_id is not null;

-- Every refused agent call that named an id outside the caller's subtree (issue 8: "every
-- refusal logged").
create table agent_access_denials (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  endpoint text not null,
  target text,
  ip text,
  created_at timestamptz not null default now()
);
create index agent_access_denials_member on agent_access_denials (member_id, created_at desc);

-- Contracts between an upline and one of its direct downline agents (spec §3, §4).
create table agent_contracts (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  upline_id bigint not null references members (id) on delete cascade,
  downline_id bigint not null references members (id) on delete cascade,
  kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
  period text check (period in ('daily', 'weekly', 'semimonthly', 'monthly')),
  tiers jsonb not null,
  -- The highest ratio of its tiers (basis points): what the automatic termination compares.
  max_ratio integer not null default 0 check (max_ratio between 0 and 10000),
  status text not null default 'pending' check (status in ('pending', 'active', 'rejected', 'terminated')),
  request text check (request in ('new', 'terminate')),
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  -- Settled up to here (exclusive): the next period starts at this instant.
  settled_until timestamptz,
  check (upline_id <> downline_id),
  check ((kind = 'dividend') = (period is not null)),
  check ((status = 'active') = (accepted_at is not null and ended_at is null)),
  check (status <> 'pending' or request = 'new'),
  check (status in ('pending', 'active') or request is null)
);
-- At most one active and one offered contract of a kind per downline.
create unique index agent_contracts_active on agent_contracts (downline_id, kind) where status = 'active';
create unique index agent_contracts_offered on agent_contracts (downline_id, kind) where status = 'pending';
create index agent_contracts_upline on agent_contracts (upline_id, created_at desc);
create index agent_contracts_downline on agent_contracts (downline_id, created_at desc);

-- One row per settled period of a contract (exactly once: the unique key and the job's lock).
create table contract_settlements (
  id bigserial primary key,
  contract_id bigint not null references agent_contracts (id) on delete cascade,
  merchant_id integer not null references merchants (id) on delete cascade,
  kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
  upline_id bigint not null references members (id) on delete cascade,
  downline_id bigint not null references members (id) on delete cascade,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  bets bigint not null default 0,
  profit_loss bigint not null default 0,
  active_members integer not null default 0,
  tier integer,
  ratio integer,
  amount bigint not null check (amount >= 0),
  status text not null check (status in ('paid', 'unpaid', 'forced', 'nil')),
  transfer_id bigint references ledger_transfers (id),
  settled_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (contract_id, period_start),
  check ((status in ('paid', 'forced')) = (transfer_id is not null)),
  check (status <> 'nil' or amount = 0)
);
create index contract_settlements_upline on contract_settlements (upline_id, period_start desc);
create index contract_settlements_downline on contract_settlements (downline_id, period_start desc);
create index contract_settlements_unpaid on contract_settlements (upline_id) where status = 'unpaid';

-- Agent notices in the inbox (contract requests and answers, payouts, freezes, red envelopes).
alter table messages drop constraint messages_kind_check;
alter table messages add constraint messages_kind_check check (kind in ('mail', 'deposit_arrived',
  'withdrawal_approved', 'withdrawal_rejected', 'deposit_failed', 'contract_offered',
  'contract_terminate_requested', 'contract_accepted', 'contract_rejected', 'contract_terminated',
  'contract_paid', 'dividend_unpaid', 'red_envelope', 'agent_transfer'));
