-- Issue 9: promotions (spec §2 /promotions, /promoDetail, the claim hall; §3 categories, tags and
-- the activity application; §4 activity statuses; §7 the raffle-claim relay).

-- One activity, as the operator runs it (`npm run ops -- promo …`). Deposits and bets count inside
-- the run window, from the moment a member joined; claims are possible until claim_to.
create table promotions (
  id serial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  -- The operator's handle for the activity (ops commands take it or the id).
  code text not null check (code ~ '^[A-Z0-9_-]{2,32}$'),
  kind text not null check (kind in ('bonus', 'raffle')),
  category text not null check (category in ('sports', 'live', 'slots', 'card', 'fishing', 'lottery',
    'rebate', 'points_mall', 'rank', 'deposit', 'download', 'newbie', 'gaming')),
  tags text[] not null default '{}'
    check (tags <@ array['newbie', 'limited', 'special', 'daily', 'high_rebate', 'vip']::text[]),
  sort integer not null default 0,
  hidden boolean not null default false,
  signup_from timestamptz not null,
  signup_to timestamptz not null,
  run_from timestamptz not null,
  run_to timestamptz not null,
  claim_to timestamptz not null,
  -- Who may join: everyone, members registered within newbie_days, VIP members (label VIP).
  audience text not null default 'all' check (audience in ('all', 'newbie', 'vip')),
  newbie_days integer not null default 30 check (newbie_days between 1 and 3650),
  -- What must be reached: deposits credited and stakes of settled bets (of these verticals; null: all).
  min_deposit bigint not null default 0 check (min_deposit >= 0),
  turnover bigint not null default 0 check (turnover >= 0),
  verticals text[] check (verticals <@ array['lottery', 'slots', 'live', 'sports', 'esports', 'fish', 'card']::text[]),
  -- The bonus: fixed (bonus_amount; a raffle's prize per winner) or a percentage of the deposits
  -- (bonus_percent basis points) up to bonus_cap.
  bonus_type text not null check (bonus_type in ('fixed', 'percent')),
  bonus_amount bigint check (bonus_amount > 0),
  bonus_percent integer check (bonus_percent between 1 and 100000),
  bonus_cap bigint check (bonus_cap > 0),
  approval boolean not null default false,
  max_entries integer not null default 1 check (max_entries between 1 and 1000),
  raffle_winners integer check (raffle_winners between 1 and 100000),
  drawn_at timestamptz,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  check (signup_from < signup_to and run_from < run_to and signup_from <= run_to and claim_to >= run_to),
  check ((bonus_type = 'fixed') = (bonus_amount is not null and bonus_percent is null and bonus_cap is null)),
  check ((bonus_type = 'percent') = (bonus_percent is not null and bonus_cap is not null and bonus_amount is null)),
  check ((kind = 'raffle') = (raffle_winners is not null)),
  check (kind = 'bonus' or (bonus_type = 'fixed' and not approval and max_entries = 1))
);
create index promotions_list on promotions (merchant_id, sort, id desc) where not hidden;

-- The operator's texts per language (MY, EN, CN, TH, VI); content is HTML, sanitised when saved.
create table promotion_texts (
  promotion_id integer not null references promotions (id) on delete cascade,
  language text not null check (language in ('MY', 'EN', 'CN', 'TH', 'VI')),
  title text not null check (length(title) between 1 and 200),
  summary text not null default '' check (length(summary) <= 500),
  content text not null default '' check (length(content) <= 100000),
  primary key (promotion_id, language)
);

-- A member's part in an activity: one row per time taken part (up to max_entries). state:
-- joined → (applying →) approved | rejected → claimed; a raffle's joined → won | lost → claimed.
-- amount is fixed when the application is sent, approved or the bonus claimed.
create table promotion_entries (
  id bigserial primary key,
  promotion_id integer not null references promotions (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  seq integer not null check (seq >= 1),
  state text not null default 'joined'
    check (state in ('joined', 'applying', 'approved', 'rejected', 'won', 'lost', 'claimed')),
  joined_at timestamptz not null,
  amount bigint check (amount >= 0),
  comment text check (length(comment) <= 280),
  applied_at timestamptz,
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 500),
  claimed_at timestamptz,
  claim_transfer_id bigint references ledger_transfers (id),
  unique (promotion_id, member_id, seq),
  check ((state = 'claimed') = (claim_transfer_id is not null and claimed_at is not null and amount is not null))
);
-- One entry in play at a time per member and activity.
create unique index promotion_entries_open on promotion_entries (promotion_id, member_id)
  where state in ('joined', 'applying', 'approved', 'won');
create index promotion_entries_member on promotion_entries (member_id, id desc);
create index promotion_entries_applying on promotion_entries (promotion_id, applied_at) where state = 'applying';

-- The images of an application, re-encoded (metadata and anything appended dropped); served back
-- only to their member (GET /wps/promo/image) and to the operator (`ops promo image`).
create table promotion_images (
  id bigserial primary key,
  entry_id bigint not null references promotion_entries (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index promotion_images_entry on promotion_images (entry_id);
