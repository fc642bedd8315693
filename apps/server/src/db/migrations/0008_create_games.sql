-- Issue 5: the game catalogue (spec §3 game vendor, game object), favourites, recent games and
-- the PVP card rooms. The launch side reads games/game_vendors and upserts game_recents.

-- Spec §3 game vendor: accountTypeId, vassalage (code), gameType. Transfer vendors have a wallet of
-- their own (wallet_vendors, same code); seamless ones bet from the main wallet.
create table game_vendors (
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null check (code ~ '^[A-Z0-9_]{2,16}$'),
  name text not null,
  game_type text not null check (game_type in ('LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP')),
  account_type_id integer not null,
  wallet_mode text not null check (wallet_mode in ('seamless', 'transfer')),
  status text not null default 'active' check (status in ('active', 'maintenance')),
  is_hot boolean not null default false,
  sort integer not null default 0,
  primary key (merchant_id, code)
);
create index game_vendors_type on game_vendors (merchant_id, game_type, sort);

-- Spec §3 game object. `search` is what search-as-you-type matches: the lower-case name and code
-- (pg_trgm is not in PGlite; a `like '%q%'` over one merchant's 10,000 rows is measured in
-- bench:api). Sub-games of a VASSALAGE entry carry its id in parent_id.
create table games (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  code text not null,
  name text not null,
  vassalage text not null,
  game_type text not null check (game_type in ('LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP')),
  is_game text not null default 'GAME' check (is_game in ('GAME', 'VASSALAGE')),
  parent_id integer references games (id),
  default_play_type text,
  account_type_name text,
  family text,
  tags text[] not null default '{}',
  is_hot boolean not null default false,
  status text not null default 'active' check (status in ('active', 'maintenance')),
  trial boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  search text generated always as (lower(name) || ' ' || lower(code)) stored,
  unique (merchant_id, code),
  foreign key (merchant_id, vassalage) references game_vendors (merchant_id, code) on delete cascade
);
-- The lobby's orders (hot first then name; name; newest) per game type and per vendor. Sub-games
-- (parent_id not null) are listed only under their vendor.
create index games_type_hot on games (merchant_id, game_type, is_hot desc, name, id) where parent_id is null;
create index games_type_name on games (merchant_id, game_type, name, id) where parent_id is null;
create index games_vendor_hot on games (merchant_id, vassalage, is_hot desc, name, id);
create index games_hot on games (merchant_id, game_type, sort, id) where is_hot and parent_id is null;
create index games_parent on games (parent_id) where parent_id is not null;

create table game_favourites (
  member_id bigint not null references members (id) on delete cascade,
  game_id integer not null references games (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (member_id, game_id)
);
create index game_favourites_member on game_favourites (member_id, created_at desc);

create table game_recents (
  member_id bigint not null references members (id) on delete cascade,
  game_id integer not null references games (id) on delete cascade,
  played_at timestamptz not null default now(),
  primary key (member_id, game_id)
);
create index game_recents_member on game_recents (member_id, played_at desc);

-- PVP card rooms (the next issue's card game seats players in them).
create table pvp_rooms (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  game_id integer not null references games (id),
  name text not null,
  stake bigint not null check (stake > 0),
  min_balance bigint not null check (min_balance >= 0),
  seats integer not null check (seats > 0),
  seats_taken integer not null default 0 check (seats_taken between 0 and seats),
  status text not null default 'open' check (status in ('open', 'full', 'closed')),
  unique (game_id, name)
);
create index pvp_rooms_merchant on pvp_rooms (merchant_id, game_id, stake);

-- The servers keep each merchant's catalogue in memory (the lobby lists and searches 10,000 games
-- on every keystroke); any change to games or vendors bumps this one number, which they read
-- before answering, so a change is seen by the next call on every instance.
create table catalogue_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into catalogue_version (id, version) values (true, 1);
create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end
$$;
create trigger games_changed after insert or update or delete or truncate on games
  for each statement execute function bump_catalogue_version();
create trigger game_vendors_changed after insert or update or delete or truncate on game_vendors
  for each statement execute function bump_catalogue_version();
