-- Platform objects that Supabase's Postgres image and GoTrue create before any migration runs
-- (roles, the auth schema and its functions, default privileges). The embedded local backend
-- runs this file on every start, so every statement is idempotent. Roles are cluster-global on a
-- real PostgreSQL server, hence the pg_roles checks and the duplicate_object guards.

-- Roles (supabase/postgres initial schema)
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    begin
      create role anon nologin noinherit;
    exception when duplicate_object then null;
    end;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    begin
      create role authenticated nologin noinherit;
    exception when duplicate_object then null;
    end;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    begin
      create role service_role nologin noinherit bypassrls;
    exception when duplicate_object then null;
    end;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    begin
      create role authenticator login noinherit;
    exception when duplicate_object then null;
    end;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Schemas
create schema if not exists extensions;
create schema if not exists auth;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

-- Extensions that Supabase installs into the extensions schema, when this server has them.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pgcrypto') then
    create extension if not exists pgcrypto with schema extensions;
  end if;
end
$$;

-- Supabase's default privileges: every object a migration creates in public is granted to the
-- API roles, which is why migrations must revoke what a role should not have.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- auth.users, with GoTrue's column names (auth migrations up to v2.19x)
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'aal_level'
  ) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);

create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- How each session was authenticated (the `amr` claim)
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- Multi-factor authentication: enrolled factors and their challenges (GoTrue's MFA migrations)
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'factor_type'
  ) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'factor_status'
  ) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);

create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);

create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

comment on table auth.mfa_factors is 'auth: stores metadata about factors';
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

-- auth helper functions, as GoTrue's migrations define them (legacy claim first, then claims)
create or replace function auth.uid()
returns uuid
language sql stable
as $$
  select
  coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role()
returns text
language sql stable
as $$
  select
  coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email()
returns text
language sql stable
as $$
  select
  coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt()
returns jsonb
language sql stable
as $$
  select
    coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- Stand-ins for pg_cron, pg_net and Vault where this server lacks them (the embedded PostgreSQL
-- from npm, which has no pg_cron or pg_net; a database other than pg_cron's cron.database_name). Hosted Supabase has
-- the real ones. cron.schedule records the job as pg_cron does (replacing one of the same name);
-- the embedded backend runs the recorded jobs on their schedules. net.http_post only records the
-- request. Vault keeps secrets in clear: these servers hold no real ones.
do $$
begin
  if pg_catalog.current_setting('cron.database_name', true) is distinct from pg_catalog.current_database() then
    create schema if not exists cron;
    create table if not exists cron.job (
      jobid bigserial primary key,
      schedule text not null,
      command text not null,
      nodename text not null default 'localhost',
      nodeport integer not null default 5432,
      database text not null default pg_catalog.current_database(),
      username text not null default current_user,
      active boolean not null default true,
      jobname text unique
    );
    create or replace function cron.schedule(job_name text, schedule text, command text)
    returns bigint language sql as $f$
      insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
      on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
      returning jobid
    $f$;
    create or replace function cron.unschedule(job_name text) returns boolean language sql as $f$
      with gone as (delete from cron.job where jobname = job_name returning 1)
      select exists (select 1 from gone)
    $f$;
  end if;
  if not exists (select 1 from pg_catalog.pg_namespace where nspname = 'net') then
    create schema net;
    create table net.http_request_queue (
      id bigserial primary key,
      method text not null,
      url text not null,
      headers jsonb not null,
      body jsonb,
      timeout_milliseconds integer not null,
      created_at timestamptz not null default now()
    );
    create function net.http_post(
      url text,
      body jsonb default '{}'::jsonb,
      params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
      timeout_milliseconds integer default 5000
    ) returns bigint language sql as $f$
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url, headers, body, timeout_milliseconds)
      returning id
    $f$;
  end if;
  if not exists (select 1 from pg_catalog.pg_namespace where nspname = 'vault') then
    create schema vault;
    create table vault.secrets (
      id uuid primary key default gen_random_uuid(),
      name text unique,
      description text not null default '',
      secret text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create view vault.decrypted_secrets as
      select id, name, description, secret, secret as decrypted_secret, created_at, updated_at
        from vault.secrets;
    create function vault.create_secret(
      new_secret text, new_name text default null, new_description text default '',
      new_key_id uuid default null
    ) returns uuid language sql as $f$
      insert into vault.secrets (secret, name, description)
      values (new_secret, new_name, coalesce(new_description, ''))
      returning id
    $f$;
    create function vault.update_secret(
      secret_id uuid, new_secret text default null, new_name text default null,
      new_description text default null, new_key_id uuid default null
    ) returns void language sql as $f$
      update vault.secrets
         set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
             description = coalesce(new_description, description), updated_at = now()
       where id = secret_id
    $f$;
    revoke all on schema vault from public;
  end if;
end
$$;

-- The Supabase CLI's migration history table
create schema if not exists supabase_migrations;

create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  statements text[],
  name text
);

-- Local-only objects of the embedded backend (not part of Supabase)
create schema if not exists local_dev;

create table if not exists local_dev.mail (
  id bigserial primary key,
  from_address text not null default '',
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);

create index if not exists mail_to_address_idx on local_dev.mail (lower(to_address), created_at desc);

create table if not exists local_dev.state (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
