-- Migration: staff are shown by name, and an admin cannot revoke their own admin role.
--
--   public.staff_profiles           one display name per staff account: 1 to 100 characters,
--                                   no surrounding spaces, no control characters. RLS: an admin
--                                   (at aal2) reads every row, anyone signed in reads and updates
--                                   their own row; nobody inserts or deletes through the Data API
--   public.set_staff_name(_user_id, _name)
--                                   admins only: sets (or first gives) the name of an account
--                                   holding a role; the text is trimmed; audited
--                                   admin_staff_name_set. Refusals: 22023 staff_name_blank,
--                                   staff_name_too_long, staff_name_control_characters; P0001
--                                   staff_name_not_staff
--   public.staff_access()           gains display_name (last column; null when none is set)
--   public.list_staff()             gains display_name (last column; null when none is set)
--   private.revoke_admin_role(text) also refuses the caller's own account (P0001, hint
--                                   user_roles_self_revoke), so an admin cannot lock themself out
--
-- Why a table and not auth.users' user_metadata: user_metadata is written by the user through
-- auth.updateUser() with no limit on size or content, so the database could not keep a name
-- bounded and non-blank. Here a check constraint does, whoever writes.
--
-- Names already given at creation (admin:create --name wrote user_metadata.full_name) are copied
-- into the table for every account holding a role.

create table public.staff_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  updated_at timestamptz not null default pg_catalog.now(),
  constraint staff_profiles_display_name_length
    check (pg_catalog.char_length(display_name) between 1 and 100),
  constraint staff_profiles_display_name_trimmed
    check (display_name = pg_catalog.btrim(display_name)),
  constraint staff_profiles_display_name_printable
    check (display_name !~ '[[:cntrl:]]')
);

comment on table public.staff_profiles is
  'The display name of each staff account, shown on the staff page, the assignee list and notes. Admins read all; each account reads and renames its own; admins set anyone''s through public.set_staff_name().';
comment on column public.staff_profiles.user_id is 'The staff account (auth.users.id).';
comment on column public.staff_profiles.display_name is
  'The name staff see, e.g. "Jo Bloggs": 1 to 100 characters, trimmed, no control characters.';
comment on column public.staff_profiles.updated_at is 'When the name was last set.';

alter table public.staff_profiles enable row level security;

revoke all on table public.staff_profiles from anon, authenticated, service_role;
grant select on table public.staff_profiles to authenticated;
grant update (display_name) on table public.staff_profiles to authenticated;
-- admin:create writes the name given with --name.
grant select, insert, update on table public.staff_profiles to service_role;

-- one select policy (two permissive ones would both run for every row).
create policy "admins and the account itself read staff profiles"
  on public.staff_profiles
  for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "staff rename themselves"
  on public.staff_profiles
  for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create function private.touch_staff_profile()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

comment on function private.touch_staff_profile() is
  'Trigger: stamps staff_profiles.updated_at on every change of a name.';

revoke execute on function private.touch_staff_profile() from public, anon, authenticated;

create trigger touch_staff_profile
  before update on public.staff_profiles
  for each row execute function private.touch_staff_profile();

insert into public.staff_profiles (user_id, display_name)
select account.id,
       pg_catalog.left(
         pg_catalog.btrim(pg_catalog.regexp_replace(account.raw_user_meta_data ->> 'full_name', '[[:cntrl:]]', ' ', 'g')),
         100
       )
  from auth.users as account
 where exists (select 1 from public.user_roles as granted where granted.user_id = account.id)
   and pg_catalog.btrim(
         pg_catalog.regexp_replace(coalesce(account.raw_user_meta_data ->> 'full_name', ''), '[[:cntrl:]]', ' ', 'g')
       ) <> ''
on conflict (user_id) do nothing;

-- Setting a name ------------------------------------------------------------------------------

