-- Issue 6, the live-casino stand-in: the demo studio's baccarat tables, their rounds (each dealt
-- from a freshly shuffled 8-deck shoe with node:crypto and stored whole when its betting opens,
-- before any card is shown) and the players' bets (one vendor debit and one credit each).

-- The tables and their limits per spot (minor units).
create table baccarat_tables (
  id text primary key,
  code text not null unique,
  min_bet bigint not null check (min_bet > 0),
  max_bet bigint not null check (max_bet >= min_bet),
  position integer not null
);
insert into baccarat_tables (id, code, min_bet, max_bet, position) values
  ('bac-a', 'A', 1000, 500000, 1),
  ('bac-b', 'B', 10000, 2000000, 2),
  ('bac-vip', 'VIP', 100000, 10000000, 3);

-- One round of a table: its timeline (betting opens at starts_at and closes at closes_at, the cards
-- are dealt from deal_at, the result stands from result_at until ends_at, when the next round
-- begins) and its whole outcome (cards, totals, winner, pairs).
create table baccarat_rounds (
  id text primary key,
  table_id text not null references baccarat_tables (id),
  seq bigint not null,
  starts_at timestamptz not null,
  closes_at timestamptz not null,
  deal_at timestamptz not null,
  result_at timestamptz not null,
  ends_at timestamptz not null,
  outcome jsonb not null,
  winner text not null check (winner in ('player', 'banker', 'tie')),
  created_at timestamptz not null default now(),
  unique (table_id, seq)
);
create index baccarat_rounds_result on baccarat_rounds (table_id, result_at desc);

-- One confirmed bet (chips on one or more spots): placed (stored, before the debit) → debited →
-- settled (credited once, 0 for a loss) or rolled_back (the debit never finished). Its id is the
-- vendor protocol's round id; the txIds are derived from it (<id>:bet, <id>:win, <id>:rollback).
create table baccarat_bets (
  id text primary key,
  round_id text not null references baccarat_rounds (id),
  ticket_hash text not null,
  request_id text not null,
  vassalage text not null,
  game_id integer not null,
  spots jsonb not null,
  stake bigint not null check (stake > 0),
  payout bigint check (payout >= 0),
  state text not null default 'placed' check (state in ('placed', 'debited', 'settled', 'rolled_back')),
  balance bigint,
  lease_until timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (ticket_hash, request_id)
);
create index baccarat_bets_round on baccarat_bets (round_id, ticket_hash);
create index baccarat_bets_open on baccarat_bets (created_at) where state in ('placed', 'debited');
