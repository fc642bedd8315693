-- Issue 6, the studio's fish game: its own books (the studio stands for a third party). One row
-- per request of the page: the shots it carried, each decided (caught or not) with crypto and
-- stored here before the platform is asked for the bets; state tells the reconciler what is left
-- to do (decided → rollback, debited → credit again).
create table fish_rounds (
  id text primary key,
  ticket_hash text not null,
  request_id text not null,
  vassalage text not null,
  game_id integer not null,
  bet bigint not null check (bet > 0),
  total_win bigint not null check (total_win >= 0),
  shots jsonb not null,
  state text not null default 'decided' check (state in ('decided', 'debited', 'settled', 'rolled_back')),
  balance bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (ticket_hash, request_id)
);
create index fish_rounds_open on fish_rounds (updated_at) where state in ('decided', 'debited');
