-- Migration: create the role model (app_role, user_roles) and the private role check.
--
-- Purpose: the admin area is admin-only. Roles live in public.user_roles and are assigned only by
-- the service role (npm run admin:create, the dashboard, or SQL); a signed-in user may read only
-- their own rows so the UI can decide what to show. Authorisation itself happens in RLS policies
-- through private.has_role(), never through user_metadata (which users can edit themselves).
--
-- Objects: type public.app_role, table public.user_roles, schema private,
--          function private.has_role(uuid, public.app_role).
-- Safe to run on hosted Supabase, `supabase start` and the embedded backend: it creates only app
-- objects and revokes Supabase's default grants explicitly rather than relying on them.

create type public.app_role as enum ('admin', 'user');

comment on type public.app_role is 'Application roles. admin may read and manage enquiries; user has no extra rights.';

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  -- the unique index leads with user_id, so it also serves the foreign key and every
  -- "roles of this user" lookup (the RLS policy and has_role); a separate index on user_id
  -- alone would only duplicate it.
  constraint user_roles_user_id_role_key unique (user_id, role)
);

comment on table public.user_roles is 'Roles granted to auth users. Written only by the service role; each user may read their own rows.';
comment on column public.user_roles.id is 'Surrogate key.';
comment on column public.user_roles.user_id is 'The auth user holding the role; the row goes when the user is deleted.';
comment on column public.user_roles.role is 'The granted role.';
comment on column public.user_roles.created_at is 'When the role was granted.';

-- grants: Supabase grants every new public table to anon and authenticated by default, and
-- policies do not take those grants away, so revoke first and grant back only what is needed.
revoke all on table public.user_roles from anon, authenticated;
grant select on table public.user_roles to authenticated;
-- service_role bypasses RLS; it is the only role that assigns or removes roles.
grant select, insert, update, delete on table public.user_roles to service_role;

alter table public.user_roles enable row level security;

-- a signed-in user may read their own roles (the admin page asks "am I an admin?").
create policy "users read their own roles"
  on public.user_roles
  for select
  to authenticated
  using (user_id = (select auth.uid()));

-- no insert, update or delete policies for anon or authenticated: with RLS on and no policy,
-- those operations are refused, so nobody can grant themselves a role through the API.

-- private: a schema the Data API does not expose (config.toml lists only public), so functions
-- in it cannot be called at /rest/v1/rpc/... even where a role may execute them.
create schema if not exists private;

comment on schema private is 'Helpers for RLS policies and triggers. Not exposed through the Data API.';

revoke all on schema private from public;
-- authenticated evaluates the admin policies, which call private.has_role(), so it needs usage
-- on the schema and execute on that one function; anon never reaches those policies.
grant usage on schema private to authenticated;

-- security definer: the function reads user_roles as its owner, so a policy on user_roles can
-- never recurse into itself, and a policy on another table can ask about a role the caller could
-- not read. search_path is empty and every name is qualified, so a caller cannot substitute
-- their own objects for the ones used here.
create function private.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles as granted
    where granted.user_id = _user_id
      and granted.role = _role
  );
$$;

comment on function private.has_role(uuid, public.app_role) is
  'True when the user holds the role. For RLS policies: call as (select private.has_role((select auth.uid()), ''admin'')).';

revoke execute on function private.has_role(uuid, public.app_role) from public, anon;
grant execute on function private.has_role(uuid, public.app_role) to authenticated, service_role;
