-- Staff: who may sign in to the staff area and what they are called.
--
-- user_roles says who is an admin; every admin right below also needs a session verified with
-- the second factor (aal2), checked by private.is_admin(). staff_profiles holds display names.
-- The private schema holds the RLS helpers and triggers: it is never exposed through the Data
-- API, so its security definer functions cannot be called from a browser.

CREATE SCHEMA private;

COMMENT ON SCHEMA private IS 'Helpers for RLS policies and triggers. Not exposed through the Data API.';

GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;

CREATE TYPE public.app_role AS ENUM (
    'admin',
    'user'
);

COMMENT ON TYPE public.app_role IS 'Application roles. admin may read and manage enquiries; user has no extra rights.';

CREATE TABLE public.staff_profiles (
    user_id uuid NOT NULL,
    display_name text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_profiles_display_name_length CHECK (((char_length(display_name) >= 1) AND (char_length(display_name) <= 100))),
    CONSTRAINT staff_profiles_display_name_printable CHECK ((display_name !~ '[[:cntrl:]]'::text)),
    CONSTRAINT staff_profiles_display_name_trimmed CHECK ((display_name = btrim(display_name)))
);

COMMENT ON TABLE public.staff_profiles IS 'The display name of each staff account, shown on the staff page, the assignee list and notes. Admins read all; each account reads and renames its own; admins set anyone''s through public.set_staff_name().';

COMMENT ON COLUMN public.staff_profiles.user_id IS 'The staff account (auth.users.id).';

COMMENT ON COLUMN public.staff_profiles.display_name IS 'The name staff see, e.g. "Jo Bloggs": 1 to 100 characters, trimmed, no control characters.';

COMMENT ON COLUMN public.staff_profiles.updated_at IS 'When the name was last set.';

CREATE TABLE public.user_roles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    role public.app_role NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.user_roles IS 'Roles granted to auth users. Written only by the service role; each user may read their own rows.';

COMMENT ON COLUMN public.user_roles.id IS 'Surrogate key.';

COMMENT ON COLUMN public.user_roles.user_id IS 'The auth user holding the role; the row goes when the user is deleted.';

COMMENT ON COLUMN public.user_roles.role IS 'The granted role.';

COMMENT ON COLUMN public.user_roles.created_at IS 'When the role was granted.';

ALTER TABLE ONLY public.staff_profiles
    ADD CONSTRAINT staff_profiles_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_user_id_role_key UNIQUE (user_id, role);

ALTER TABLE public.staff_profiles ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.user_roles ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.staff_profiles FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.staff_profiles TO authenticated;
GRANT SELECT,INSERT,UPDATE ON TABLE public.staff_profiles TO service_role;

GRANT UPDATE(display_name) ON TABLE public.staff_profiles TO authenticated;

REVOKE ALL ON TABLE public.user_roles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_roles TO service_role;
GRANT SELECT ON TABLE public.user_roles TO authenticated;

ALTER TABLE ONLY public.staff_profiles
    ADD CONSTRAINT staff_profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE FUNCTION private.account_id_for_email(_email text) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  address text := private.require_subject_email(_email);
  found uuid;
begin
  select account.id into found
    from auth.users as account
   where pg_catalog.lower(account.email) = address
   limit 1;
  if found is null then
    raise exception using
      errcode = 'P0001',
      message = 'No account uses that e-mail address. The person must have an account before they can be given a role.',
      hint = 'user_roles_account_not_found';
  end if;
  return found;
end;
$$;

COMMENT ON FUNCTION private.account_id_for_email(_email text) IS 'The auth user with this e-mail address (any case), or P0001 (hint user_roles_account_not_found).';

REVOKE ALL ON FUNCTION private.account_id_for_email(_email text) FROM PUBLIC;

CREATE FUNCTION private.has_role(_user_id uuid, _role public.app_role) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1
    from public.user_roles as granted
    where granted.user_id = _user_id
      and granted.role = _role
  );
$$;

COMMENT ON FUNCTION private.has_role(_user_id uuid, _role public.app_role) IS 'True when the user holds the role. For RLS policies: call as (select private.has_role((select auth.uid()), ''admin'')).';