create function private.set_staff_name(_user_id uuid, _name text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  cleaned text := pg_catalog.btrim(coalesce(_name, ''));
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may set a staff member''s name.';
  end if;
  if cleaned = '' then
    raise exception using
      errcode = '22023',
      message = 'Enter a name, e.g. Jo Bloggs.',
      hint = 'staff_name_blank';
  end if;
  if pg_catalog.char_length(cleaned) > 100 then
    raise exception using
      errcode = '22023',
      message = 'A name can be at most 100 characters.',
      hint = 'staff_name_too_long';
  end if;
  if cleaned ~ '[[:cntrl:]]' then
    raise exception using
      errcode = '22023',
      message = 'A name cannot contain line breaks or tabs.',
      hint = 'staff_name_control_characters';
  end if;
  if not exists (select 1 from public.user_roles as granted where granted.user_id = _user_id) then
    raise exception using
      errcode = 'P0001',
      message = 'That account holds no role, so it is not staff.',
      hint = 'staff_name_not_staff';
  end if;

  insert into public.staff_profiles (user_id, display_name)
  values (_user_id, cleaned)
  on conflict (user_id) do update set display_name = excluded.display_name;

  perform private.write_privacy_audit(
    'admin_staff_name_set', 'staff_profiles', _user_id::text,
    pg_catalog.jsonb_build_object('display_name', cleaned)
  );
  return cleaned;
end;
$$;

comment on function private.set_staff_name(uuid, text) is
  'Admins only: sets the display name of an account holding a role (trimmed, 1 to 100 characters); audited admin_staff_name_set. Called by public.set_staff_name().';

revoke execute on function private.set_staff_name(uuid, text) from public, anon;
grant execute on function private.set_staff_name(uuid, text) to authenticated;

create function public.set_staff_name(_user_id uuid, _name text)
returns text
language sql
security invoker
set search_path = ''
as $$
  select private.set_staff_name(_user_id, _name);
$$;

comment on function public.set_staff_name(uuid, text) is
  'Admins only: sets a staff member''s display name and returns it as stored (trimmed).';

revoke execute on function public.set_staff_name(uuid, text) from public, anon;
grant execute on function public.set_staff_name(uuid, text) to authenticated;

-- Staff access and the staff list, with names ------------------------------------------------

drop function public.staff_access();
drop function private.staff_access();

create function private.staff_access()
returns table (
  user_id uuid,
  email text,
  roles text[],
  mfa_enrolled boolean,
  last_sign_in_at timestamptz,
  display_name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list staff access.';
  end if;
  return query
    select account.id,
           account.email::text,
           (select pg_catalog.array_agg(granted.role::text order by granted.role::text)
              from public.user_roles as granted
             where granted.user_id = account.id),
           exists (
             select 1 from auth.mfa_factors as factor
              where factor.user_id = account.id and factor.status::text = 'verified'
           ),
           account.last_sign_in_at,
           profile.display_name
      from auth.users as account
      left join public.staff_profiles as profile on profile.user_id = account.id
     where exists (select 1 from public.user_roles as granted where granted.user_id = account.id)
     order by account.email;
end;
$$;

comment on function private.staff_access() is
  'Admins only: every account holding a role, with its roles, whether it has a verified MFA factor, its last sign-in and its display name. Called by public.staff_access().';

revoke execute on function private.staff_access() from public, anon;
grant execute on function private.staff_access() to authenticated;

create function public.staff_access()
returns table (
  user_id uuid,
  email text,
  roles text[],
  mfa_enrolled boolean,
  last_sign_in_at timestamptz,
  display_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select access.user_id, access.email, access.roles, access.mfa_enrolled,
         access.last_sign_in_at, access.display_name
    from private.staff_access() as access;
$$;

comment on function public.staff_access() is
  'Admins only: accounts holding a role, with roles, MFA enrolment (a verified factor), last sign-in and display name (null when none is set), ordered by e-mail.';

revoke execute on function public.staff_access() from public, anon;
grant execute on function public.staff_access() to authenticated;

drop function public.list_staff();
drop function private.list_staff();

create function private.list_staff()
returns table (id uuid, email text, display_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list staff.';
  end if;
  return query
    select staff.id, staff.email::text, profile.display_name
      from auth.users as staff
      left join public.staff_profiles as profile on profile.user_id = staff.id
     where exists (
       select 1
         from public.user_roles as granted
        where granted.user_id = staff.id
          and granted.role = 'admin'
     )
     order by staff.email;
end;
$$;

comment on function private.list_staff() is
  'Id, e-mail and display name of every user holding the admin role; refuses non-admins (42501). Called by public.list_staff().';

revoke execute on function private.list_staff() from public, anon;
grant execute on function private.list_staff() to authenticated, service_role;

create function public.list_staff()
returns table (id uuid, email text, display_name text)
language sql
stable
security invoker
set search_path = ''
as $$
  select staff.id, staff.email, staff.display_name from private.list_staff() as staff;
$$;

comment on function public.list_staff() is
  'Admin-only: the staff an enquiry can be assigned to (id, e-mail, display name or null), ordered by e-mail.';

revoke execute on function public.list_staff() from public, anon;
grant execute on function public.list_staff() to authenticated, service_role;

-- No revoking oneself -------------------------------------------------------------------------

create or replace function private.revoke_admin_role(_email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
  admins integer;
  removed integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may revoke the admin role.';
  end if;
  target := private.account_id_for_email(_email);

  if target = (select auth.uid()) then
    raise exception using
      errcode = 'P0001',
      message = 'You cannot revoke your own admin role. Ask another admin to do it.',
      hint = 'user_roles_self_revoke';
  end if;

  -- two revokes at once must not each see the other admin and remove both.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.user_roles admin'));

  if not private.has_role(target, 'admin') then
    return false;
  end if;

  select pg_catalog.count(*)::integer into admins
    from public.user_roles as granted
   where granted.role = 'admin';

  if admins <= 1 then
    raise exception using
      errcode = 'P0001',
      message = 'The last admin cannot lose the admin role. Grant it to another account first.',
      hint = 'user_roles_last_admin';
  end if;

  with deleted as (
    delete from public.user_roles as granted
     where granted.user_id = target and granted.role = 'admin'
    returning 1
  )
  select pg_catalog.count(*)::integer into removed from deleted;

  perform private.write_privacy_audit(
    'admin_role_revoked', 'user_roles', target::text, pg_catalog.jsonb_build_object('role', 'admin')
  );
  return removed > 0;
end;
$$;

comment on function private.revoke_admin_role(text) is
  'Admins only: removes the admin role from the account with this e-mail (audited admin_role_revoked); refuses the caller''s own account (P0001, hint user_roles_self_revoke) and the last admin (P0001, hint user_roles_last_admin). False when it had no admin role.';
