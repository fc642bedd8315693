-- Issue 9: feedback (spec §5, §7), the blog, join-us applications.

-- The merchant's feedback rules (spec §5 "length between {0} and {1}").
create table content_settings (
  merchant_id integer primary key references merchants (id) on delete cascade,
  feedback_min_length integer not null default 10 check (feedback_min_length >= 1),
  feedback_max_length integer not null default 500 check (feedback_max_length <= 5000),
  -- Submissions a minute per client address and per account.
  feedback_per_minute integer not null default 3 check (feedback_per_minute >= 1),
  check (feedback_max_length >= feedback_min_length)
);

create table feedback (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  -- Null: sent by a guest.
  member_id bigint references members (id) on delete set null,
  question_type text not null
    check (question_type in ('deposit', 'withdraw', 'game', 'service', 'application', 'other')),
  content text not null check (length(content) between 1 and 5000),
  contact text check (length(contact) <= 100),
  ip text not null,
  language text not null,
  status text not null default 'open' check (status in ('open', 'answered')),
  reply text check (length(reply) <= 2000),
  replied_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'answered') = (reply is not null))
);
create index feedback_merchant on feedback (merchant_id, created_at desc);
create index feedback_member on feedback (member_id, created_at desc);
create index feedback_ip on feedback (ip, created_at desc);

-- Blog posts: one row per post, one text per language (EN is the fallback); unpublished while
-- published_at is null. Bodies are stored already sanitised (lib/sanitize-html.ts).
create table blog_posts (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$'),
  -- The generated cover's hue (0-359) and motif.
  cover_hue integer not null check (cover_hue between 0 and 359),
  cover_motif text not null default 'waves' check (cover_motif in ('waves', 'dice', 'cards', 'chart', 'shield')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  unique (merchant_id, slug)
);
create index blog_posts_published on blog_posts (merchant_id, published_at desc) where published_at is not null;

create table blog_post_texts (
  post_id bigint not null references blog_posts (id) on delete cascade,
  language text not null,
  title text not null check (length(title) between 1 and 200),
  summary text not null check (length(summary) <= 500),
  body text not null check (length(body) <= 100000),
  primary key (post_id, language)
);

-- Join us: an application to become an agent, read and followed up by the operator.
create table join_applications (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  member_id bigint references members (id) on delete set null,
  name text not null check (length(name) between 1 and 60),
  contact text not null check (length(contact) between 1 and 100),
  message text check (length(message) <= 500),
  ip text not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'closed')),
  created_at timestamptz not null default now()
);
create index join_applications_merchant on join_applications (merchant_id, created_at desc);
create index join_applications_ip on join_applications (ip, created_at desc);
