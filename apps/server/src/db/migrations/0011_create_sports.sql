-- Issue 6, sports and esports: the demo studio's sportsbook keeps its own books (it stands for a
-- third-party vendor): fixtures per merchant with their markets and selections, and the bet slips
-- its players placed. Money moves only through the vendor protocol (bet_records, ledger).

-- A fixture. category: which lobby shows it (SPORTS or ESPORTS games); sport: football, basketball,
-- tennis, cs2, dota2, lol, valorant. model: the pricing model's parameters (odds and simulated
-- results derive from it). Betting closes at starts_at (no in-play); the simulated-results job
-- decides the result after ends_at, the operator may settle earlier (ops sports settle).
create table sports_events (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  category text not null check (category in ('sports', 'esports')),
  sport text not null,
  league text not null,
  home text not null,
  away text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'live', 'settled', 'void')),
  home_score integer,
  away_score integer,
  model jsonb not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status in ('settled', 'void')) = (settled_at is not null)),
  check ((status = 'settled') = (home_score is not null and away_score is not null))
);
create index sports_events_board on sports_events (merchant_id, category, starts_at) where status in ('scheduled', 'live');

-- One market per kind and event: 1x2 (home/draw/away; home/away for sports without a draw),
-- handicap (line on the home side, hundredths: -150 = home -1.5) and total (over/under, hundredths).
create table sports_markets (
  id bigserial primary key,
  event_id bigint not null references sports_events (id) on delete cascade,
  kind text not null check (kind in ('1x2', 'handicap', 'total')),
  line integer,
  status text not null default 'open' check (status in ('open', 'suspended', 'settled', 'void')),
  unique (event_id, kind),
  check ((kind = '1x2') = (line is null))
);

-- Decimal odds × 1000 (1.950 → 1950); version grows with every move (the stale-odds check reads
-- odds themselves, the version tells the page). outcome is set when the market settles.
create table sports_selections (
  id bigserial primary key,
  market_id bigint not null references sports_markets (id) on delete cascade,
  code text not null check (code in ('home', 'draw', 'away', 'over', 'under')),
  odds integer not null check (odds > 1000),
  version integer not null default 1,
  outcome text check (outcome in ('won', 'lost', 'push', 'void')),
  unique (market_id, code)
);

-- A bet slip: a single (one leg) or a parlay (2-10 legs of different events). state: pending (stored
-- before the debit; a crash leaves it for the reconciler, which rolls the debit back) → open (the
-- stake is taken) → settled (credited) or void (every leg void: the debit rolled back, a refund) or
-- rolled_back (the reconciler undid a pending slip). odds: the product × 1000 (information; the
-- payout is computed exactly from the legs' odds).
create table sports_slips (
  id text primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint not null,
  ticket_hash text not null,
  request_id text not null,
  vassalage text not null,
  game_id integer not null,
  category text not null check (category in ('sports', 'esports')),
  type text not null check (type in ('single', 'parlay')),
  stake bigint not null check (stake > 0),
  potential bigint not null check (potential >= 0),
  payout bigint check (payout >= 0),
  state text not null default 'pending' check (state in ('pending', 'open', 'settled', 'void', 'rolled_back')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (ticket_hash, request_id)
);
create index sports_slips_member on sports_slips (member_id, created_at desc);
create index sports_slips_unsettled on sports_slips (state, updated_at) where state in ('pending', 'open');

-- The odds each leg was accepted at.
create table sports_slip_legs (
  slip_id text not null references sports_slips (id) on delete cascade,
  leg integer not null,
  selection_id bigint not null references sports_selections (id),
  event_id bigint not null references sports_events (id),
  odds integer not null check (odds > 1000),
  primary key (slip_id, leg),
  unique (slip_id, event_id)
);
create index sports_slip_legs_selection on sports_slip_legs (selection_id);
