-- Issue 6, PVP card rooms: the demo studio's seats in pvp_rooms (one per launch ticket) and its
-- hands. Each hand is dealt, decided and stored here before the platform is asked for the stake;
-- state tells the reconciler what is left to do (like studio_rounds).

create table pvp_seats (
  ticket_hash text primary key,
  room_id integer not null references pvp_rooms (id) on delete cascade,
  joined_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index pvp_seats_idle on pvp_seats (last_seen_at);

create table pvp_hands (
  id text primary key,
  ticket_hash text not null,
  request_id text not null,
  vassalage text not null,
  game_id integer not null,
  room_id integer,
  room_name text,
  game text not null check (game in ('niuniu', 'teenpatti')),
  stake bigint not null check (stake > 0),
  payout bigint not null check (payout >= 0),
  rake bigint not null check (rake >= 0),
  outcome jsonb not null,
  state text not null default 'decided' check (state in ('decided', 'debited', 'settled', 'rolled_back')),
  balance bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (ticket_hash, request_id)
);
create index pvp_hands_open on pvp_hands (updated_at) where state in ('decided', 'debited');