REVOKE ALL ON FUNCTION private.has_role(_user_id uuid, _role public.app_role) FROM PUBLIC;
GRANT ALL ON FUNCTION private.has_role(_user_id uuid, _role public.app_role) TO authenticated;
GRANT ALL ON FUNCTION private.has_role(_user_id uuid, _role public.app_role) TO service_role;

CREATE FUNCTION private.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select auth.jwt() ->> 'aal') = 'aal2', false)
    and private.has_role((select auth.uid()), 'admin');
$$;

COMMENT ON FUNCTION private.is_admin() IS 'True when the caller (auth.uid()) holds the admin role and their JWT is aal2 (second factor verified). For RLS policies and RPCs: (select private.is_admin()).';

REVOKE ALL ON FUNCTION private.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_admin() TO authenticated;
GRANT ALL ON FUNCTION private.is_admin() TO service_role;

CREATE FUNCTION private.grant_admin_role(_email text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  target uuid;
  added integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may grant the admin role.';
  end if;
  target := private.account_id_for_email(_email);

  with inserted as (
    insert into public.user_roles (user_id, role)
    values (target, 'admin')
    on conflict (user_id, role) do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into added from inserted;

  if added > 0 then
    perform private.write_privacy_audit(
      'admin_role_granted', 'user_roles', target::text, pg_catalog.jsonb_build_object('role', 'admin')
    );
  end if;
  return added > 0;
end;
$$;

CREATE FUNCTION public.grant_admin_role(_email text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.grant_admin_role(_email);
$$;

COMMENT ON FUNCTION private.grant_admin_role(_email text) IS 'Admins only: gives the account with this e-mail the admin role (audited admin_role_granted). False when it already had it.';

COMMENT ON FUNCTION public.grant_admin_role(_email text) IS 'Admins only: grants the admin role to an existing account by e-mail; audited admin_role_granted.';

REVOKE ALL ON FUNCTION private.grant_admin_role(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.grant_admin_role(_email text) TO authenticated;

REVOKE ALL ON FUNCTION public.grant_admin_role(_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.grant_admin_role(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.grant_admin_role(_email text) TO service_role;

CREATE FUNCTION private.list_staff() RETURNS TABLE(id uuid, email text, display_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.list_staff() RETURNS TABLE(id uuid, email text, display_name text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select staff.id, staff.email, staff.display_name from private.list_staff() as staff;
$$;

COMMENT ON FUNCTION private.list_staff() IS 'Id, e-mail and display name of every user holding the admin role; refuses non-admins (42501). Called by public.list_staff().';

COMMENT ON FUNCTION public.list_staff() IS 'Admin-only: the staff an enquiry can be assigned to (id, e-mail, display name or null), ordered by e-mail.';

REVOKE ALL ON FUNCTION private.list_staff() FROM PUBLIC;
GRANT ALL ON FUNCTION private.list_staff() TO authenticated;
GRANT ALL ON FUNCTION private.list_staff() TO service_role;

REVOKE ALL ON FUNCTION public.list_staff() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.list_staff() TO authenticated;
GRANT ALL ON FUNCTION public.list_staff() TO service_role;

CREATE FUNCTION private.revoke_admin_role(_email text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.revoke_admin_role(_email text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.revoke_admin_role(_email);
$$;

COMMENT ON FUNCTION private.revoke_admin_role(_email text) IS 'Admins only: removes the admin role from the account with this e-mail (audited admin_role_revoked); refuses the caller''s own account (P0001, hint user_roles_self_revoke) and the last admin (P0001, hint user_roles_last_admin). False when it had no admin role.';

COMMENT ON FUNCTION public.revoke_admin_role(_email text) IS 'Admins only: revokes the admin role by e-mail, never the last admin''s (P0001, hint user_roles_last_admin); audited admin_role_revoked.';

REVOKE ALL ON FUNCTION private.revoke_admin_role(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.revoke_admin_role(_email text) TO authenticated;

REVOKE ALL ON FUNCTION public.revoke_admin_role(_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.revoke_admin_role(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.revoke_admin_role(_email text) TO service_role;

CREATE FUNCTION private.set_staff_name(_user_id uuid, _name text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.set_staff_name(_user_id uuid, _name text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_staff_name(_user_id, _name);
$$;

COMMENT ON FUNCTION private.set_staff_name(_user_id uuid, _name text) IS 'Admins only: sets the display name of an account holding a role (trimmed, 1 to 100 characters); audited admin_staff_name_set. Called by public.set_staff_name().';

COMMENT ON FUNCTION public.set_staff_name(_user_id uuid, _name text) IS 'Admins only: sets a staff member''s display name and returns it as stored (trimmed).';

REVOKE ALL ON FUNCTION private.set_staff_name(_user_id uuid, _name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_staff_name(_user_id uuid, _name text) TO authenticated;

REVOKE ALL ON FUNCTION public.set_staff_name(_user_id uuid, _name text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_staff_name(_user_id uuid, _name text) TO authenticated;
GRANT ALL ON FUNCTION public.set_staff_name(_user_id uuid, _name text) TO service_role;

CREATE FUNCTION private.staff_access() RETURNS TABLE(user_id uuid, email text, roles text[], mfa_enrolled boolean, last_sign_in_at timestamp with time zone, display_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.staff_access() RETURNS TABLE(user_id uuid, email text, roles text[], mfa_enrolled boolean, last_sign_in_at timestamp with time zone, display_name text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select access.user_id, access.email, access.roles, access.mfa_enrolled,
         access.last_sign_in_at, access.display_name
    from private.staff_access() as access;
$$;

COMMENT ON FUNCTION private.staff_access() IS 'Admins only: every account holding a role, with its roles, whether it has a verified MFA factor, its last sign-in and its display name. Called by public.staff_access().';

COMMENT ON FUNCTION public.staff_access() IS 'Admins only: accounts holding a role, with roles, MFA enrolment (a verified factor), last sign-in and display name (null when none is set), ordered by e-mail.';

REVOKE ALL ON FUNCTION private.staff_access() FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_access() TO authenticated;

REVOKE ALL ON FUNCTION public.staff_access() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.staff_access() TO authenticated;
GRANT ALL ON FUNCTION public.staff_access() TO service_role;

CREATE FUNCTION private.staff_display_name(_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  chosen text;
begin
  if pg_catalog.to_regclass('public.staff_profiles') is not null then
    select profile.display_name into chosen
      from public.staff_profiles as profile
     where profile.user_id = _user_id;
  end if;
  if chosen is null then
    select pg_catalog.split_part(account.email, '@', 1) into chosen
      from auth.users as account
     where account.id = _user_id;
  end if;
  return nullif(
    pg_catalog.left(
      pg_catalog.btrim(pg_catalog.regexp_replace(chosen, '[[:cntrl:][:space:]"\\<>]+', ' ', 'g')),
      100
    ),
    ''
  );
end;
$$;

COMMENT ON FUNCTION private.staff_display_name(_user_id uuid) IS 'A staff member''s name for mail and replies: their staff_profiles display_name, else their address''s local part; without control characters, quotes, backslashes or angle brackets, at most 100 characters; null for an unknown account.';

REVOKE ALL ON FUNCTION private.staff_display_name(_user_id uuid) FROM PUBLIC;

CREATE FUNCTION private.touch_staff_profile() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

COMMENT ON FUNCTION private.touch_staff_profile() IS 'Trigger: stamps staff_profiles.updated_at on every change of a name.';

REVOKE ALL ON FUNCTION private.touch_staff_profile() FROM PUBLIC;

CREATE FUNCTION private.unassign_former_admin() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.user_id <> old.user_id)
     and not private.has_role(old.user_id, 'admin') then
    update public.contact_submissions as enquiry
       set assigned_to = null
     where enquiry.assigned_to = old.user_id;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.unassign_former_admin() IS 'AFTER DELETE/UPDATE trigger on user_roles: when an account no longer holds the admin role, the enquiries assigned to it become unassigned (each change audited by the enquiry''s trigger).';

REVOKE ALL ON FUNCTION private.unassign_former_admin() FROM PUBLIC;

CREATE TRIGGER touch_staff_profile BEFORE UPDATE ON public.staff_profiles FOR EACH ROW EXECUTE FUNCTION private.touch_staff_profile();

CREATE TRIGGER user_roles_unassign_former_admin AFTER DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.unassign_former_admin();

CREATE POLICY "admins and the account itself read staff profiles" ON public.staff_profiles FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY "staff at aal2 rename themselves" ON public.staff_profiles FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_admin() AS is_admin))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY "users read their own roles" ON public.user_roles FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));
