-- Issue 3: members, sessions, login events, codes, outbox, new-IP challenges, payload keys.

-- Members and agents (spec §3, §6): types 1, 2, 41, 42 agents; 3 member; 4 trial.
create table members (
  id bigserial primary key,
  merchant_id integer not null references merchants (id) on delete cascade,
  -- Stored lower-case: usernames are unique case-insensitively.
  account text not null check (account = lower(account)),
  password_hash text,
  password_changed_at timestamptz not null default now(),
  password_expires_at timestamptz,
  must_change_password boolean not null default false,
  type smallint not null check (type in (1, 2, 3, 4, 41, 42)),
  upline_id bigint references members (id),
  status text not null default 'active' check (status in ('active', 'frozen')),
  nickname text,
  payee_name text,
  email text check (email = lower(email)),
  email_verified boolean not null default false,
  -- National digits without the dialing code (spec §5 mobile rule).
  mobile text,
  country_dialing_code text,
  mobile_verified boolean not null default false,
  payment_password_hash text,
  totp_secret text,
  totp_pending_secret text,
  totp_enabled boolean not null default false,
  totp_last_step bigint,
  language text not null default 'MY',
  first_login boolean not null default true,
  affiliate_code text,
  referral_code text,
  qq_num text,
  line text,
  whatsapp text,
  facebook text,
  wechat text,
  telegram text,
  zalo text,
  id_number text,
  birthday date,
  address text,
  nationality text,
  occupation text,
  source_of_income text,
  place_of_birth text,
  club_label text,
  avatar text,
  avatar_type text not null default 'STATIC' check (avatar_type in ('STATIC', 'CUSTOM')),
  register_ip text,
  register_domain text,
  register_url text,
  register_method text,
  created_at timestamptz not null default now(),
  unique (merchant_id, account)
);
create unique index members_affiliate_code on members (merchant_id, affiliate_code)
  where affiliate_code is not null;
-- A verified mobile number belongs to one member of a merchant (login by SMS, phone recovery).
create unique index members_verified_mobile on members (merchant_id, country_dialing_code, mobile)
  where mobile is not null and mobile_verified;
create index members_mobile on members (merchant_id, mobile) where mobile is not null;
create index members_email on members (merchant_id, email) where email is not null;
create index members_upline on members (upline_id) where upline_id is not null;

create table member_labels (
  member_id bigint not null references members (id) on delete cascade,
  label_name text not null,
  primary key (member_id, label_name)
);

-- Sessions (DESIGN §3): the 256-bit token is never stored, only its SHA-256.
create table sessions (
  id bigserial primary key,
  token_hash text not null unique,
  member_id bigint not null references members (id) on delete cascade,
  scope text not null check (scope in ('full', 'change_password')),
  login_method text not null,
  ip text not null,
  user_agent text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_member on sessions (member_id) where revoked_at is null;

-- Every login attempt: the login history and the rate-limit / captcha counters.
create table login_events (
  id bigserial primary key,
  member_id bigint references members (id) on delete cascade,
  account_tried text,
  ip text not null,
  method text not null,
  success boolean not null,
  -- Whether a password was checked (the per-account hourly limit counts these on every path).
  password_checked boolean not null default false,
  reason text,
  user_agent text,
  created_at timestamptz not null
);
create index login_events_member on login_events (member_id, created_at);
create index login_events_account on login_events (account_tried, created_at);
create index login_events_ip on login_events (ip, created_at);

-- SMS and e-mail codes: 6 digits, stored hashed, 10 minutes, single use, 5 wrong tries.
create table verification_codes (
  id bigserial primary key,
  purpose text not null,
  channel text not null check (channel in ('sms', 'email')),
  target text not null,
  member_id bigint references members (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  used_at timestamptz
);
create index verification_codes_target on verification_codes (purpose, target, created_at);
create index verification_codes_target_day on verification_codes (target, created_at);

-- The Notifier port's default adapter (DESIGN §3): messages land here, /dev/outbox shows them.
create table outbox (
  id bigserial primary key,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient on outbox (recipient, id);

-- Addresses a member has signed in from (new-IP verification, spec §1).
create table known_ips (
  member_id bigint not null references members (id) on delete cascade,
  ip text not null,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  primary key (member_id, ip)
);

-- A login waiting for its new-IP step.
create table login_challenges (
  id text primary key,
  member_id bigint not null references members (id) on delete cascade,
  ip text not null,
  methods text[] not null,
  remember_me boolean not null default false,
  login_method text not null default 'username',
  user_agent text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  completed_at timestamptz,
  wrong_tries integer not null default 0
);

-- The server's RSA-OAEP key pair for encrypted bodies, and the one-time nonces.
create table payload_keys (
  key_id text primary key,
  public_spki text not null,
  private_pkcs8 text not null,
  created_at timestamptz not null default now(),
  active boolean not null default true
);
create table payload_nonces (
  nonce text primary key,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index payload_nonces_expires_at on payload_nonces (expires_at);

-- Remember-me (DESIGN §7): a one-day token, stored hashed, naming the last username.
create table remember_tokens (
  token_hash text primary key,
  member_id bigint not null references members (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
