-- Issue 7: the platform's own lotteries. A game draws on a schedule (fast: every interval_seconds;
-- daily: at draw_time on draw_days, in time_zone). Each period is created with a secret random
-- seed whose SHA-256 (commit_hash) is public from then on; the seed is revealed with the result.
create table lottery_games (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null,
  label text not null,
  group_code text not null,
  prize_mode text not null check (prize_mode in ('Lott', 'ZY', 'Elott', 'SEA')),
  kind text not null check (kind in ('digit5', 'digit3', 'vn_north', 'vn_south')),
  region text check (region in ('north', 'central', 'south')),
  interval_seconds integer check (interval_seconds > 0),
  -- 'HH:MM' local time of time_zone; days of the week 0 (Sunday) … 6.
  draw_time text check (draw_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  draw_days integer[],
  time_zone text not null default 'Asia/Yangon',
  close_seconds integer not null check (close_seconds >= 0),
  default_play_type text not null,
  play_types text[] not null,
  -- The catalogue vendor the betting record names (LOTTO, VNL …) and the catalogue game, if any.
  vassalage text not null,
  catalogue_game_id integer references games (id) on delete set null,
  status text not null default 'active' check (status in ('active', 'maintenance')),
  sort integer not null default 0,
  unique (merchant_id, code),
  check ((interval_seconds is null) <> (draw_time is null)),
  check ((draw_time is null) = (draw_days is null)),
  check ((kind like 'vn_%') = (region is not null))
);

create table lottery_periods (
  id bigserial primary key,
  -- restrict: a game with periods (and so maybe stakes held in GAMES) is never deleted; set it to maintenance.
  game_id integer not null references lottery_games (id) on delete restrict,
  numero text not null,
  open_at timestamptz not null,
  close_at timestamptz not null,
  draw_at timestamptz not null,
  state text not null default 'open' check (state in ('open', 'closed', 'drawn', 'refunded')),
  -- 32 random bytes from node:crypto; never served before the draw.
  seed bytea not null,
  commit_hash text not null,
  result jsonb,
  drawn_at timestamptz,
  -- Set when every bet of the period is settled (or refunded).
  settled_at timestamptz,
  unique (game_id, numero),
  check (open_at <= close_at and close_at <= draw_at),
  check ((state = 'drawn') = (result is not null))
);
create index lottery_periods_game_draw on lottery_periods (game_id, draw_at desc);
create index lottery_periods_unsettled on lottery_periods (draw_at) where settled_at is null;

-- A chase repeats a slip over `periods` periods, all paid up front; stop_on_win refunds what is
-- left after the first win.
create table lottery_chases (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  game_id integer not null references lottery_games (id) on delete restrict,
  periods integer not null check (periods between 2 and 50),
  stop_on_win boolean not null,
  state text not null default 'running' check (state in ('running', 'stopped_on_win', 'finished', 'cancelled')),
  created_at timestamptz not null default now()
);
create index lottery_chases_member on lottery_chases (member_id, created_at desc);

-- One slip line in one period. The betting record's row is bet_records (round_id 'LOT-<id>').
create table lottery_bets (
  id bigserial primary key,
  member_id bigint not null references members (id) on delete cascade,
  period_id bigint not null references lottery_periods (id) on delete restrict,
  chase_id bigint references lottery_chases (id) on delete cascade,
  play_type text not null,
  selection jsonb not null,
  unit integer not null check (unit > 0),
  multiplier integer not null check (multiplier between 1 and 1000),
  bet_count integer not null check (bet_count > 0),
  stake bigint not null check (stake > 0),
  state text not null default 'pending' check (state in ('pending', 'won', 'lost', 'cancelled', 'refunded')),
  payout bigint not null default 0 check (payout >= 0),
  win_count integer not null default 0 check (win_count >= 0),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((state = 'pending') = (settled_at is null)),
  check (state = 'won' or payout = 0)
);
create index lottery_bets_period_pending on lottery_bets (period_id) where state = 'pending';
create index lottery_bets_member on lottery_bets (member_id, created_at desc, id desc);
create index lottery_bets_chase on lottery_bets (chase_id) where chase_id is not null;

-- The merchant's payout table: odds × 10 000 is the multiple of a single bet's stake paid per win
-- (stake included). option: SUM_RANGE's range id, '' otherwise (DA pays its odds once per extra hit).
create table lottery_odds (
  merchant_id integer not null references merchants (id) on delete cascade,
  kind text not null,
  play_type text not null,
  option text not null default '',
  odds_x10000 integer not null check (odds_x10000 > 0),
  primary key (merchant_id, kind, play_type, option)
);
