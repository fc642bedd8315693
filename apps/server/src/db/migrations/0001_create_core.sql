-- Issue 2: the merchant and everything the system endpoints of the contract answer from.

create table merchants (
  id serial primary key,
  code text not null unique,
  brand text not null,
  currency text not null,
  currency_scale integer not null check (currency_scale > 0),
  copyright text not null,
  created_at timestamptz not null default now()
);

-- Whitelabel tree (spec §3): nodes with modId, enabled, childrenNodes.
create table whitelabel_nodes (
  merchant_id integer not null references merchants (id) on delete cascade,
  mod_id text not null,
  parent_mod_id text,
  enabled boolean not null,
  sort integer not null default 0,
  primary key (merchant_id, mod_id),
  foreign key (merchant_id, parent_mod_id) references whitelabel_nodes (merchant_id, mod_id)
);

-- Registration validation config per field (spec §3/§5).
create table register_fields (
  merchant_id integer not null references merchants (id) on delete cascade,
  field text not null,
  enabled boolean not null,
  required boolean not null,
  min_length integer not null check (min_length >= 0),
  max_length integer not null check (max_length >= 0),
  accepted_pattern text not null,
  pattern_id integer not null,
  primary key (merchant_id, field)
);

-- Resources (app downloads …): keyed for status info, listed for domain route (spec §3).
create table resources (
  merchant_id integer not null references merchants (id) on delete cascade,
  key text not null,
  resource_type text not null,
  url text not null,
  qr_code_url text,
  sort integer not null default 0,
  primary key (merchant_id, key)
);

create table customer_services (
  merchant_id integer not null references merchants (id) on delete cascade,
  sort integer not null,
  title text not null,
  kind text not null check (kind in ('livechat', 'telegram')),
  url text not null,
  primary key (merchant_id, sort)
);

create table domains (
  merchant_id integer not null references merchants (id) on delete cascade,
  domain text not null,
  sort integer not null default 0,
  primary key (merchant_id, domain)
);

create table cdns (
  merchant_id integer not null references merchants (id) on delete cascade,
  kind text not null check (kind in ('image', 'launchGame')),
  url text not null,
  sort integer not null default 0,
  primary key (merchant_id, kind, url)
);

-- Help centre: categories and articles with one translation per language; EN is the fallback.
create table help_categories (
  id integer primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  sort integer not null
);
create table help_category_texts (
  category_id integer not null references help_categories (id) on delete cascade,
  language text not null,
  title text not null,
  primary key (category_id, language)
);
create table help_articles (
  id integer primary key,
  category_id integer not null references help_categories (id) on delete cascade,
  sort integer not null
);
create table help_article_texts (
  article_id integer not null references help_articles (id) on delete cascade,
  language text not null,
  title text not null,
  content text not null,
  primary key (article_id, language)
);

create table countries (
  code char(2) primary key check (code ~ '^[A-Z]{2}$'),
  dialing_code text not null check (dialing_code ~ '^\+\d{1,4}$'),
  name text not null,
  sort integer not null
);

-- Address ranges to country, so country region rules match real callers.
create table ip_countries (
  range cidr primary key,
  country char(2) not null
);

-- Region rules (issue 2 §5): a country code, one address, or a CIDR range.
create table region_rules (
  id serial primary key,
  kind text not null check (kind in ('country', 'ip', 'cidr')),
  value text not null,
  created_at timestamptz not null default now(),
  unique (kind, value)
);

-- Site settings: one row per merchant.
create table site_settings (
  merchant_id integer primary key references merchants (id) on delete cascade,
  maintenance boolean not null default false,
  maintenance_message text,
  updated_at timestamptz not null default now()
);

-- Captcha answers, hashed, single use, 5 minutes.
create table captchas (
  id text primary key,
  answer_hash text not null,
  expires_at timestamptz not null
);
create index captchas_expires_at on captchas (expires_at);
