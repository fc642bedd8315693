-- Issue 3: social logins (OpenID Connect and Telegram) and the security centre.

-- A member's identity at a social provider: (provider, subject) names one member for good.
create table social_identities (
  id bigserial primary key,
  provider text not null check (provider in ('google', 'facebook', 'telegram')),
  subject text not null,
  member_id bigint not null references members (id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  unique (provider, subject)
);
create index social_identities_member on social_identities (member_id);

-- An OpenID Connect login in progress: state, nonce and PKCE verifier, single use, 10 minutes.
-- The browser that started it carries the state in an HttpOnly cookie as well.
create table oauth_states (
  state text primary key,
  provider text not null,
  code_verifier text not null,
  nonce text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_states_expires_at on oauth_states (expires_at);
