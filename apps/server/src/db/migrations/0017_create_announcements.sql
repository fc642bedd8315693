-- Issue 9: announcements (spec §3: title, content, timestamp; groups player, banners, popup,
-- promotion; spec §9 types B, PL, PU, PR, H) and the winners board's index.

create table announcements (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
  -- Spec §7: platform W (web) is the only one the client asks for.
  platform text not null default 'W' check (platform in ('W')),
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  -- Higher first among those published at the same time (banners' order).
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  withdrawn_at timestamptz,
  -- The seed's own rows carry a key, so a restart finds them instead of publishing them again.
  seed_key text,
  check (ends_at is null or ends_at > starts_at)
);
create index announcements_live on announcements (merchant_id, type, starts_at desc, id desc)
  where withdrawn_at is null;
create unique index announcements_seed_key on announcements (merchant_id, seed_key) where seed_key is not null;

-- One text per language; content is HTML sanitised when it was published (lib/sanitize-html.ts).
create table announcement_texts (
  announcement_id bigint not null references announcements (id) on delete cascade,
  language text not null,
  title text not null check (length(title) between 1 and 200),
  content text not null check (length(content) <= 20000),
  summary text not null,
  image_url text,
  primary key (announcement_id, language)
);

-- The winners board (spec §7 winner rank list): the biggest wins of settled bets of the last days.
create index bet_records_wins on bet_records (settled_at desc)
  where status = 'settled' and payout > stake;
