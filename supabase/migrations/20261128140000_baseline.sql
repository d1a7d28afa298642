-- Baseline: the whole schema as supabase/schemas/ declares it, one file after another in name
-- order. It replaces the migrations written while the site was built, before any deployment.
-- Later changes are made in supabase/schemas/ and reach a database as new migrations (npm run
-- db:diff drafts one); npm run db:schema-check proves the two agree.

-- ===== supabase/schemas/01_staff.sql =====

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

REVOKE ALL ON FUNCTION public.grant_admin_role(_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.grant_admin_role(_email text) FROM PUBLIC;
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

REVOKE ALL ON FUNCTION public.list_staff() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.list_staff() FROM PUBLIC;
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

REVOKE ALL ON FUNCTION public.revoke_admin_role(_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.revoke_admin_role(_email text) FROM PUBLIC;
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

REVOKE ALL ON FUNCTION public.set_staff_name(_user_id uuid, _name text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_staff_name(_user_id uuid, _name text) FROM PUBLIC;
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

REVOKE ALL ON FUNCTION public.staff_access() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_access() FROM PUBLIC;
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

-- ===== supabase/schemas/02_audit.sql =====

-- Audit: the trail of what staff and the database did.
--
-- Entries are written by the database (triggers and the functions below), never trusted from
-- the browser as they come: a browser may add only the listed sign-in and form events, within an
-- hourly allowance per account and per client address.

CREATE TABLE private.audit_browser_actions (
    action text NOT NULL,
    description text NOT NULL,
    CONSTRAINT audit_browser_actions_browser_only CHECK ((action ~ '^(auth|contact)_[a-z_]+$'::text))
);

COMMENT ON TABLE private.audit_browser_actions IS 'The audit actions a browser may record itself (auth_* and contact_*); every other action, admin_* included, is written only by database code.';

COMMENT ON COLUMN private.audit_browser_actions.action IS 'An audit_log.action value the site''s browser code logs.';

COMMENT ON COLUMN private.audit_browser_actions.description IS 'When the browser logs it.';

CREATE TABLE private.audit_browser_limits (
    id boolean DEFAULT true NOT NULL,
    entries_per_account_per_hour integer DEFAULT 30 NOT NULL,
    entries_per_client_per_hour integer DEFAULT 60 NOT NULL,
    details_max_bytes integer DEFAULT 1024 NOT NULL,
    CONSTRAINT audit_browser_limits_positive CHECK (((entries_per_account_per_hour > 0) AND (entries_per_client_per_hour > 0) AND ((details_max_bytes >= 2) AND (details_max_bytes <= 8192)))),
    CONSTRAINT audit_browser_limits_single_row CHECK (id)
);

COMMENT ON TABLE private.audit_browser_limits IS 'One row: the limits on audit entries browsers add. Change with update, never insert.';

COMMENT ON COLUMN private.audit_browser_limits.id IS 'Always true: the table holds exactly one row.';

COMMENT ON COLUMN private.audit_browser_limits.entries_per_account_per_hour IS 'Browser audit entries accepted from one account in any hour.';

COMMENT ON COLUMN private.audit_browser_limits.entries_per_client_per_hour IS 'Browser audit entries accepted from one client address in any hour (Data API requests only).';

COMMENT ON COLUMN private.audit_browser_limits.details_max_bytes IS 'Largest details object a browser entry may carry, in bytes of its JSON text.';

CREATE TABLE private.audit_browser_writes (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    client_address text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.audit_browser_writes IS 'One row per audit entry a browser added in the last hour: who and from which client address, for the rate limits. Older rows are deleted as new ones arrive.';

COMMENT ON COLUMN private.audit_browser_writes.id IS 'Server-generated key.';

COMMENT ON COLUMN private.audit_browser_writes.user_id IS 'The account that added the entry; the row goes with the account.';

COMMENT ON COLUMN private.audit_browser_writes.client_address IS 'The client address key of the request (private.enquiry_client_address()); null outside a Data API request.';

COMMENT ON COLUMN private.audit_browser_writes.created_at IS 'When the entry was added.';

ALTER TABLE private.audit_browser_writes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.audit_browser_writes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.audit_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    user_id uuid DEFAULT auth.uid(),
    user_email text,
    action text NOT NULL,
    resource text,
    resource_id text,
    details jsonb,
    user_agent text,
    CONSTRAINT audit_log_action_format CHECK (((action ~ '^(admin|auth|contact)_[a-z_]+$'::text) AND (char_length(action) <= 64))),
    CONSTRAINT audit_log_details_object CHECK (((details IS NULL) OR ((jsonb_typeof(details) = 'object'::text) AND (octet_length((details)::text) <= 8192)))),
    CONSTRAINT audit_log_resource_id_length CHECK (((resource_id IS NULL) OR (char_length(resource_id) <= 255))),
    CONSTRAINT audit_log_resource_length CHECK (((resource IS NULL) OR (char_length(resource) <= 100))),
    CONSTRAINT audit_log_user_agent_length CHECK (((user_agent IS NULL) OR (char_length(user_agent) <= 512))),
    CONSTRAINT audit_log_user_email_length CHECK (((user_email IS NULL) OR (char_length(user_email) <= 255)))
);

COMMENT ON TABLE public.audit_log IS 'Audit trail of sign-in, admin and enquiry events. Signed-in users append entries about themselves; only admins read them.';

COMMENT ON COLUMN public.audit_log.id IS 'Server-generated key.';

COMMENT ON COLUMN public.audit_log.created_at IS 'When the event was recorded (an audit entry''s timestamp); set by the server.';

COMMENT ON COLUMN public.audit_log.user_id IS 'The acting user; defaults to the caller. Null once the user is deleted.';

COMMENT ON COLUMN public.audit_log.user_email IS 'The acting user''s e-mail at the time; must match the caller''s token when given.';

COMMENT ON COLUMN public.audit_log.action IS 'Event name: admin_*, auth_* or contact_*, lower case, e.g. auth_sign_in_success.';

COMMENT ON COLUMN public.audit_log.resource IS 'Kind of thing acted on, e.g. contact_submissions.';

COMMENT ON COLUMN public.audit_log.resource_id IS 'Key of the thing acted on, if any.';

COMMENT ON COLUMN public.audit_log.details IS 'Extra facts as a JSON object (at most 8 KB), e.g. {"interest": "ai-ml"}. Never passwords.';

COMMENT ON COLUMN public.audit_log.user_agent IS 'Browser user agent, at most 512 characters.';

ALTER TABLE ONLY private.audit_browser_actions
    ADD CONSTRAINT audit_browser_actions_pkey PRIMARY KEY (action);

ALTER TABLE ONLY private.audit_browser_limits
    ADD CONSTRAINT audit_browser_limits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.audit_browser_writes
    ADD CONSTRAINT audit_browser_writes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE private.audit_browser_actions ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.audit_browser_limits ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.audit_browser_writes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.audit_log TO service_role;
GRANT SELECT ON TABLE public.audit_log TO authenticated;

GRANT INSERT(user_id) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(user_email) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(action) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(resource) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(resource_id) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(details) ON TABLE public.audit_log TO authenticated;

GRANT INSERT(user_agent) ON TABLE public.audit_log TO authenticated;

-- The browser events a signed-in browser may record, and its hourly allowance.
INSERT INTO private.audit_browser_actions (action, description) VALUES
    ('auth_sign_up_success', 'A sign-up was accepted (stored only if it opened a session).'),
    ('auth_sign_up_failed', 'The server refused a sign-up.'),
    ('auth_sign_up_error', 'A sign-up failed before the server answered.'),
    ('auth_sign_in_success', 'A password sign-in succeeded.'),
    ('auth_sign_in_failed', 'The server refused a sign-in.'),
    ('auth_sign_in_error', 'A sign-in failed before the server answered.'),
    ('auth_mfa_enrolled', 'An authenticator app was enrolled and its first code verified.'),
    ('auth_mfa_verified', 'A second-factor code was verified at sign-in.'),
    ('auth_mfa_failed', 'A second-factor code was refused or could not be checked.'),
    ('auth_sign_out', 'A user signed out of the site.'),
    ('auth_staff_sign_out', 'A user signed out from the staff area.'),
    ('contact_form_submitted', 'A signed-in user sent an enquiry.'),
    ('contact_form_failed', 'A signed-in user''s enquiry was refused or failed.')
ON CONFLICT DO NOTHING;

INSERT INTO private.audit_browser_limits DEFAULT VALUES ON CONFLICT DO NOTHING;

ALTER TABLE ONLY private.audit_browser_writes
    ADD CONSTRAINT audit_browser_writes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE FUNCTION private.admit_browser_audit_entry(_action text, _details jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.audit_browser_limits;
  account uuid := auth.uid();
  client text := private.enquiry_client_address();
  recent integer;
begin
  if not exists (select 1 from private.audit_browser_actions as allowed where allowed.action = _action) then
    raise exception using
      errcode = '42501',
      message = pg_catalog.format('The audit action %s cannot be recorded from a browser.', coalesce(_action, 'null')),
      detail = 'Browsers record only the site''s sign-in and enquiry events; admin actions are recorded by the database.',
      hint = 'audit_log_action_not_allowed';
  end if;

  select * into limits from private.audit_browser_limits;

  if _details is not null and (
    pg_catalog.jsonb_typeof(_details) <> 'object'
    or pg_catalog.octet_length(_details::text) > limits.details_max_bytes
    or exists (
      select 1 from pg_catalog.jsonb_each(_details) as field
       where pg_catalog.jsonb_typeof(field.value) in ('object', 'array')
    )
  ) then
    raise exception using
      errcode = '22023',
      message = 'Audit details must be a flat JSON object (no nested objects or arrays) of at most '
        || limits.details_max_bytes || ' bytes.',
      hint = 'audit_log_details_invalid';
  end if;

  -- one lock for every browser entry, so two requests cannot both take the last free place.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('audit_log_browser_writes'));

  delete from private.audit_browser_writes as old
   where old.created_at <= pg_catalog.now() - interval '1 hour';

  select pg_catalog.count(*) into recent
    from private.audit_browser_writes as earlier
   where earlier.user_id = account;
  if recent >= limits.entries_per_account_per_hour then
    raise exception using
      errcode = 'P0001',
      message = 'Too many audit entries from this account. Please try again later.',
      detail = pg_catalog.format('At most %s browser audit entries from one account in an hour.', limits.entries_per_account_per_hour),
      hint = 'audit_log_account_rate_limit';
  end if;

  if client is not null then
    select pg_catalog.count(*) into recent
      from private.audit_browser_writes as earlier
     where earlier.client_address = client;
    if recent >= limits.entries_per_client_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many audit entries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s browser audit entries from one network address in an hour.', limits.entries_per_client_per_hour),
        hint = 'audit_log_client_rate_limit';
    end if;
  end if;

  insert into private.audit_browser_writes (user_id, client_address) values (account, client);
end;
$$;

COMMENT ON FUNCTION private.admit_browser_audit_entry(_action text, _details jsonb) IS 'Checks one audit entry a browser adds (allowed action, flat details within the size cap, per-account and per-client hourly rates) and counts it; raises 42501, 22023 or P0001 otherwise. Called by the audit_log_browser_rules trigger.';

REVOKE ALL ON FUNCTION private.admit_browser_audit_entry(_action text, _details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.admit_browser_audit_entry(_action text, _details jsonb) TO authenticated;

CREATE FUNCTION private.write_enquiry_audit(_action text, _enquiry_id uuid, _details jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    _action,
    'contact_submissions',
    _enquiry_id::text,
    _details
  );
$$;

COMMENT ON FUNCTION private.write_enquiry_audit(_action text, _enquiry_id uuid, _details jsonb) IS 'Appends one audit_log entry about an enquiry for the caller (null user for the service role).';

REVOKE ALL ON FUNCTION private.write_enquiry_audit(_action text, _enquiry_id uuid, _details jsonb) FROM PUBLIC;

CREATE FUNCTION private.audit_enquiry_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- a bulk action, and an undo of a contact, write one entry of their own.
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_bulk_action', true), '') <> ''
     or coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform private.write_enquiry_audit(
      'admin_enquiry_deleted', old.id, pg_catalog.jsonb_build_object('status', old.status)
    );
    return old;
  end if;
  if new.status is distinct from old.status then
    perform private.write_enquiry_audit(
      'admin_enquiry_status_changed',
      new.id,
      pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)
    );
  end if;
  if new.assigned_to is distinct from old.assigned_to then
    perform private.write_enquiry_audit(
      'admin_enquiry_assigned',
      new.id,
      pg_catalog.jsonb_build_object('from', old.assigned_to, 'to', new.assigned_to)
    );
  end if;
  if new.last_contacted_at is distinct from old.last_contacted_at then
    perform private.write_enquiry_audit(
      'admin_enquiry_last_contacted_set',
      new.id,
      pg_catalog.jsonb_build_object('from', old.last_contacted_at, 'to', new.last_contacted_at)
    );
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.audit_enquiry_change() IS 'AFTER UPDATE/DELETE trigger on contact_submissions: one audit_log entry per changed workflow field, and one per deletion; nothing inside a bulk action (kestrel.enquiry_bulk_action set) or an undo of a contact (kestrel.enquiry_contact_undo set), which write their own single entry.';

REVOKE ALL ON FUNCTION private.audit_enquiry_change() FROM PUBLIC;

CREATE FUNCTION private.audit_enquiry_note() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.write_enquiry_audit(
    'admin_enquiry_note_added', new.submission_id, pg_catalog.jsonb_build_object('note_id', new.id)
  );
  return new;
end;
$$;

COMMENT ON FUNCTION private.audit_enquiry_note() IS 'AFTER INSERT trigger on enquiry_notes: records that a note was added (its id, never its text).';

REVOKE ALL ON FUNCTION private.audit_enquiry_note() FROM PUBLIC;

CREATE FUNCTION private.check_browser_audit_entry() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.resource_id is not null and new.resource is distinct from 'mfa_factor' then
      raise exception using
        errcode = '42501',
        message = 'An audit entry from a browser cannot name a record.',
        detail = 'Only the database records what happened to an enquiry or another record.',
        hint = 'audit_log_resource_not_allowed';
    end if;
    perform private.admit_browser_audit_entry(new.action, new.details);
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_browser_audit_entry() IS 'BEFORE INSERT trigger on audit_log: entries inserted with a Data API role''s own rights name no record by id (but their MFA factor) and must pass private.admit_browser_audit_entry(); entries written by security definer code pass unchecked.';

REVOKE ALL ON FUNCTION private.check_browser_audit_entry() FROM PUBLIC;

CREATE FUNCTION private.record_enquiry_export(_exported integer, _status text, _interest text, _timeline text, _searched boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may export enquiries.';
  end if;
  if _exported is null or _exported < 0 or _exported > 1000000 then
    raise exception using
      errcode = '22023',
      message = 'The exported count must be a whole number from 0 to 1000000.';
  end if;
  if (_status is not null and _status !~ '^[a-z_]{1,32}$')
    or (_interest is not null and _interest !~ '^[a-z0-9-]{1,64}$')
    or (_timeline is not null and _timeline !~ '^[a-z0-9-]{1,64}$') then
    raise exception using
      errcode = '22023',
      message = 'The status, interest and timeline filters must be option values (lower-case words), or null.';
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    'admin_export_submissions',
    'contact_submissions',
    pg_catalog.jsonb_build_object(
      'count', _exported,
      'status', _status,
      'interest', _interest,
      'timeline', _timeline,
      'searched', coalesce(_searched, false)
    )
  );
end;
$_$;

CREATE FUNCTION public.record_enquiry_export(exported integer, status text DEFAULT NULL::text, interest text DEFAULT NULL::text, timeline text DEFAULT NULL::text, searched boolean DEFAULT false) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.record_enquiry_export(exported, status, interest, timeline, searched);
$$;

COMMENT ON FUNCTION private.record_enquiry_export(_exported integer, _status text, _interest text, _timeline text, _searched boolean) IS 'Admins only (aal2): records a CSV export of enquiries as admin_export_submissions with the row count, the option filters and whether a search was applied, never the search text. Called by public.record_enquiry_export().';

COMMENT ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) IS 'Admin-only: records that the admin exported `exported` enquiries to CSV, with the status, interest and timeline filters (null for all) and whether a search narrowed them; the search text itself is not stored.';

REVOKE ALL ON FUNCTION private.record_enquiry_export(_exported integer, _status text, _interest text, _timeline text, _searched boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_enquiry_export(_exported integer, _status text, _interest text, _timeline text, _searched boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) TO authenticated;
GRANT ALL ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) TO service_role;

CREATE FUNCTION private.write_admin_audit(_action text, _resource text, _resource_id text, _details jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may record admin actions.';
  end if;
  if _action is null or _action !~ '^admin_[a-z_]+$' then
    raise exception using
      errcode = '22023',
      message = pg_catalog.format('%s is not an admin action.', coalesce(_action, 'null'));
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    _action,
    _resource,
    _resource_id,
    _details
  );
end;
$_$;

COMMENT ON FUNCTION private.write_admin_audit(_action text, _resource text, _resource_id text, _details jsonb) IS 'Appends one admin_* audit entry for the calling admin (aal2); refuses anyone else (42501). For security invoker admin RPCs, whose own inserts would count as a browser''s.';

REVOKE ALL ON FUNCTION private.write_admin_audit(_action text, _resource text, _resource_id text, _details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.write_admin_audit(_action text, _resource text, _resource_id text, _details jsonb) TO authenticated;

CREATE INDEX audit_browser_writes_client_address_idx ON private.audit_browser_writes USING btree (client_address) WHERE (client_address IS NOT NULL);

CREATE INDEX audit_browser_writes_created_at_idx ON private.audit_browser_writes USING btree (created_at);

CREATE INDEX audit_browser_writes_user_id_idx ON private.audit_browser_writes USING btree (user_id);

CREATE INDEX audit_log_created_at_idx ON public.audit_log USING btree (created_at DESC);

CREATE INDEX audit_log_user_id_idx ON public.audit_log USING btree (user_id);

CREATE TRIGGER audit_log_browser_rules BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.check_browser_audit_entry();

CREATE POLICY "admins read the audit log" ON public.audit_log FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "users record their own browser events" ON public.audit_log FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND ((user_email IS NULL) OR (lower(user_email) = lower((( SELECT auth.jwt() AS jwt) ->> 'email'::text))))));

-- ===== supabase/schemas/03_enquiries.sql =====

-- Enquiries: what a visitor sends through the contact form.
--
-- The table's checks repeat the form's rules, so the database refuses what the browser should
-- have. Triggers bound floods (per client address, its /64 or /48 prefix, per mailbox and per
-- hour overall), hold enquiries past the hourly ceiling out of staff alerts, and record the
-- client address apart from the enquiry.

CREATE TABLE public.contact_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    "Name" text NOT NULL,
    "Email" text NOT NULL,
    "Company" text NOT NULL,
    "Job" text,
    "Phone" text,
    "Interest" text NOT NULL,
    "Timeline" text NOT NULL,
    "Message" text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    assigned_to uuid,
    last_contacted_at timestamp with time zone,
    held_at timestamp with time zone,
    first_response_at timestamp with time zone,
    landing_page text,
    referrer_host text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    CONSTRAINT contact_submissions_company_length CHECK (((char_length(btrim("Company")) >= 2) AND (char_length("Company") <= 200))),
    CONSTRAINT contact_submissions_email_format CHECK (("Email" ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT contact_submissions_email_length CHECK ((char_length("Email") <= 255)),
    CONSTRAINT contact_submissions_interest_valid CHECK (("Interest" = ANY (ARRAY['data-strategy'::text, 'cloud-migration'::text, 'digital-transformation'::text, 'ai-ml'::text, 'data-architecture'::text, 'analytics'::text, 'other'::text]))),
    CONSTRAINT contact_submissions_job_length CHECK ((("Job" IS NULL) OR (char_length("Job") <= 100))),
    CONSTRAINT contact_submissions_job_not_blank CHECK ((("Job" IS NULL) OR (btrim("Job") <> ''::text))),
    CONSTRAINT contact_submissions_landing_page_format CHECK (((landing_page IS NULL) OR ((char_length(landing_page) <= 300) AND (landing_page ~ '^/[!-~]*$'::text)))),
    CONSTRAINT contact_submissions_message_length CHECK (((char_length("Message") >= 10) AND (char_length("Message") <= 5000))),
    CONSTRAINT contact_submissions_message_trimmed CHECK (("Message" !~ '^\s|\s$'::text)),
    CONSTRAINT contact_submissions_name_length CHECK (((char_length("Name") >= 2) AND (char_length("Name") <= 100))),
    CONSTRAINT contact_submissions_name_trimmed CHECK (("Name" !~ '^\s|\s$'::text)),
    CONSTRAINT contact_submissions_phone_format CHECK ((("Phone" IS NULL) OR ("Phone" ~ '^[0-9 +()-]*$'::text))),
    CONSTRAINT contact_submissions_phone_length CHECK ((("Phone" IS NULL) OR (char_length("Phone") <= 30))),
    CONSTRAINT contact_submissions_phone_not_blank CHECK ((("Phone" IS NULL) OR (btrim("Phone") <> ''::text))),
    CONSTRAINT contact_submissions_referrer_host_format CHECK (((referrer_host IS NULL) OR ((char_length(referrer_host) <= 253) AND (referrer_host ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'::text)))),
    CONSTRAINT contact_submissions_status_valid CHECK ((status = ANY (ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text]))),
    CONSTRAINT contact_submissions_timeline_valid CHECK (("Timeline" = ANY (ARRAY['immediate'::text, '1-3-months'::text, '3-6-months'::text, '6-plus-months'::text, 'exploring'::text]))),
    CONSTRAINT contact_submissions_utm_campaign_format CHECK (((utm_campaign IS NULL) OR (utm_campaign ~ '^[A-Za-z0-9._~+-]{1,100}$'::text))),
    CONSTRAINT contact_submissions_utm_medium_format CHECK (((utm_medium IS NULL) OR (utm_medium ~ '^[A-Za-z0-9._~+-]{1,100}$'::text))),
    CONSTRAINT contact_submissions_utm_source_format CHECK (((utm_source IS NULL) OR (utm_source ~ '^[A-Za-z0-9._~+-]{1,100}$'::text)))
);

COMMENT ON TABLE public.contact_submissions IS 'Enquiries from the website contact form. Anyone may insert; only admins may read or change them.';

COMMENT ON COLUMN public.contact_submissions.id IS 'Server-generated key; clients cannot set it.';

COMMENT ON COLUMN public.contact_submissions.created_at IS 'When the enquiry arrived; set by the server, clients cannot set it.';

COMMENT ON COLUMN public.contact_submissions."Name" IS 'Full name, trimmed, 2-100 characters.';

COMMENT ON COLUMN public.contact_submissions."Email" IS 'Reply address, at most 255 characters.';

COMMENT ON COLUMN public.contact_submissions."Company" IS 'Company or organisation, 2-200 characters.';

COMMENT ON COLUMN public.contact_submissions."Job" IS 'Job title, optional (null when not given), at most 100 characters.';

COMMENT ON COLUMN public.contact_submissions."Phone" IS 'Phone number, optional (null when not given), at most 30 of: digits, space, + - ( ).';

COMMENT ON COLUMN public.contact_submissions."Interest" IS 'Service interest option value, e.g. data-strategy.';

COMMENT ON COLUMN public.contact_submissions."Timeline" IS 'Project timeline option value, e.g. 1-3-months.';

COMMENT ON COLUMN public.contact_submissions."Message" IS 'Requirements, trimmed, 10-5000 characters.';

COMMENT ON COLUMN public.contact_submissions.status IS 'Where the enquiry stands: new (default), in_progress, won, lost or spam. Admins only.';

COMMENT ON COLUMN public.contact_submissions.assigned_to IS 'The staff member (an auth user holding the admin role) working the enquiry; null when unassigned or the user is deleted.';

COMMENT ON COLUMN public.contact_submissions.last_contacted_at IS 'When staff last contacted the visitor; set by admins, at most a day ahead of the server clock.';

COMMENT ON COLUMN public.contact_submissions.held_at IS 'When the enquiry arrived past the hourly ceiling (enquiries_per_hour) and was held: stored, but no acknowledgement and only a digest to staff. Null when not held or released. Set on insert only by the trigger; anon and authenticated never change it (admins release through public.bulk_enquiry_action); the service role and SQL may.';

COMMENT ON COLUMN public.contact_submissions.first_response_at IS 'When staff first replied or recorded a contact (the first time last_contacted_at was set), by the database clock. Set only by the database; null while unanswered.';

COMMENT ON COLUMN public.contact_submissions.landing_page IS 'The site path the visitor first landed on (starts with /, at most 300 printable characters); null when unknown.';

COMMENT ON COLUMN public.contact_submissions.referrer_host IS 'The host name of the referring site, lowercase, no scheme or path; null when direct or unknown.';

COMMENT ON COLUMN public.contact_submissions.utm_source IS 'The utm_source of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

COMMENT ON COLUMN public.contact_submissions.utm_medium IS 'The utm_medium of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

COMMENT ON COLUMN public.contact_submissions.utm_campaign IS 'The utm_campaign of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

CREATE TABLE private.enquiry_limits (
    id boolean DEFAULT true NOT NULL,
    enquiries_per_client_per_hour integer DEFAULT 10 NOT NULL,
    enquiries_per_hour integer DEFAULT 60 NOT NULL,
    acknowledgements_per_hour integer DEFAULT 30 NOT NULL,
    staff_alerts_per_hour integer DEFAULT 5 NOT NULL,
    digest_delay_seconds integer DEFAULT 900 NOT NULL,
    trusted_proxy_hops integer DEFAULT 1 NOT NULL,
    max_attempts integer DEFAULT 5 NOT NULL,
    retry_base_seconds integer DEFAULT 120 NOT NULL,
    lease_seconds integer DEFAULT 120 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    digest_max_enquiries integer DEFAULT 100 NOT NULL,
    enquiries_per_prefix_per_hour integer DEFAULT 30 NOT NULL,
    held_per_hour integer DEFAULT 500 NOT NULL,
    staff_digests_per_hour integer DEFAULT 3 NOT NULL,
    CONSTRAINT enquiry_limits_digest_max_enquiries CHECK (((digest_max_enquiries >= 1) AND (digest_max_enquiries <= 1000))),
    CONSTRAINT enquiry_limits_flood_bounds CHECK (((enquiries_per_prefix_per_hour > 0) AND (held_per_hour >= 0) AND (staff_digests_per_hour >= 0))),
    CONSTRAINT enquiry_limits_hops CHECK (((trusted_proxy_hops >= 1) AND (trusted_proxy_hops <= 5))),
    CONSTRAINT enquiry_limits_lease_outlasts_send CHECK ((lease_seconds >= 30)),
    CONSTRAINT enquiry_limits_positive CHECK (((enquiries_per_client_per_hour > 0) AND (enquiries_per_hour > 0) AND (acknowledgements_per_hour >= 0) AND (staff_alerts_per_hour >= 0) AND (digest_delay_seconds >= 0) AND ((max_attempts >= 1) AND (max_attempts <= 20)) AND (retry_base_seconds >= 0) AND ((lease_seconds >= 10) AND (lease_seconds <= 3600)))),
    CONSTRAINT enquiry_limits_single_row CHECK (id)
);

COMMENT ON TABLE private.enquiry_limits IS 'One row: the enquiry limits and the notification mail settings. Change with update, never insert.';

COMMENT ON COLUMN private.enquiry_limits.id IS 'Always true: the table holds exactly one row.';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_client_per_hour IS 'Enquiries accepted from one client network address in any hour (Data API requests only).';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_hour IS 'Enquiries accepted from everyone together in any hour (Data API requests only).';

COMMENT ON COLUMN private.enquiry_limits.acknowledgements_per_hour IS 'Acknowledgement e-mails queued in any hour; beyond it the acknowledgement is skipped, the staff alert is still sent.';

COMMENT ON COLUMN private.enquiry_limits.staff_alerts_per_hour IS 'Staff alerts sent one per enquiry in any hour; beyond it enquiries are gathered into one digest e-mail.';

COMMENT ON COLUMN private.enquiry_limits.digest_delay_seconds IS 'How long a digest gathers enquiries before it is sent.';

COMMENT ON COLUMN private.enquiry_limits.trusted_proxy_hops IS 'Which X-Forwarded-For entry is the client, counted from the right: 1 = the one the API gateway appended.';

COMMENT ON COLUMN private.enquiry_limits.max_attempts IS 'Send attempts before a notification e-mail is parked as failed.';

COMMENT ON COLUMN private.enquiry_limits.retry_base_seconds IS 'First retry delay; each further retry doubles it (at most an hour).';

COMMENT ON COLUMN private.enquiry_limits.lease_seconds IS 'How long a claimed mail job belongs to one sender run before another run may take it over; renewed right before each send, so at least 30 (a send is abandoned after 15 s).';

COMMENT ON COLUMN private.enquiry_limits.updated_at IS 'When the limits were last changed.';

COMMENT ON COLUMN private.enquiry_limits.digest_max_enquiries IS 'Most enquiries one staff digest lists; a full digest is closed and the next enquiry opens another.';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_prefix_per_hour IS 'Enquiries accepted from one IPv6 /48 in any hour (Data API requests only); refused past it.';

COMMENT ON COLUMN private.enquiry_limits.held_per_hour IS 'Enquiries stored held in any hour; past it a new enquiry is refused (contact_submissions_global_rate_limit).';

COMMENT ON COLUMN private.enquiry_limits.staff_digests_per_hour IS 'Staff digest e-mails opened in any hour; past it held enquiries wait on the dashboard without a mail.';

CREATE TABLE private.enquiry_sources (
    submission_id uuid NOT NULL,
    client_address text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT enquiry_sources_client_address_length CHECK (((char_length(client_address) >= 1) AND (char_length(client_address) <= 100)))
);

COMMENT ON TABLE private.enquiry_sources IS 'The client network address each enquiry came from, for the per-client limit. Goes with its enquiry.';

COMMENT ON COLUMN private.enquiry_sources.submission_id IS 'The enquiry.';

COMMENT ON COLUMN private.enquiry_sources.client_address IS 'The trusted X-Forwarded-For entry of the request that inserted it.';

COMMENT ON COLUMN private.enquiry_sources.created_at IS 'When the enquiry arrived.';

ALTER TABLE ONLY private.enquiry_limits
    ADD CONSTRAINT enquiry_limits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.enquiry_sources
    ADD CONSTRAINT enquiry_sources_pkey PRIMARY KEY (submission_id);

ALTER TABLE ONLY public.contact_submissions
    ADD CONSTRAINT contact_submissions_pkey PRIMARY KEY (id);

ALTER TABLE private.enquiry_limits ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.enquiry_sources ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.contact_submissions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.contact_submissions FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.contact_submissions TO service_role;
GRANT SELECT,DELETE ON TABLE public.contact_submissions TO authenticated;

GRANT INSERT("Name") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Name") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Name") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Email") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Email") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Email") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Company") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Company") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Company") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Job") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Job") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Job") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Phone") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Phone") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Phone") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Interest") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Interest") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Interest") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Timeline") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Timeline") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Timeline") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Message") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Message") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Message") ON TABLE public.contact_submissions TO service_role;

GRANT UPDATE(status) ON TABLE public.contact_submissions TO service_role;
GRANT UPDATE(status) ON TABLE public.contact_submissions TO authenticated;

GRANT UPDATE(assigned_to) ON TABLE public.contact_submissions TO service_role;
GRANT UPDATE(assigned_to) ON TABLE public.contact_submissions TO authenticated;

GRANT UPDATE(last_contacted_at) ON TABLE public.contact_submissions TO service_role;
GRANT UPDATE(last_contacted_at) ON TABLE public.contact_submissions TO authenticated;

GRANT UPDATE(held_at) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(landing_page) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(landing_page) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(landing_page) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(referrer_host) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(referrer_host) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(referrer_host) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_source) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_source) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_source) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_medium) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_medium) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_medium) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_campaign) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_campaign) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_campaign) ON TABLE public.contact_submissions TO service_role;

GRANT SELECT ON TABLE private.enquiry_limits TO service_role;

-- The one row of limits, at the defaults above.
INSERT INTO private.enquiry_limits DEFAULT VALUES ON CONFLICT DO NOTHING;

ALTER TABLE ONLY private.enquiry_sources
    ADD CONSTRAINT enquiry_sources_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.contact_submissions
    ADD CONSTRAINT contact_submissions_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE FUNCTION private.client_address_key(_entry text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  candidate text := pg_catalog.lower(pg_catalog.btrim(coalesce(_entry, '')));
  address inet;
begin
  if pg_catalog.char_length(candidate) > 100 then
    return null;
  end if;
  if candidate ~ '^\[[^]]*\](:[0-9]{1,5})?$' then
    candidate := pg_catalog.substring(candidate, '^\[([^]]*)\]');
  elsif candidate ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}:[0-9]{1,5}$' then
    candidate := pg_catalog.split_part(candidate, ':', 1);
  end if;
  -- a zone id (fe80::1%eth0) names an interface of the proxy, not the client.
  candidate := pg_catalog.split_part(candidate, '%', 1);

  if candidate !~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$'
     and (candidate !~ '^[0-9a-f:.]+$' or pg_catalog.strpos(candidate, ':') = 0) then
    return null;
  end if;
  begin
    address := candidate::inet;
  exception when data_exception then
    return null;
  end;

  if pg_catalog.family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if pg_catalog.family(address) = 4 then
    return pg_catalog.host(address);
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(address, 64))::text;
end;
$_$;

COMMENT ON FUNCTION private.client_address_key(_entry text) IS 'The per-client limit key of one X-Forwarded-For entry: IPv4 as it is, IPv6 as its /64 network, IPv4-mapped IPv6 as IPv4; brackets, port and zone id dropped; null when it is no address.';

REVOKE ALL ON FUNCTION private.client_address_key(_entry text) FROM PUBLIC;

CREATE FUNCTION private.client_prefix_key(_client text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if _client is null or pg_catalog.strpos(_client, ':') = 0 then
    return null;
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(_client::inet, 48))::text;
exception when data_exception then
  return null;
end;
$$;

COMMENT ON FUNCTION private.client_prefix_key(_client text) IS 'The /48 of an IPv6 client key (the per-prefix limit), null for an IPv4 key or none.';

REVOKE ALL ON FUNCTION private.client_prefix_key(_client text) FROM PUBLIC;

CREATE FUNCTION private.enquiry_client_address() RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  forwarded text;
  entries text[];
  hops integer;
begin
  forwarded := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for';
  if forwarded is null then
    return null;
  end if;
  select limits.trusted_proxy_hops into hops from private.enquiry_limits as limits;
  entries := pg_catalog.regexp_split_to_array(forwarded, '\s*,\s*');
  if pg_catalog.cardinality(entries) < coalesce(hops, 1) then
    return null;
  end if;
  return private.client_address_key(entries[pg_catalog.cardinality(entries) - coalesce(hops, 1) + 1]);
end;
$$;

COMMENT ON FUNCTION private.enquiry_client_address() IS 'The per-client key of the current Data API request: the X-Forwarded-For entry trusted_proxy_hops from the right, through private.client_address_key; null outside a request or for an entry that is no address.';

REVOKE ALL ON FUNCTION private.enquiry_client_address() FROM PUBLIC;

CREATE FUNCTION private.enforce_contact_submission_client_limits() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  client text;
  prefix text;
  recent_count integer;
begin
  new.held_at := null;
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;

  select * into limits from private.enquiry_limits;
  client := private.enquiry_client_address();
  prefix := private.client_prefix_key(client);

  -- one lock for every public insert: the counts below must not be read by two inserts at once,
  -- or both could take the last free place. Enquiries are rare, so the queue is short.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('contact_submissions_client_limits'));

  if client is not null then
    select pg_catalog.count(*)
      into recent_count
      from private.enquiry_sources as earlier
     where earlier.client_address = client
       and earlier.created_at > pg_catalog.now() - interval '1 hour';

    if recent_count >= limits.enquiries_per_client_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s enquiries from one network address in an hour.', limits.enquiries_per_client_per_hour),
        hint = 'contact_submissions_client_rate_limit';
    end if;
  end if;

  if prefix is not null then
    select pg_catalog.count(*)
      into recent_count
      from private.enquiry_sources as earlier
     where pg_catalog.strpos(earlier.client_address, ':') > 0
       and private.client_prefix_key(earlier.client_address) = prefix
       and earlier.created_at > pg_catalog.now() - interval '1 hour';

    if recent_count >= limits.enquiries_per_prefix_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s enquiries from one IPv6 /48 network in an hour.', limits.enquiries_per_prefix_per_hour),
        hint = 'contact_submissions_client_rate_limit';
    end if;
  end if;

  -- held enquiries count too: while a flood lasts, what arrives stays held.
  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where earlier.created_at > pg_catalog.now() - interval '1 hour';

  if recent_count >= limits.enquiries_per_hour then
    select pg_catalog.count(*)
      into recent_count
      from public.contact_submissions as earlier
     where earlier.held_at is not null
       and earlier.created_at > pg_catalog.now() - interval '1 hour';
    if recent_count >= limits.held_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'We are receiving an unusually high number of enquiries. Please try again in an hour.',
        detail = pg_catalog.format('At most %s enquiries are held in an hour past the ceiling of %s.', limits.held_per_hour, limits.enquiries_per_hour),
        hint = 'contact_submissions_global_rate_limit';
    end if;
    new.held_at := pg_catalog.now();
  end if;

  return new;
end;
$$;

COMMENT ON FUNCTION private.enforce_contact_submission_client_limits() IS 'BEFORE INSERT trigger on contact_submissions: refuses Data API inserts past the per-client or per-/48 hourly limit (P0001, hint contact_submissions_client_rate_limit); holds (held_at) those past the hourly ceiling from everyone together, and refuses them once held_per_hour are held (hint contact_submissions_global_rate_limit); held_at is null otherwise.';

REVOKE ALL ON FUNCTION private.enforce_contact_submission_client_limits() FROM PUBLIC;

CREATE FUNCTION private.mailbox_key(_email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  with parts as (
    select pg_catalog.regexp_replace(address, '@[^@]*$', '') as local_part,
           pg_catalog.substring(address, '@([^@]*)$') as domain
      from (select pg_catalog.lower(pg_catalog.btrim(coalesce(_email, ''))) as address) as given
  ),
  untagged as (
    select pg_catalog.split_part(local_part, '+', 1) as local_part, domain from parts
  )
  select case
           when domain in ('gmail.com', 'googlemail.com')
             then pg_catalog.replace(local_part, '.', '') || '@gmail.com'
           when domain is null then local_part
           else local_part || '@' || domain
         end
    from untagged;
$_$;

COMMENT ON FUNCTION private.mailbox_key(_email text) IS 'The mailbox an address delivers to, for per-address limits: lower case, without a +tag, and without the local part''s dots at gmail.com/googlemail.com (spelt @gmail.com).';

REVOKE ALL ON FUNCTION private.mailbox_key(_email text) FROM PUBLIC;

CREATE FUNCTION private.enforce_contact_submission_rate_limit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  max_per_window constant integer := 3;
  time_window constant interval := interval '15 minutes';
  mailbox text := private.mailbox_key(new."Email");
  recent_count integer;
begin
  -- serialise concurrent enquiries for the same mailbox, so two simultaneous requests cannot
  -- both see 2 earlier rows and both get in; the lock ends with the transaction.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('contact_submissions_rate_limit:' || mailbox)
  );

  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where private.mailbox_key(earlier."Email") = mailbox
     and earlier.created_at > pg_catalog.now() - time_window;

  if recent_count >= max_per_window then
    raise exception using
      errcode = 'P0001',
      message = 'Too many enquiries from this email address. Please try again later.',
      detail = 'At most 3 enquiries per email address in 15 minutes.',
      hint = 'contact_submissions_rate_limit';
  end if;

  return new;
end;
$$;

COMMENT ON FUNCTION private.enforce_contact_submission_rate_limit() IS 'BEFORE INSERT trigger on contact_submissions: refuses a 4th enquiry to one mailbox (private.mailbox_key) within 15 minutes (P0001, hint contact_submissions_rate_limit).';

REVOKE ALL ON FUNCTION private.enforce_contact_submission_rate_limit() FROM PUBLIC;

CREATE FUNCTION private.guard_enquiry_hold() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.held_at is distinct from old.held_at
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not (
       new.held_at is null
       and coalesce(pg_catalog.current_setting('kestrel.enquiry_bulk_action', true), '') = 'release'
     ) then
    raise exception using
      errcode = 'P0001',
      message = 'The hold is set by the database. Release held enquiries with the release action.',
      hint = 'contact_submissions_hold_read_only';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_enquiry_hold() IS 'BEFORE UPDATE trigger on contact_submissions: anon and authenticated never set or change held_at; only the admin release action clears it (P0001, hint contact_submissions_hold_read_only). The service role and direct SQL are not bound.';

REVOKE ALL ON FUNCTION private.guard_enquiry_hold() FROM PUBLIC;

CREATE FUNCTION private.record_enquiry_source() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  client text;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    client := private.enquiry_client_address();
    if client is not null then
      insert into private.enquiry_sources (submission_id, client_address, created_at)
      values (new.id, client, new.created_at);
    end if;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.record_enquiry_source() IS 'AFTER INSERT trigger on contact_submissions: records the client address of a Data API insert for the per-client limit.';

REVOKE ALL ON FUNCTION private.record_enquiry_source() FROM PUBLIC;

CREATE INDEX enquiry_sources_client_address_created_at_idx ON private.enquiry_sources USING btree (client_address, created_at DESC);

CREATE INDEX enquiry_sources_client_prefix_created_at_idx ON private.enquiry_sources USING btree (private.client_prefix_key(client_address), created_at DESC) WHERE (strpos(client_address, ':'::text) > 0);

CREATE INDEX contact_submissions_assigned_to_idx ON public.contact_submissions USING btree (assigned_to);

CREATE INDEX contact_submissions_awaiting_reply_idx ON public.contact_submissions USING btree (created_at) WHERE ((first_response_at IS NULL) AND (held_at IS NULL) AND (status = ANY (ARRAY['new'::text, 'in_progress'::text])));

CREATE INDEX contact_submissions_company_key_idx ON public.contact_submissions USING btree (lower(regexp_replace("Company", '\s'::text, ''::text, 'g'::text)), created_at DESC);

COMMENT ON INDEX public.contact_submissions_company_key_idx IS 'The company without spaces in lower case, newest first: serves public.related_enquiries.';

CREATE INDEX contact_submissions_created_at_idx ON public.contact_submissions USING btree (created_at DESC);

CREATE INDEX contact_submissions_email_created_at_idx ON public.contact_submissions USING btree (lower("Email"), created_at DESC);

CREATE INDEX contact_submissions_held_idx ON public.contact_submissions USING btree (created_at DESC) WHERE (held_at IS NOT NULL);

CREATE INDEX contact_submissions_status_created_at_idx ON public.contact_submissions USING btree (status, created_at DESC);

CREATE TRIGGER contact_submissions_audit_change AFTER DELETE OR UPDATE OF status, assigned_to, last_contacted_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.audit_enquiry_change();

CREATE TRIGGER contact_submissions_client_limits BEFORE INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.enforce_contact_submission_client_limits();

CREATE TRIGGER contact_submissions_guard_hold BEFORE UPDATE OF held_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.guard_enquiry_hold();

CREATE TRIGGER contact_submissions_rate_limit BEFORE INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.enforce_contact_submission_rate_limit();

CREATE TRIGGER contact_submissions_record_source AFTER INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.record_enquiry_source();

CREATE POLICY "admins delete enquiries" ON public.contact_submissions FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiries" ON public.contact_submissions FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins update enquiries" ON public.contact_submissions FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "signed-in users submit enquiries" ON public.contact_submissions FOR INSERT TO authenticated WITH CHECK (((created_at = now()) AND (id IS NOT NULL)));

CREATE POLICY "visitors submit enquiries" ON public.contact_submissions FOR INSERT TO anon WITH CHECK (((created_at = now()) AND (id IS NOT NULL)));

-- ===== supabase/schemas/04_mail_outbox.sql =====

-- The mail outbox: every e-mail the site sends is queued here by the database.
--
-- The send-enquiry-mail Edge Function claims due jobs with a lease, sends them and records the
-- outcome; a failed job is retried with backoff until its attempts run out, then shown to staff.
-- Staff replies are capped per hour, per author and overall.

CREATE TABLE private.enquiry_mail_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    submission_id uuid,
    recipient text,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    skip_reason text,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    claim_token uuid,
    lease_until timestamp with time zone,
    last_error text,
    provider_message_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT enquiry_mail_jobs_kind_valid CHECK ((kind = ANY (ARRAY['staff_alert'::text, 'staff_digest'::text, 'acknowledgement'::text, 'reply'::text, 'reply_reminder'::text, 'reply_escalation'::text, 'weekly_summary'::text, 'follow_up_reminder'::text]))),
    CONSTRAINT enquiry_mail_jobs_last_error_length CHECK (((last_error IS NULL) OR (char_length(last_error) <= 1000))),
    CONSTRAINT enquiry_mail_jobs_payload_object CHECK ((jsonb_typeof(payload) = 'object'::text)),
    CONSTRAINT enquiry_mail_jobs_recipient_by_kind CHECK (
CASE
    WHEN (kind = ANY (ARRAY['acknowledgement'::text, 'reply'::text])) THEN (recipient IS NOT NULL)
    WHEN (kind = ANY (ARRAY['reply_reminder'::text, 'follow_up_reminder'::text])) THEN true
    ELSE (recipient IS NULL)
END),
    CONSTRAINT enquiry_mail_jobs_skip_reason CHECK (((status = 'skipped'::text) = (skip_reason IS NOT NULL))),
    CONSTRAINT enquiry_mail_jobs_status_valid CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'skipped'::text])))
);

COMMENT ON TABLE private.enquiry_mail_jobs IS 'Outbox of enquiry e-mails, written in the enquiry insert transaction and drained by the send-enquiry-mail Edge Function.';

COMMENT ON COLUMN private.enquiry_mail_jobs.id IS 'Job key; also the Idempotency-Key of the mail request, so a job is mailed at most once.';

COMMENT ON COLUMN private.enquiry_mail_jobs.kind IS 'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary or follow_up_reminder.';

COMMENT ON COLUMN private.enquiry_mail_jobs.submission_id IS 'The enquiry of a staff alert or acknowledgement; null for a digest, or once the enquiry is deleted.';

COMMENT ON COLUMN private.enquiry_mail_jobs.recipient IS 'The enquirer''s address (acknowledgement, reply), the assignee''s (reply_reminder) or the assignee''s or setter''s (follow_up_reminder); null for staff mail, which goes to the sender''s configured address.';

COMMENT ON COLUMN private.enquiry_mail_jobs.payload IS 'What staff mail shows: {"enquiries": [...]} snapshots taken at insert; {} for acknowledgements.';

COMMENT ON COLUMN private.enquiry_mail_jobs.status IS 'pending, sending (claimed), sent, failed (parked after max_attempts) or skipped (never sent).';

COMMENT ON COLUMN private.enquiry_mail_jobs.skip_reason IS 'Why a skipped job is not sent, e.g. acknowledgement_hourly_cap.';

COMMENT ON COLUMN private.enquiry_mail_jobs.attempts IS 'Claims so far; each claim is one send attempt.';

COMMENT ON COLUMN private.enquiry_mail_jobs.next_attempt_at IS 'Not claimed before this time (backoff, digest gathering).';

COMMENT ON COLUMN private.enquiry_mail_jobs.claim_token IS 'Token of the current claim; completing or failing needs it, so a run whose lease expired cannot change a job another run owns.';

COMMENT ON COLUMN private.enquiry_mail_jobs.lease_until IS 'A sending job whose lease passed may be claimed again.';

COMMENT ON COLUMN private.enquiry_mail_jobs.last_error IS 'The last send failure, for admins.';

COMMENT ON COLUMN private.enquiry_mail_jobs.provider_message_id IS 'The mail API''s id of the sent message.';

COMMENT ON COLUMN private.enquiry_mail_jobs.created_at IS 'When the job was queued.';

COMMENT ON COLUMN private.enquiry_mail_jobs.updated_at IS 'When the job last changed.';

COMMENT ON COLUMN private.enquiry_mail_jobs.sent_at IS 'When the mail API accepted the message.';

CREATE TABLE private.reply_mail_limits (
    only_row boolean DEFAULT true NOT NULL,
    per_staff_per_hour integer DEFAULT 20 NOT NULL,
    per_hour integer DEFAULT 60 NOT NULL,
    CONSTRAINT reply_mail_limits_one_row CHECK (only_row),
    CONSTRAINT reply_mail_limits_positive CHECK (((per_staff_per_hour > 0) AND (per_hour > 0)))
);

COMMENT ON TABLE private.reply_mail_limits IS 'How many reply mails may leave in an hour: per staff member and for the whole team. One row.';

COMMENT ON COLUMN private.reply_mail_limits.only_row IS 'Always true: the table holds one row.';

COMMENT ON COLUMN private.reply_mail_limits.per_staff_per_hour IS 'Reply mails one staff member may send in any hour.';

COMMENT ON COLUMN private.reply_mail_limits.per_hour IS 'Reply mails the whole team may send in any hour.';

CREATE TABLE private.reply_mail_releases (
    job_id uuid NOT NULL,
    author_id uuid,
    released_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.reply_mail_releases IS 'Each reply mail put on its way in the last hour (queued or re-queued), counted against the caps in private.reply_mail_limits; rows older than an hour are deleted by the next reply.';

COMMENT ON COLUMN private.reply_mail_releases.job_id IS 'The reply''s mail job.';

COMMENT ON COLUMN private.reply_mail_releases.author_id IS 'The staff member whose reply it is (auth.users.id).';

COMMENT ON COLUMN private.reply_mail_releases.released_at IS 'When it was queued or re-queued.';

ALTER TABLE ONLY private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.reply_mail_limits
    ADD CONSTRAINT reply_mail_limits_pkey PRIMARY KEY (only_row);

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_pkey PRIMARY KEY (job_id);

ALTER TABLE private.enquiry_mail_jobs ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.reply_mail_limits ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.reply_mail_releases ENABLE ROW LEVEL SECURITY;

GRANT SELECT ON TABLE private.enquiry_mail_jobs TO authenticated;
GRANT SELECT,UPDATE ON TABLE private.enquiry_mail_jobs TO service_role;

GRANT UPDATE(status) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(attempts) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(next_attempt_at) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(updated_at) ON TABLE private.enquiry_mail_jobs TO authenticated;

-- The one row of reply caps, at the defaults above.
INSERT INTO private.reply_mail_limits DEFAULT VALUES ON CONFLICT DO NOTHING;

ALTER TABLE ONLY private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_job_id_fkey FOREIGN KEY (job_id) REFERENCES private.enquiry_mail_jobs(id) ON DELETE CASCADE;

CREATE FUNCTION private.reply_mail_over_cap(_author_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.reply_mail_limits;
  recent integer;
begin
  select * into limits from private.reply_mail_limits;
  -- one lock for every reply: two replies must not both take the last free place.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('reply_mail_releases'));

  delete from private.reply_mail_releases as old
   where old.released_at <= pg_catalog.now() - interval '1 hour';

  select pg_catalog.count(*)::integer into recent
    from private.reply_mail_releases as earlier
   where earlier.author_id = _author_id;
  if recent >= limits.per_staff_per_hour then
    return pg_catalog.format(
      'Held for review: more than %s replies from one staff member in an hour.',
      limits.per_staff_per_hour
    );
  end if;

  select pg_catalog.count(*)::integer into recent from private.reply_mail_releases;
  if recent >= limits.per_hour then
    return pg_catalog.format('Held for review: more than %s replies from the team in an hour.', limits.per_hour);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.reply_mail_over_cap(_author_id uuid) IS 'Null when one more reply mail from _author_id stays within the hourly caps, else the reason it would not; takes the lock the caller holds until it records the release in private.reply_mail_releases.';

REVOKE ALL ON FUNCTION private.reply_mail_over_cap(_author_id uuid) FROM PUBLIC;

CREATE FUNCTION private.check_reply_mail_requeue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  author uuid;
  held_reason text;
begin
  if new.kind = 'reply' and old.status = 'failed' and new.status = 'pending' then
    select reply.author_id into author
      from public.enquiry_replies as reply
     where reply.id::text = new.payload ->> 'reply_id';
    held_reason := private.reply_mail_over_cap(author);
    if held_reason is not null then
      raise exception using
        errcode = 'P0001',
        message = 'Too many replies have left in the last hour to re-send this one now. Try again later.',
        detail = held_reason,
        hint = 'enquiry_reply_hourly_limit';
    end if;
    insert into private.reply_mail_releases (job_id, author_id)
    values (new.id, author)
    on conflict (job_id) do update set released_at = excluded.released_at;
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_reply_mail_requeue() IS 'BEFORE UPDATE trigger on enquiry_mail_jobs: a reply mail re-queued from failed counts against the hourly caps and is refused past them (P0001, hint enquiry_reply_hourly_limit).';

REVOKE ALL ON FUNCTION private.check_reply_mail_requeue() FROM PUBLIC;

CREATE FUNCTION private.digest_entry_is_live(_entry jsonb) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  -- an id that is not a uuid names no enquiry (and must not stop a retention run with a cast
  -- error).
  select exists (
    select 1
      from public.contact_submissions as enquiry
     where enquiry.id = case
             when _entry ->> 'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then (_entry ->> 'id')::uuid
           end
  );
$_$;

COMMENT ON FUNCTION private.digest_entry_is_live(_entry jsonb) IS 'True when a digest entry''s id names an enquiry that still exists.';

REVOKE ALL ON FUNCTION private.digest_entry_is_live(_entry jsonb) FROM PUBLIC;

CREATE FUNCTION private.queue_enquiry_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  entry jsonb;
  recent_count integer;
  digest_id uuid;
  held boolean := new.held_at is not null;
begin
  select * into limits from private.enquiry_limits;

  entry := pg_catalog.jsonb_build_object(
    'id', new.id,
    'created_at', new.created_at,
    'name', new."Name",
    'email', new."Email",
    'company', new."Company",
    'job', new."Job",
    'phone', new."Phone",
    'interest', new."Interest",
    'timeline', new."Timeline",
    'message', new."Message",
    'held', held
  );

  -- the hourly counts decide alert or digest, send or skip: two inserts must not both read a
  -- count below the threshold.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('enquiry_mail_jobs_queue'));

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'staff_alert'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  if not held and recent_count < limits.staff_alerts_per_hour then
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    values ('staff_alert', new.id, pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)));
  else
    -- an open digest is one no sender has claimed yet and that is not full.
    select job.id
      into digest_id
      from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and job.status = 'pending'
       and job.attempts = 0
       and pg_catalog.jsonb_array_length(job.payload -> 'enquiries') < limits.digest_max_enquiries
     order by job.created_at
     limit 1
       for update;

    if digest_id is not null then
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(job.payload, '{enquiries}', (job.payload -> 'enquiries') || pg_catalog.jsonb_build_array(entry)),
             updated_at = pg_catalog.now()
       where job.id = digest_id;
    else
      select pg_catalog.count(*)
        into recent_count
        from private.enquiry_mail_jobs as job
       where job.kind = 'staff_digest'
         and job.created_at > pg_catalog.now() - interval '1 hour';
      -- past the cap the enquiry is only on the dashboard (Held, or the list), never lost.
      if recent_count < limits.staff_digests_per_hour then
        insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at)
        values (
          'staff_digest',
          pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)),
          pg_catalog.now() + pg_catalog.make_interval(secs => limits.digest_delay_seconds)
        );
      end if;
    end if;
  end if;

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'acknowledgement'
     and job.status <> 'skipped'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, status, skip_reason)
  values (
    'acknowledgement',
    new.id,
    new."Email",
    case when not held and recent_count < limits.acknowledgements_per_hour then 'pending' else 'skipped' end,
    case
      when held then 'enquiry_held'
      when recent_count < limits.acknowledgements_per_hour then null
      else 'acknowledgement_hourly_cap'
    end
  );

  return null;
end;
$$;

COMMENT ON FUNCTION private.queue_enquiry_mail() IS 'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry, at most digest_max_enquiries a digest and staff_digests_per_hour digests an hour) and the acknowledgement in the same transaction; a held enquiry goes to a digest and its acknowledgement is skipped (enquiry_held).';

REVOKE ALL ON FUNCTION private.queue_enquiry_mail() FROM PUBLIC;

CREATE FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer DEFAULT 10) RETURNS TABLE(id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
begin
  select * into limits from private.enquiry_limits;

  -- a claim whose lease ran out on its last allowed attempt is parked rather than tried again.
  update private.enquiry_mail_jobs as job
     set status = 'failed',
         claim_token = null,
         lease_until = null,
         last_error = coalesce(job.last_error, 'The sender stopped before it finished the last attempt.'),
         updated_at = pg_catalog.now()
   where job.status = 'sending'
     and job.lease_until <= pg_catalog.now()
     and job.attempts >= limits.max_attempts;

  return query
  with due as (
    select job.id
      from private.enquiry_mail_jobs as job
     where (job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
        or (job.status = 'sending' and job.lease_until <= pg_catalog.now())
     order by job.next_attempt_at
     limit greatest(1, least(coalesce(max_jobs, 10), 50))
       for update skip locked
  )
  update private.enquiry_mail_jobs as job
     set status = 'sending',
         attempts = job.attempts + 1,
         claim_token = gen_random_uuid(),
         lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => limits.lease_seconds),
         updated_at = pg_catalog.now()
    from due
   where job.id = due.id
  returning job.id, job.kind, job.recipient, job.payload, job.attempts, job.claim_token;
end;
$$;

COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens.';

REVOKE ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) TO service_role;

CREATE FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text DEFAULT NULL::text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  -- claim is the claim the message was sent under. It need not be current any more: the mail
  -- API accepted the message, so the job was sent even if its lease ran out during the send.
  with done as (
    update private.enquiry_mail_jobs as job
       set status = 'sent',
           sent_at = pg_catalog.now(),
           provider_message_id = pg_catalog.left(message_id, 200),
           payload = case
             when job.kind = 'reply' then pg_catalog.jsonb_strip_nulls(
               pg_catalog.jsonb_build_object('reply_id', job.payload -> 'reply_id')
             )
             when job.payload ? 'enquiries' then pg_catalog.jsonb_build_object(
               'enquiries',
               coalesce(
                 (select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', entry -> 'id'))
                    from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry),
                 '[]'::jsonb
               )
             )
             else job.payload
           end,
           claim_token = null,
           lease_until = null,
           last_error = null,
           updated_at = pg_catalog.now()
     where job.id = job_id
       and job.status in ('sending', 'pending', 'failed')
    returning 1
  )
  select exists (select 1 from done)
      or exists (
        select 1 from private.enquiry_mail_jobs as job where job.id = job_id and job.status = 'sent'
      );
$$;

COMMENT ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) IS 'Sender only (service_role): records that the mail API accepted a job''s message (status sent, its message id), whether or not the claim is still current, and trims what the job carried: a staff job keeps only the enquiry ids of its snapshot, a reply only its reply_id. True when the job is now recorded as sent (an earlier record is kept), false for an unknown or skipped job.';

REVOKE ALL ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) TO service_role;

CREATE FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  new_status text;
begin
  select * into limits from private.enquiry_limits;

  update private.enquiry_mail_jobs as job
     set status = case when job.attempts >= limits.max_attempts then 'failed' else 'pending' end,
         next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(
           secs => least(3600, limits.retry_base_seconds * pg_catalog.power(2, greatest(job.attempts - 1, 0)))
         ),
         last_error = pg_catalog.left(coalesce(error, 'unknown error'), 1000),
         claim_token = null,
         lease_until = null,
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.claim_token = claim
     and job.status = 'sending'
  returning job.status into new_status;

  return new_status;
end;
$$;

COMMENT ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) IS 'Sender only (service_role): records a failed send; the job is retried with exponential backoff, or parked as failed after max_attempts. Returns the new status, null when the claim is no longer current.';

REVOKE ALL ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) TO service_role;

CREATE FUNCTION public.list_failed_enquiry_mail() RETURNS TABLE(id uuid, kind text, submission_id uuid, recipient text, enquiry_count integer, attempts integer, last_error text, created_at timestamp with time zone, updated_at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list notification e-mails that could not be sent.';
  end if;

  return query
  select job.id, job.kind, job.submission_id, job.recipient,
         coalesce(pg_catalog.jsonb_array_length(job.payload -> 'enquiries'), 0)::integer,
         job.attempts, job.last_error, job.created_at, job.updated_at
    from private.enquiry_mail_jobs as job
   where job.status = 'failed'
   order by job.created_at desc
   limit 200;
end;
$$;

COMMENT ON FUNCTION public.list_failed_enquiry_mail() IS 'Admins only: notification e-mails parked after their last attempt, newest first (at most 200).';

REVOKE ALL ON FUNCTION public.list_failed_enquiry_mail() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.list_failed_enquiry_mail() FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_failed_enquiry_mail() TO authenticated;
GRANT ALL ON FUNCTION public.list_failed_enquiry_mail() TO service_role;

CREATE FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  renewed_id uuid;
begin
  select * into limits from private.enquiry_limits;

  -- a lease that ran out may still be renewed while no other run has claimed the job: claiming
  -- replaces the token under the row lock, so a stale claim never matches.
  update private.enquiry_mail_jobs as job
     set lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => limits.lease_seconds),
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.claim_token = claim
     and job.status = 'sending'
  returning job.id into renewed_id;

  return renewed_id is not null;
end;
$$;

COMMENT ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) IS 'Sender only (service_role): extends a claimed job''s lease by lease_seconds from now, right before the job is sent. False when the claim is no longer current (another run took the job over, or it was recorded as sent): the job must not be sent.';

REVOKE ALL ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) TO service_role;

CREATE FUNCTION public.retry_failed_enquiry_mail(job_id uuid) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  retried private.enquiry_mail_jobs;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may re-send notification e-mails.';
  end if;

  update private.enquiry_mail_jobs as job
     set status = 'pending',
         attempts = 0,
         next_attempt_at = pg_catalog.now(),
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.status = 'failed'
  returning job.* into retried;

  if retried.id is null then
    return false;
  end if;

  perform private.write_admin_audit(
    'admin_enquiry_mail_retried',
    'enquiry_mail_jobs',
    retried.id::text,
    pg_catalog.jsonb_build_object('kind', retried.kind, 'last_error', pg_catalog.left(retried.last_error, 300))
  );
  return true;
end;
$$;

COMMENT ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) IS 'Admins only: puts a failed notification e-mail back in the queue with fresh attempts, and records it in audit_log. False when it is not a failed job.';

REVOKE ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) TO service_role;

CREATE INDEX enquiry_mail_jobs_kind_created_at_idx ON private.enquiry_mail_jobs USING btree (kind, created_at DESC);

CREATE UNIQUE INDEX enquiry_mail_jobs_one_reply_reminder_idx ON private.enquiry_mail_jobs USING btree (submission_id, kind) WHERE (kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text]));

CREATE UNIQUE INDEX enquiry_mail_jobs_one_weekly_summary_idx ON private.enquiry_mail_jobs USING btree (((payload ->> 'week_start'::text))) WHERE (kind = 'weekly_summary'::text);

CREATE INDEX enquiry_mail_jobs_status_next_attempt_at_idx ON private.enquiry_mail_jobs USING btree (status, next_attempt_at);

CREATE INDEX enquiry_mail_jobs_submission_id_idx ON private.enquiry_mail_jobs USING btree (submission_id);

CREATE INDEX reply_mail_releases_author_idx ON private.reply_mail_releases USING btree (author_id, released_at);

CREATE INDEX reply_mail_releases_released_at_idx ON private.reply_mail_releases USING btree (released_at);

CREATE TRIGGER enquiry_mail_jobs_reply_requeue BEFORE UPDATE OF status ON private.enquiry_mail_jobs FOR EACH ROW EXECUTE FUNCTION private.check_reply_mail_requeue();

CREATE TRIGGER contact_submissions_queue_mail AFTER INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.queue_enquiry_mail();

CREATE POLICY "admins re-queue failed mail jobs" ON private.enquiry_mail_jobs FOR UPDATE TO authenticated USING ((( SELECT private.is_admin() AS is_admin) AND (status = 'failed'::text))) WITH CHECK ((( SELECT private.is_admin() AS is_admin) AND (status = 'pending'::text)));

CREATE POLICY "admins read mail jobs" ON private.enquiry_mail_jobs FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

-- ===== supabase/schemas/05_workflow.sql =====

-- The enquiry workflow: how staff work an enquiry to an outcome.
--
-- Status, assignee, notes, replies and logged calls, read marks, follow-ups, related enquiries,
-- the timeline, bulk actions and the staff list's search and counts. Every change is checked
-- and audited here, whatever the browser sends.

CREATE TABLE public.enquiry_reads (
    user_id uuid NOT NULL,
    submission_id uuid NOT NULL,
    read_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.enquiry_reads IS 'Which enquiries each staff member has opened: an enquiry is unread for a staff member until they open it. Written only by public.mark_enquiry_read(); each admin reads their own rows.';

COMMENT ON COLUMN public.enquiry_reads.user_id IS 'The staff account that opened the enquiry (auth.users.id).';

COMMENT ON COLUMN public.enquiry_reads.submission_id IS 'The enquiry opened (contact_submissions.id).';

COMMENT ON COLUMN public.enquiry_reads.read_at IS 'When that staff member last marked it opened.';

CREATE TABLE public.enquiry_follow_ups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    due_on date NOT NULL,
    note text,
    state text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    set_by uuid,
    set_by_email text,
    closed_at timestamp with time zone,
    closed_by uuid,
    closed_by_email text,
    reminded_at timestamp with time zone,
    CONSTRAINT enquiry_follow_ups_closed_by_email_length CHECK (((closed_by_email IS NULL) OR (char_length(closed_by_email) <= 255))),
    CONSTRAINT enquiry_follow_ups_closed_when_not_open CHECK (((state = 'open'::text) = (closed_at IS NULL))),
    CONSTRAINT enquiry_follow_ups_note_length CHECK (((note IS NULL) OR ((char_length(note) >= 1) AND (char_length(note) <= 5000)))),
    CONSTRAINT enquiry_follow_ups_note_trimmed CHECK ((note !~ '^\s|\s$'::text)),
    CONSTRAINT enquiry_follow_ups_set_by_email_length CHECK (((set_by_email IS NULL) OR (char_length(set_by_email) <= 255))),
    CONSTRAINT enquiry_follow_ups_state_valid CHECK ((state = ANY (ARRAY['open'::text, 'done'::text, 'cleared'::text, 'replaced'::text])))
);

COMMENT ON TABLE public.enquiry_follow_ups IS 'When staff mean to get back to an enquiry: a date and an optional note. At most one open per enquiry; done, cleared and replaced ones stay as history. Written only by the follow-up RPCs; admins read them; deleted with the enquiry.';

COMMENT ON COLUMN public.enquiry_follow_ups.id IS 'Server-generated key.';

COMMENT ON COLUMN public.enquiry_follow_ups.submission_id IS 'The enquiry; the follow-up is deleted with it.';

COMMENT ON COLUMN public.enquiry_follow_ups.due_on IS 'The day to follow up, a London calendar day; today or later when set.';

COMMENT ON COLUMN public.enquiry_follow_ups.note IS 'What to follow up about: trimmed, 1-5000 characters, or null.';

COMMENT ON COLUMN public.enquiry_follow_ups.state IS 'open, done, cleared (removed from the record by staff) or replaced (a newer follow-up was set).';

COMMENT ON COLUMN public.enquiry_follow_ups.created_at IS 'When it was set, by the database clock.';

COMMENT ON COLUMN public.enquiry_follow_ups.set_by IS 'The staff member who set it; null once the account is deleted.';

COMMENT ON COLUMN public.enquiry_follow_ups.set_by_email IS 'Their address at the time, kept when the account is deleted; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_at IS 'When it was marked done, cleared or replaced; null while open.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_by IS 'The staff member who closed it; null once the account is deleted.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_by_email IS 'Their address at the time; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_follow_ups.reminded_at IS 'When its reminder mail was queued; set once, by private.send_follow_up_reminders().';

CREATE TABLE public.enquiry_notes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    author_id uuid,
    author_email text,
    body text NOT NULL,
    CONSTRAINT enquiry_notes_author_email_length CHECK (((author_email IS NULL) OR (char_length(author_email) <= 255))),
    CONSTRAINT enquiry_notes_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 5000))),
    CONSTRAINT enquiry_notes_body_trimmed CHECK ((body !~ '^\s|\s$'::text))
);

COMMENT ON TABLE public.enquiry_notes IS 'Internal staff notes on an enquiry. Append-only: admins add and read them; they go only with their enquiry.';

COMMENT ON COLUMN public.enquiry_notes.id IS 'Server-generated key.';

COMMENT ON COLUMN public.enquiry_notes.submission_id IS 'The enquiry the note is about; the note is deleted with it.';

COMMENT ON COLUMN public.enquiry_notes.created_at IS 'When the note was written; set by the server.';

COMMENT ON COLUMN public.enquiry_notes.author_id IS 'The staff member who wrote it (the caller, stamped by a trigger); null through the service role or once the user is deleted.';

COMMENT ON COLUMN public.enquiry_notes.author_email IS 'The author''s e-mail from their token at the time, kept when the user is deleted.';

COMMENT ON COLUMN public.enquiry_notes.body IS 'The note, trimmed, 1-5000 characters.';

CREATE TABLE public.enquiry_replies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    channel text NOT NULL,
    author_id uuid,
    author_name text,
    author_email text,
    body text,
    outcome text,
    note text,
    last_contacted_before timestamp with time zone,
    CONSTRAINT enquiry_replies_author_email_length CHECK (((author_email IS NULL) OR (char_length(author_email) <= 255))),
    CONSTRAINT enquiry_replies_author_name_length CHECK (((author_name IS NULL) OR (char_length(author_name) <= 100))),
    CONSTRAINT enquiry_replies_body_for_reply CHECK (((channel = 'reply'::text) = (body IS NOT NULL))),
    CONSTRAINT enquiry_replies_body_length CHECK (((body IS NULL) OR ((char_length(body) >= 1) AND (char_length(body) <= 10000)))),
    CONSTRAINT enquiry_replies_channel_valid CHECK ((channel = ANY (ARRAY['reply'::text, 'phone'::text, 'email'::text]))),
    CONSTRAINT enquiry_replies_note_length CHECK (((note IS NULL) OR ((channel <> 'reply'::text) AND ((char_length(note) >= 1) AND (char_length(note) <= 2000))))),
    CONSTRAINT enquiry_replies_outcome_for_phone CHECK (
CASE
    WHEN (channel = 'phone'::text) THEN (outcome = ANY (ARRAY['reached'::text, 'voicemail'::text, 'no_answer'::text]))
    ELSE (outcome IS NULL)
END)
);

COMMENT ON TABLE public.enquiry_replies IS 'Replies and recorded contacts of an enquiry. Written only by send_enquiry_reply() and record_enquiry_contact(); a recorded contact may be removed by its author through undo_enquiry_contact() within seconds; read by admins, otherwise deleted only with their enquiry.';

COMMENT ON COLUMN public.enquiry_replies.id IS 'Server-generated key; a reply''s mail job carries it.';

COMMENT ON COLUMN public.enquiry_replies.submission_id IS 'The enquiry; the reply goes with it.';

COMMENT ON COLUMN public.enquiry_replies.created_at IS 'When it was sent or recorded, by the database clock.';

COMMENT ON COLUMN public.enquiry_replies.channel IS 'reply (written here and mailed through the outbox), phone (a logged call) or email (replied from the staff member''s own mailbox).';

COMMENT ON COLUMN public.enquiry_replies.author_id IS 'The staff member; null once their account is deleted.';

COMMENT ON COLUMN public.enquiry_replies.author_name IS 'The staff member''s name at the time (account full_name, else the address''s local part).';

COMMENT ON COLUMN public.enquiry_replies.author_email IS 'The staff member''s address at the time, the Reply-To of a reply; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_replies.body IS 'The reply''s text (1-10000 characters); null for a recorded contact.';

COMMENT ON COLUMN public.enquiry_replies.outcome IS 'How a call went: reached, voicemail or no_answer (phone only; null for the other channels). reached and voicemail count as a contact, no_answer does not.';

COMMENT ON COLUMN public.enquiry_replies.note IS 'A staff note on a recorded contact (1-2000 characters), e.g. what was agreed; null when none, and always null for a sent reply (its text is body).';

COMMENT ON COLUMN public.enquiry_replies.last_contacted_before IS 'The enquiry''s last_contacted_at before this contact moved it, so that an undo can put it back; null when it was unset or the contact did not move it.';

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_pkey PRIMARY KEY (user_id, submission_id);

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_pkey PRIMARY KEY (id);

ALTER TABLE public.enquiry_follow_ups ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_notes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_reads ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_replies ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.enquiry_reads FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_reads TO authenticated;
GRANT SELECT,DELETE ON TABLE public.enquiry_reads TO service_role;

REVOKE ALL ON TABLE public.enquiry_follow_ups FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO authenticated;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO service_role;

GRANT UPDATE(due_on) ON TABLE public.enquiry_follow_ups TO service_role;

REVOKE ALL ON TABLE public.enquiry_notes FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_notes TO authenticated;
GRANT SELECT ON TABLE public.enquiry_notes TO service_role;

GRANT INSERT(submission_id) ON TABLE public.enquiry_notes TO authenticated;
GRANT INSERT(submission_id) ON TABLE public.enquiry_notes TO service_role;

GRANT INSERT(body) ON TABLE public.enquiry_notes TO authenticated;
GRANT INSERT(body) ON TABLE public.enquiry_notes TO service_role;

REVOKE ALL ON TABLE public.enquiry_replies FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_replies TO authenticated;
GRANT SELECT ON TABLE public.enquiry_replies TO service_role;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_set_by_fkey FOREIGN KEY (set_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE VIEW public.enquiry_list WITH (security_invoker='true') AS
 SELECT s.id,
    s.created_at,
    s."Name",
    s."Email",
    s."Company",
    s."Job",
    s."Phone",
    s."Interest",
    s."Timeline",
    s."Message",
    s.status,
    s.assigned_to,
    s.last_contacted_at,
    s.held_at,
    s.first_response_at,
    s.landing_page,
    s.referrer_host,
    s.utm_source,
    s.utm_medium,
    s.utm_campaign,
    (EXISTS ( SELECT 1
           FROM public.enquiry_reads r
          WHERE ((r.submission_id = s.id) AND (r.user_id = ( SELECT auth.uid() AS uid))))) AS read_by_me,
    lower(s."Name") AS name_key,
    lower(s."Company") AS company_key,
    array_position(ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text], s.status) AS status_rank
   FROM public.contact_submissions s;

COMMENT ON VIEW public.enquiry_list IS 'The staff enquiry list: contact_submissions with the caller''s read mark and sort keys. security_invoker, so RLS of contact_submissions and enquiry_reads applies to the caller. Recreate it when contact_submissions gains a column.';

COMMENT ON COLUMN public.enquiry_list.read_by_me IS 'True when the calling staff member has opened the enquiry (a row in enquiry_reads).';

COMMENT ON COLUMN public.enquiry_list.name_key IS 'The name in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.company_key IS 'The company in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.status_rank IS 'The status in the workflow''s order: new 1, in_progress 2, won 3, lost 4, spam 5.';

REVOKE ALL ON TABLE public.enquiry_list FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_list TO authenticated;
GRANT SELECT ON TABLE public.enquiry_list TO service_role;

CREATE FUNCTION private.group_bulk_changes(_rows jsonb, _key text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    pg_catalog.jsonb_agg(
      pg_catalog.jsonb_build_object(_key, grouped.value, 'ids', grouped.ids)
      order by grouped.value collate "C" nulls first
    ),
    '[]'::jsonb
  )
    from (
      select changed ->> 'value' as value,
             pg_catalog.jsonb_agg(changed -> 'id' order by (changed ->> 'id') collate "C") as ids
        from pg_catalog.jsonb_array_elements(_rows) as changed
       group by changed ->> 'value'
    ) as grouped;
$$;

COMMENT ON FUNCTION private.group_bulk_changes(_rows jsonb, _key text) IS 'Turns [{id, value}] into [{<_key>: value, ids: [...]}], one element per value (null first): the changes list of a bulk action''s audit entry.';

REVOKE ALL ON FUNCTION private.group_bulk_changes(_rows jsonb, _key text) FROM PUBLIC;

CREATE FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  ids uuid[];
  requested integer;
  affected integer;
  changed jsonb;
  counts jsonb := '{}'::jsonb;
  facts jsonb := '{}'::jsonb;
  audit_action text;
  assignee uuid;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may change enquiries in bulk.';
  end if;
  if _action is null
     or _action not in ('spam', 'delete', 'release', 'assign', 'status', 'not_spam') then
    raise exception using
      errcode = '22023',
      message = 'Choose what to do with the selected enquiries: assign, status, spam, not_spam, release or delete.',
      hint = 'enquiry_bulk_action_invalid';
  end if;
  if _ids is null
     or pg_catalog.jsonb_typeof(_ids) <> 'array'
     or pg_catalog.jsonb_array_length(_ids) not between 1 and 100
     or exists (
       select 1
         from pg_catalog.jsonb_array_elements(_ids) as element
        where pg_catalog.jsonb_typeof(element) <> 'string'
           or (element #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     ) then
    raise exception using
      errcode = '22023',
      message = 'Select between 1 and 100 enquiries.',
      detail = 'The ids must be a JSON array of enquiry ids (uuids).',
      hint = 'enquiry_bulk_ids_invalid';
  end if;
  if _action = 'assign' then
    if _value is not null then
      if _value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         or not private.has_role(_value::uuid, 'admin') then
        raise exception using
          errcode = '22023',
          message = 'Enquiries can only be assigned to staff with the admin role.',
          hint = 'enquiry_bulk_assignee_invalid';
      end if;
      assignee := _value::uuid;
    end if;
  elsif _action = 'status' then
    if _value is null or _value not in ('new', 'in_progress', 'won', 'lost') then
      raise exception using
        errcode = '22023',
        message = 'Choose a status: new, in progress, won or lost. Spam has its own action.',
        hint = 'enquiry_bulk_status_invalid';
    end if;
  elsif _value is not null then
    raise exception using
      errcode = '22023',
      message = 'This action takes no value.',
      hint = 'enquiry_bulk_value_invalid';
  end if;

  select pg_catalog.array_agg(distinct element::uuid)
    into ids
    from pg_catalog.jsonb_array_elements_text(_ids) as element;
  requested := pg_catalog.cardinality(ids);

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', _action, true);

  if _action = 'spam' then
    audit_action := 'admin_enquiries_marked_spam';
    with touched as (
      update public.contact_submissions as enquiry
         set status = 'spam'
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status <> 'spam'
      returning enquiry.id, before.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'status' then
    audit_action := 'admin_enquiries_status_set';
    with touched as (
      update public.contact_submissions as enquiry
         set status = _value
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status <> _value
      returning enquiry.id, before.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'status', _value,
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'assign' then
    audit_action := 'admin_enquiries_assigned';
    with touched as (
      update public.contact_submissions as enquiry
         set assigned_to = assignee
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.assigned_to is distinct from assignee
      returning enquiry.id, before.assigned_to as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'assigned_to', assignee,
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'not_spam' then
    audit_action := 'admin_enquiries_marked_not_spam';
    with markings as (
      -- every marking as spam the audit trail can tie to one of these enquiries, with the status
      -- it had just before.
      select entry.resource_id as id, entry.created_at, entry.details ->> 'from' as status
        from public.audit_log as entry
       where entry.action = 'admin_enquiry_status_changed'
         and entry.resource = 'contact_submissions'
         and entry.resource_id = any(ids::text[])
         and entry.details ->> 'to' = 'spam'
      union all
      select marked.id, entry.created_at, change ->> 'from'
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       cross join lateral pg_catalog.jsonb_array_elements_text(change -> 'ids') as marked (id)
       where entry.action = 'admin_enquiries_marked_spam'
         and entry.resource = 'contact_submissions'
         and marked.id = any(ids::text[])
    ),
    restored as (
      select distinct on (markings.id)
             markings.id::uuid as id,
             case when markings.status in ('new', 'in_progress', 'won', 'lost')
                  then markings.status else 'new' end as status
        from markings
       order by markings.id, markings.created_at desc
    ),
    touched as (
      update public.contact_submissions as enquiry
         set status = coalesce(restored.status, 'new')
        from public.contact_submissions as before
        left join restored on restored.id = before.id
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status = 'spam'
      returning enquiry.id, enquiry.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'to')
    );
  elsif _action = 'release' then
    audit_action := 'admin_enquiries_released';
    with touched as (
      update public.contact_submissions as enquiry
         set held_at = null
       where enquiry.id = any(ids)
         and enquiry.held_at is not null
      returning enquiry.id
    )
    select pg_catalog.jsonb_agg(touched.id order by touched.id) into changed from touched;
    facts := pg_catalog.jsonb_build_object('ids', coalesce(changed, '[]'::jsonb));
  else
    audit_action := 'admin_enquiries_deleted';
    select pg_catalog.jsonb_agg(enquiry.id order by enquiry.id)
      into changed
      from public.contact_submissions as enquiry
     where enquiry.id = any(ids);
    counts := private.delete_enquiries(ids);
    facts := pg_catalog.jsonb_build_object('ids', coalesce(changed, '[]'::jsonb));
  end if;
  affected := coalesce(pg_catalog.jsonb_array_length(changed), 0);

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', '', true);

  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    audit_action,
    'contact_submissions',
    null,
    pg_catalog.jsonb_build_object('requested', requested, 'count', affected) || counts || facts
  );

  return pg_catalog.jsonb_build_object('action', _action, 'requested', requested, 'count', affected)
    || counts
    || (facts - 'ids');
end;
$_$;

CREATE FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.bulk_enquiry_action(_ids, _action, _value);
$$;

COMMENT ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text) IS 'Admins only (aal2): one action on up to 100 enquiries (assign to a staff admin or null, set a workflow status, mark spam, not spam back to the status before spam, release, delete) with one audit entry naming the changed ids and values. Called by public.bulk_enquiry_action().';

COMMENT ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) IS 'Admins only: one action (assign, status, spam, not_spam, release or delete) on up to 100 enquiries given as a JSON array of ids; _value is the assignee (null to unassign) or the status. Returns {action, requested, count} with the changes by value (and per-table counts for delete). One audit entry per call.';

REVOKE ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text) TO authenticated;

REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) TO authenticated;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) TO service_role;

CREATE FUNCTION private.check_enquiry_workflow() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.assigned_to is not null
     and (tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to)
     and not private.has_role(new.assigned_to, 'admin') then
    raise exception using
      errcode = 'P0001',
      message = 'Enquiries can only be assigned to staff with the admin role.',
      hint = 'contact_submissions_assignee_not_staff';
  end if;
  if new.last_contacted_at is not null
     and (tg_op = 'INSERT' or new.last_contacted_at is distinct from old.last_contacted_at)
     and new.last_contacted_at > pg_catalog.now() + interval '1 day' then
    raise exception using
      errcode = 'P0001',
      message = 'The last-contacted date cannot be in the future.',
      hint = 'contact_submissions_last_contacted_future';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_enquiry_workflow() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: the assignee must hold the admin role and last_contacted_at may not be more than a day ahead.';

REVOKE ALL ON FUNCTION private.check_enquiry_workflow() FROM PUBLIC;

CREATE FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  closed public.enquiry_follow_ups;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may close follow-ups.';
  end if;
  if _outcome is null or _outcome not in ('done', 'cleared') then
    raise exception using
      errcode = '22023',
      message = 'A follow-up is closed as done or cleared.',
      hint = 'enquiry_follow_up_outcome_invalid';
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = _outcome, closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = pg_catalog.left(auth.jwt() ->> 'email', 255)
   where follow_up.id = _follow_up_id and follow_up.state = 'open'
  returning follow_up.* into closed;
  if closed.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'This follow-up is no longer open. Reload the enquiry to see its latest.',
      hint = 'enquiry_follow_up_not_open';
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_' || _outcome,
    closed.submission_id,
    pg_catalog.jsonb_build_object('follow_up_id', closed.id, 'due_on', closed.due_on)
  );
end;
$$;

CREATE FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.close_enquiry_follow_up(_follow_up_id, _outcome);
$$;

COMMENT ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only: marks an open follow-up done or cleared and audits it (admin_enquiry_follow_up_done or _cleared). Called by public.close_enquiry_follow_up().';

COMMENT ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only (aal2): closes an open follow-up as done or cleared. 42501 for others, 22023 for another outcome, P0002 when it is not open (closed or replaced meanwhile).';

REVOKE ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;

REVOKE ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO service_role;

CREATE FUNCTION private.contact_counts(_channel text, _outcome text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _channel in ('reply', 'email')
      or (_channel = 'phone' and _outcome in ('reached', 'voicemail'));
$$;

COMMENT ON FUNCTION private.contact_counts(_channel text, _outcome text) IS 'Whether a reply or recorded contact counts as contacting the prospect (moves last_contacted_at, may be the first response): every reply and e-mail, and a call that reached them or left a voicemail; not a call nobody answered.';

REVOKE ALL ON FUNCTION private.contact_counts(_channel text, _outcome text) FROM PUBLIC;

CREATE FUNCTION private.contact_undo_window() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select interval '15 seconds';
$$;

COMMENT ON FUNCTION private.contact_undo_window() IS 'How long after recording a contact its author may undo it (15 seconds); the staff area offers Undo for less, so a press near the end still arrives in time.';

REVOKE ALL ON FUNCTION private.contact_undo_window() FROM PUBLIC;

CREATE FUNCTION private.enquiry_follow_ups_due() RETURNS TABLE(id uuid, submission_id uuid, due_on date, note text, name text, company text, status text, assigned_to uuid, assignee_email text, set_by_email text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list follow-ups.';
  end if;
  return query
  select follow_up.id,
         follow_up.submission_id,
         follow_up.due_on,
         follow_up.note,
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         follow_up.set_by_email
    from public.enquiry_follow_ups as follow_up
    join public.contact_submissions as enquiry on enquiry.id = follow_up.submission_id
    left join auth.users as account on account.id = enquiry.assigned_to
   where follow_up.state = 'open'
     and follow_up.due_on <= private.london_today()
   order by follow_up.due_on, follow_up.created_at, follow_up.id
   limit 500;
end;
$$;

CREATE FUNCTION public.enquiry_follow_ups_due() RETURNS TABLE(id uuid, submission_id uuid, due_on date, note text, name text, company text, status text, assigned_to uuid, assignee_email text, set_by_email text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_follow_ups_due();
$$;

COMMENT ON FUNCTION private.enquiry_follow_ups_due() IS 'Admins only: open follow-ups due today or earlier (London), oldest first, with their enquiry and its assignee, at most 500. Called by public.enquiry_follow_ups_due().';

COMMENT ON FUNCTION public.enquiry_follow_ups_due() IS 'Admins only (aal2): open follow-ups due today or earlier in London, oldest first, with the enquiry''s name, company, status and assignee. 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiry_follow_ups_due() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_follow_ups_due() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_follow_ups_due() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_follow_ups_due() FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO service_role;

CREATE FUNCTION private.require_enquiry_admin() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins who have verified their second factor may do this.';
  end if;
end;
$$;

COMMENT ON FUNCTION private.require_enquiry_admin() IS 'Raises 42501 unless the caller is an admin at aal2 (private.is_admin()).';

REVOKE ALL ON FUNCTION private.require_enquiry_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.require_enquiry_admin() TO authenticated;
GRANT ALL ON FUNCTION private.require_enquiry_admin() TO service_role;

CREATE FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  -- A line break between fields, which a search text never holds (enquiry_ids_matching turns
  -- control characters into spaces), so no match runs from one field into the next. Null fields
  -- are left out: enquiry_search_text(term, null, null, null) is the term as the search reads it.
  select pg_catalog.lower(
    extensions.unaccent(
      'extensions.unaccent'::regdictionary,
      pg_catalog.concat_ws(E'\n', _name, _email, _company, _message)
    )
  );
$$;

COMMENT ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) IS 'The fields the enquiry search looks in (Name, Email, Company, Message) as one text, without accents (unaccent) and in lower case. Indexed (contact_submissions_search_text_idx).';

REVOKE ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO anon;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO authenticated;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO service_role;

CREATE FUNCTION private.phone_search_key(_phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
           when digits.national like '44%'
             then pg_catalog.ltrim(pg_catalog.substr(digits.national, 3), '0')
           else digits.national
         end
    from (
      select pg_catalog.ltrim(
        pg_catalog.regexp_replace(coalesce(_phone, ''), '[^0-9]', '', 'g'),
        '0'
      ) as national
    ) as digits;
$$;

COMMENT ON FUNCTION private.phone_search_key(_phone text) IS 'A phone number as the enquiry search compares it: its digits without leading zeros and without a leading UK country code 44, so 07700 900123 and +44 7700 900123 are both 7700900123. Indexed (contact_submissions_phone_key_idx).';

REVOKE ALL ON FUNCTION private.phone_search_key(_phone text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO anon;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO authenticated;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO service_role;

CREATE FUNCTION private.enquiry_ids_matching(_search text) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  term text := pg_catalog.left(
    pg_catalog.btrim(pg_catalog.regexp_replace(coalesce(_search, ''), '[[:cntrl:]]', ' ', 'g')),
    100
  );
  pattern text;
  phone text := '';
begin
  perform private.require_enquiry_admin();
  if term = '' then
    return null;
  end if;
  -- \ first, so the escapes added for % and _ are not escaped again.
  pattern := '%' || pg_catalog.replace(
    pg_catalog.replace(
      pg_catalog.replace(private.enquiry_search_text(term, null, null, null), '\', '\\'),
      '%',
      '\%'
    ),
    '_',
    '\_'
  ) || '%';
  if term ~ '^[0-9 +()./-]+$' then
    phone := private.phone_search_key(term);
  end if;
  -- Two queries rather than one with "phone <> '' and ...": each is planned for what it asks,
  -- and an OR arm no index serves would make the whole search a scan.
  if phone = '' then
    return array(
      select s.id
        from public.contact_submissions as s
       where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
    );
  end if;
  return array(
    select s.id
      from public.contact_submissions as s
     where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
        or (s."Phone" is not null
            and private.phone_search_key(s."Phone") like '%' || phone || '%')
  );
end;
$_$;

COMMENT ON FUNCTION private.enquiry_ids_matching(_search text) IS 'Admins only (aal2; 42501): the enquiry search rule. The ids of the enquiries whose Name, Email, Company or Message holds the text (control characters made spaces, trimmed, first 100 characters, accents and case ignored, \ % _ * literal) or, for a text of phone characters, whose phone holds its digits (leading 0, 00 and 44 ignored on both sides). Null for a blank text, which every enquiry matches. Read by search_enquiry_list and enquiry_list_counts.';

REVOKE ALL ON FUNCTION private.enquiry_ids_matching(_search text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_ids_matching(_search text) TO authenticated;

CREATE FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  assignee text := coalesce(_assignee, '');
  assignee_id uuid;
  ids uuid[];
begin
  perform private.require_enquiry_admin();
  ids := private.enquiry_ids_matching(_search);
  if assignee = 'me' then
    assignee_id := (select auth.uid());
  elsif assignee not in ('', 'none') then
    begin
      assignee_id := assignee::uuid;
    exception when invalid_text_representation then
      raise exception using
        errcode = '22023',
        message = 'The assignee filter is empty, none, me or a staff member''s id.';
    end;
  end if;
  return query
    select
      m.status,
      pg_catalog.count(*),
      pg_catalog.count(*) filter (where m.held_at is not null),
      pg_catalog.count(*) filter (where not m.read_by_me),
      pg_catalog.count(*) filter (where m.held_at is not null and not m.read_by_me)
    from public.enquiry_list as m
    where (ids is null or m.id = any(ids))
      and (coalesce(_interest, '') = '' or m."Interest" = _interest)
      and (coalesce(_timeline, '') = '' or m."Timeline" = _timeline)
      and (assignee = ''
           or (assignee = 'none' and m.assigned_to is null)
           or m.assigned_to = assignee_id)
    group by m.status
    order by m.status;
end;
$$;

CREATE FUNCTION public.enquiry_list_counts(_search text DEFAULT ''::text, _interest text DEFAULT ''::text, _timeline text DEFAULT ''::text, _assignee text DEFAULT ''::text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_list_counts(_search, _interest, _timeline, _assignee);
$$;

COMMENT ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Counts per status (total, held, unread by the caller, both) for the list''s search, interest, timeline and assignee; see public.enquiry_list_counts.';

COMMENT ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Admins only (aal2): one row per status with the enquiries matching the list''s search (private.enquiry_ids_matching), interest, timeline and assignee ('''' anyone, none, me, or a staff id): total, held, unread by the caller, and held_unread. Statuses with none are left out.';

REVOKE ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO service_role;

CREATE FUNCTION private.enquiry_timeline(_submission_id uuid) RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s timeline.';
  end if;
  return query
  select events.occurred_at, events.event, events.actor, events.details
    from (
      select enquiry.created_at as occurred_at, 0 as rank, 'received'::text as event, null::text as actor,
             pg_catalog.jsonb_build_object('held', enquiry.held_at is not null) as details
        from public.contact_submissions as enquiry
       where enquiry.id = _submission_id
      union all
      -- changes of status, assignee and last-contacted date, and other admin actions; notes,
      -- replies and contacts come from their own tables below, and a last-contacted change made
      -- by a reply or contact is that reply's (matched on its audit entry, which outlives an
      -- undone contact).
      select entry.created_at, 1,
             pg_catalog.regexp_replace(entry.action, '^admin_enquiry_', ''),
             entry.user_email,
             entry.details
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and pg_catalog.left(entry.action, 6) = 'admin_'
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent',
           'admin_enquiry_contact_recorded', 'admin_enquiry_contact_undone'
         )
         and not (
           entry.action = 'admin_enquiry_last_contacted_set'
           and exists (
             select 1 from public.audit_log as cause
              where cause.resource = 'contact_submissions'
                and cause.resource_id = entry.resource_id
                and cause.action in ('admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded')
                and cause.created_at = entry.created_at
           )
         )
      union all
      -- a bulk action writes one entry for all its enquiries: this enquiry's change in it, shown
      -- as the same event a change of one enquiry is.
      select entry.created_at, 1,
             case entry.action when 'admin_enquiries_assigned' then 'assigned' else 'status_changed' end,
             entry.user_email,
             pg_catalog.jsonb_build_object(
               'from', case entry.action
                         when 'admin_enquiries_marked_not_spam' then pg_catalog.to_jsonb('spam'::text)
                         else change -> 'from' end,
               'to', case entry.action
                       when 'admin_enquiries_marked_spam' then pg_catalog.to_jsonb('spam'::text)
                       when 'admin_enquiries_status_set' then entry.details -> 'status'
                       when 'admin_enquiries_marked_not_spam' then change -> 'to'
                       else entry.details -> 'assigned_to' end,
               'bulk', true
             )
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action in (
           'admin_enquiries_marked_spam', 'admin_enquiries_status_set',
           'admin_enquiries_marked_not_spam', 'admin_enquiries_assigned'
         )
         and change -> 'ids' ? _submission_id::text
      union all
      select entry.created_at, 1, 'hold_released', entry.user_email,
             pg_catalog.jsonb_build_object('bulk', true)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action = 'admin_enquiries_released'
         and pg_catalog.jsonb_typeof(entry.details -> 'ids') = 'array'
         and entry.details -> 'ids' ? _submission_id::text
      union all
      select note.created_at, 2, 'note_added', note.author_email,
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             reply.author_email,
             pg_catalog.jsonb_build_object(
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body,
               'outcome', reply.outcome, 'note', reply.note
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
      union all
      -- each mail job once, at its outcome: sent, skipped (e.g. held), failed, or still queued.
      select coalesce(job.sent_at, case when job.status in ('failed', 'skipped') then job.updated_at end, job.created_at),
             3,
             'mail_' || job.kind || '_' || case job.status when 'sending' then 'pending' else job.status end,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'skip_reason', job.skip_reason,
               'last_error', job.last_error,
               'reply_id', job.payload -> 'reply_id'
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
    ) as events
   where exists (select 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id)
   order by events.occurred_at, events.rank, events.event;
end;
$$;

CREATE FUNCTION public.enquiry_timeline(_submission_id uuid) RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_timeline(_submission_id);
$$;

COMMENT ON FUNCTION private.enquiry_timeline(_submission_id uuid) IS 'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the outbox); an undone contact is not among them. Called by public.enquiry_timeline().';

COMMENT ON FUNCTION public.enquiry_timeline(_submission_id uuid) IS 'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome. Empty for an unknown enquiry; 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO service_role;

CREATE FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
begin
  perform private.require_enquiry_admin();
  if _submission_id is null
     or not exists (select 1 from public.contact_submissions as s where s.id = _submission_id) then
    raise exception using
      errcode = 'P0002',
      message = 'No enquiry with this id.',
      hint = 'enquiry_not_found';
  end if;
  if coalesce(_read, true) then
    insert into public.enquiry_reads (user_id, submission_id)
    values (me, _submission_id)
    on conflict (user_id, submission_id) do update set read_at = pg_catalog.now();
  else
    delete from public.enquiry_reads as r
     where r.user_id = me and r.submission_id = _submission_id;
  end if;
end;
$$;

CREATE FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean DEFAULT true) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.mark_enquiry_read(_submission_id, _read);
$$;

COMMENT ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Marks an enquiry opened (or not) by the calling admin; see public.mark_enquiry_read.';

COMMENT ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Admins only (aal2): marks the enquiry opened by the caller, or not opened with _read false. P0002 enquiry_not_found for an unknown id.';

REVOKE ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO service_role;

CREATE FUNCTION private.require_reply_enquiry(_submission_id uuid) RETURNS public.contact_submissions
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may reply to enquiries or record contacts.';
  end if;
  select * into enquiry
    from public.contact_submissions as found
   where found.id = _submission_id
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  return enquiry;
end;
$$;

COMMENT ON FUNCTION private.require_reply_enquiry(_submission_id uuid) IS 'For the reply and contact RPCs: refuses non-admins (42501) and unknown enquiries (P0002, hint enquiry_not_found); returns the enquiry locked for update.';

REVOKE ALL ON FUNCTION private.require_reply_enquiry(_submission_id uuid) FROM PUBLIC;

CREATE FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  outcome text := _outcome;
  note text := nullif(pg_catalog.btrim(coalesce(_note, ''), E' \t\r\n'), '');
  counts boolean;
  contact_id uuid;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if _channel is null or _channel not in ('phone', 'email') then
    raise exception using
      errcode = '22023',
      message = 'A contact is recorded as phone (a call) or email (a reply from your own mailbox).',
      hint = 'enquiry_contact_channel_invalid';
  end if;
  if _channel = 'phone' then
    outcome := coalesce(outcome, 'reached');
  end if;
  if (_channel = 'phone' and outcome not in ('reached', 'voicemail', 'no_answer'))
     or (_channel = 'email' and outcome is not null) then
    raise exception using
      errcode = '22023',
      message = 'A call is recorded as reached, voicemail or no answer; an e-mail has no outcome.',
      hint = 'enquiry_contact_outcome_invalid';
  end if;
  if pg_catalog.char_length(note) > 2000 then
    raise exception using
      errcode = '22023',
      message = 'A note on a call can be at most 2,000 characters.',
      hint = 'enquiry_contact_note_invalid';
  end if;
  counts := private.contact_counts(_channel, outcome);

  insert into public.enquiry_replies (
    submission_id, channel, outcome, note, last_contacted_before, author_id, author_name, author_email
  )
  values (
    enquiry.id,
    _channel,
    outcome,
    note,
    case when counts then enquiry.last_contacted_at end,
    auth.uid(),
    private.staff_display_name(auth.uid()),
    pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255)
  )
  returning id into contact_id;

  if counts then
    update public.contact_submissions as target
       set last_contacted_at = pg_catalog.now()
     where target.id = enquiry.id;
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_contact_recorded',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'contact_id', contact_id, 'channel', _channel, 'outcome', outcome
    ))
  );
  return contact_id;
end;
$$;

CREATE FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.record_enquiry_contact(_submission_id, _channel, _outcome, _note);
$$;

COMMENT ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) IS 'Admins only: records a call (phone, with its outcome: reached, voicemail or no_answer; reached when none is given) or a reply from the staff member''s own mailbox (email), with an optional note, and audits it. Only a contact that counts (private.contact_counts) moves last_contacted_at. Called by public.record_enquiry_contact().';

COMMENT ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) IS 'Admins only (aal2): records that the enquirer was called (with the outcome: reached, voicemail or no_answer) or answered from the staff member''s own mailbox, with an optional note; returns the contact id. A call nobody answered changes nothing on the enquiry. 42501 for others, 22023 for another channel, outcome or an over-long note.';

REVOKE ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) TO authenticated;

REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) TO authenticated;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) TO service_role;

CREATE FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  email_key text;
  company_key text;
  shown integer := least(greatest(coalesce(_limit, 10), 1), 50);
begin
  perform private.require_enquiry_admin();

  select pg_catalog.lower(enquiry."Email"),
         pg_catalog.lower(pg_catalog.regexp_replace(enquiry."Company", '\s', '', 'g'))
    into email_key, company_key
    from public.contact_submissions as enquiry
   where enquiry.id = _submission_id;
  if not found then
    return;
  end if;
  if company_key = '' then
    company_key := null;
  end if;

  -- One index scan per side (a union, not an or, so each side keeps its own index).
  return query
    with matched as (
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(other."Email") = email_key
      union
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
             = company_key
    )
    select other.id,
           other."Name",
           other."Email",
           other."Company",
           other.status,
           other.created_at,
           other.held_at is not null,
           pg_catalog.lower(other."Email") = email_key,
           coalesce(
             pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
               = company_key,
             false
           ),
           pg_catalog.count(*) over ()
      from matched
      join public.contact_submissions as other on other.id = matched.id
     where other.id <> _submission_id
     order by other.created_at desc, other.id desc
     limit shown;
end;
$$;

CREATE FUNCTION public.related_enquiries(_submission_id uuid, _limit integer DEFAULT 10) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.related_enquiries(_submission_id, _limit);
$$;

COMMENT ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) IS 'The other enquiries from the same address or company as one enquiry, newest first; see public.related_enquiries.';

COMMENT ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) IS 'Admins only (aal2): the other enquiries sent from the same e-mail address (any letter case) or naming the same company (any letter case and spacing), newest first, at most _limit (1 to 50, default 10), each with same_email, same_company, held and total (every match, for "and N more"). The enquiry itself is left out; 42501 for others.';

REVOKE ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO service_role;

CREATE FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  body text := pg_catalog.btrim(coalesce(_body, ''), E' \t\r\n');
  author_name text;
  author_email text;
  reply_id uuid;
  job_id uuid;
  held_reason text;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if body = '' or pg_catalog.char_length(body) > 10000 then
    raise exception using
      errcode = '22023',
      message = 'Write a reply of 1 to 10,000 characters.',
      hint = 'enquiry_reply_body_invalid';
  end if;

  author_name := private.staff_display_name(auth.uid());
  author_email := pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255);
  if author_email is null or author_email ~ '[[:cntrl:]]' then
    raise exception using
      errcode = '22023',
      message = 'Your account has no usable e-mail address to receive the answer.',
      hint = 'enquiry_reply_author_invalid';
  end if;

  insert into public.enquiry_replies (submission_id, channel, author_id, author_name, author_email, body)
  values (enquiry.id, 'reply', auth.uid(), author_name, author_email, body)
  returning id into reply_id;

  held_reason := private.reply_mail_over_cap(auth.uid());

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, last_error)
  values (
    'reply',
    enquiry.id,
    enquiry."Email",
    pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'staff_name', author_name,
      'staff_email', author_email,
      'body', body
    ),
    case when held_reason is null then 'pending' else 'failed' end,
    held_reason
  )
  returning id into job_id;
  if held_reason is null then
    insert into private.reply_mail_releases (job_id, author_id) values (job_id, auth.uid());
  end if;

  -- a reply parked for review has not reached the prospect: it is no contact and no first
  -- response, so the reply clock keeps running and its reminders still come.
  if held_reason is null then
    update public.contact_submissions as target
       set last_contacted_at = pg_catalog.now()
     where target.id = enquiry.id;
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_reply_sent',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'held_for_review', held_reason is not null or null
    ))
  );
  return pg_catalog.jsonb_build_object('reply_id', reply_id, 'held_for_review', held_reason is not null);
end;
$$;

CREATE FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.send_enquiry_reply(_submission_id, _body);
$$;

COMMENT ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the staff member) unless that would pass the hourly caps, when the mail is parked for review instead; counts it as a contact and audits it. Called by public.send_enquiry_reply().';

COMMENT ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name and Reply-To address; returns {"reply_id", "held_for_review"}: past 20 replies an hour from one staff member or 60 from the team the mail is parked for review, not sent. 42501 for others, 22023 for an empty or over-long text.';

REVOKE ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;

REVOKE ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO service_role;

CREATE FUNCTION private.send_follow_up_reminders(_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  today date := private.london_today(_now);
  queued_count integer;
begin
  -- due today, or on one of the 6 days before when the clock did not run on the day; a
  -- follow-up already reminded, closed or a week stale gets nothing. The stamp and the job are
  -- one statement: a concurrent run waits on the row and then finds it reminded.
  with due as (
    update public.enquiry_follow_ups as follow_up
       set reminded_at = pg_catalog.now()
     where follow_up.state = 'open'
       and follow_up.reminded_at is null
       and follow_up.due_on <= today
       and follow_up.due_on > today - 7
    returning follow_up.id, follow_up.submission_id, follow_up.due_on, follow_up.note,
              follow_up.set_by, follow_up.set_by_email
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'follow_up_reminder',
           enquiry.id,
           -- a current admin only: the mail names the prospect. Null goes to the staff address.
           coalesce(
             assignee.email,
             case when private.has_role(setter.id, 'admin') then setter.email end
           ),
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'follow_up', pg_catalog.jsonb_build_object(
               'id', due.id, 'due_on', due.due_on, 'note', due.note
             ),
             'assignee', case when assignee.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(assignee.id), 'email', assignee.email
             ) end
           )
      from due
      join public.contact_submissions as enquiry on enquiry.id = due.submission_id
      left join auth.users as assignee on assignee.id = enquiry.assigned_to
      left join auth.users as setter on setter.id = due.set_by
    returning 1
  )
  select pg_catalog.count(*)::integer into queued_count from queued;
  return queued_count;
end;
$$;

COMMENT ON FUNCTION private.send_follow_up_reminders(_now timestamp with time zone) IS 'Queues, as of _now, one follow_up_reminder per open follow-up due on London''s day (or up to 6 days before, for a missed run) to the enquiry''s assignee, else to whoever set it while they hold the admin role, else the staff address; stamps reminded_at in the same statement so each follow-up is reminded once. Returns how many were queued. Every 5 minutes by pg_cron or the embedded backend''s reply clock.';

REVOKE ALL ON FUNCTION private.send_follow_up_reminders(_now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  trimmed_note text := nullif(pg_catalog.regexp_replace(coalesce(_note, ''), '^\s+|\s+$', '', 'g'), '');
  caller_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
  replaced_id uuid;
  follow_up_id uuid;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may set follow-ups.';
  end if;
  perform 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id for update;
  if not found then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  if _due_on is null or _due_on < private.london_today() then
    raise exception using
      errcode = '22023',
      message = 'Choose today or a later date for the follow-up.',
      hint = 'enquiry_follow_up_date_past';
  end if;
  if pg_catalog.char_length(trimmed_note) > 5000 then
    raise exception using
      errcode = '22023',
      message = 'A follow-up note can be at most 5000 characters.',
      hint = 'enquiry_follow_up_note_too_long';
  end if;

  update public.enquiry_follow_ups as open_one
     set state = 'replaced', closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = caller_email
   where open_one.submission_id = _submission_id and open_one.state = 'open'
  returning open_one.id into replaced_id;

  insert into public.enquiry_follow_ups (submission_id, due_on, note, set_by, set_by_email)
  values (_submission_id, _due_on, trimmed_note, auth.uid(), caller_email)
  returning id into follow_up_id;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_set',
    _submission_id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'follow_up_id', follow_up_id,
      'due_on', _due_on,
      'has_note', trimmed_note is not null,
      'replaced_follow_up_id', replaced_id
    ))
  );
  return follow_up_id;
end;
$_$;

CREATE FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_enquiry_follow_up(_submission_id, _due_on, _note);
$$;

COMMENT ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) IS 'Admins only: sets the enquiry''s follow-up (replacing an open one), due on a London day not in the past, with a trimmed note of at most 5000 characters or none; audited as admin_enquiry_follow_up_set without the note. Called by public.set_enquiry_follow_up().';

COMMENT ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) IS 'Admins only (aal2): sets the enquiry''s one open follow-up (replacing any) for a day, today or later in London, with an optional note; returns its id. 42501 for others, 22023 for a past date or an over-long note, P0002 for an unknown enquiry.';

REVOKE ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) TO authenticated;

REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) TO authenticated;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) TO service_role;

CREATE FUNCTION private.stamp_enquiry_note() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.author_id := auth.uid();
  new.author_email := pg_catalog.left(auth.jwt() ->> 'email', 255);
  new.created_at := pg_catalog.now();
  return new;
end;
$$;

COMMENT ON FUNCTION private.stamp_enquiry_note() IS 'BEFORE INSERT trigger on enquiry_notes: author_id and author_email from the caller''s JWT, created_at now.';

REVOKE ALL ON FUNCTION private.stamp_enquiry_note() FROM PUBLIC;

CREATE FUNCTION private.undo_enquiry_contact(_contact_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  contact public.enquiry_replies;
  enquiry public.contact_submissions;
  restored_contacted timestamptz;
  restored_first timestamptz;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may undo a recorded contact.';
  end if;
  select * into contact
    from public.enquiry_replies as found
   where found.id = _contact_id
     for update;
  if contact.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'This call or contact is no longer recorded.',
      hint = 'enquiry_contact_not_found';
  end if;
  if contact.channel = 'reply' then
    raise exception using
      errcode = '22023',
      message = 'A sent reply cannot be undone: its e-mail is already on its way.',
      hint = 'enquiry_contact_undo_reply';
  end if;
  if contact.author_id is distinct from auth.uid() then
    raise exception using
      errcode = '42501',
      message = 'Only the staff member who recorded this contact can undo it.',
      hint = 'enquiry_contact_undo_not_author';
  end if;
  if contact.created_at < pg_catalog.now() - private.contact_undo_window() then
    raise exception using
      errcode = '22023',
      message = 'It is too late to undo this: a contact can be undone only in the first few seconds.',
      hint = 'enquiry_contact_undo_expired';
  end if;

  select * into enquiry
    from public.contact_submissions as found
   where found.id = contact.submission_id
     for update;

  restored_contacted := enquiry.last_contacted_at;
  restored_first := enquiry.first_response_at;
  if private.contact_counts(contact.channel, contact.outcome) then
    -- only what still holds the contact's own time: a later change by anyone else stays.
    if enquiry.last_contacted_at = contact.created_at then
      restored_contacted := contact.last_contacted_before;
    end if;
    if enquiry.first_response_at = contact.created_at then
      select pg_catalog.min(other.created_at) into restored_first
        from public.enquiry_replies as other
       where other.submission_id = contact.submission_id
         and other.id <> contact.id
         and other.created_at >= contact.created_at
         and private.contact_counts(other.channel, other.outcome);
      -- a date set by hand since the contact keeps the first response it has.
      if restored_first is null
         and restored_contacted is not null
         and restored_contacted is distinct from contact.last_contacted_before then
        restored_first := enquiry.first_response_at;
      end if;
    end if;
  end if;

  delete from public.enquiry_replies as removed where removed.id = contact.id;

  perform pg_catalog.set_config('kestrel.enquiry_contact_undo', 'on', true);
  update public.contact_submissions as target
     set last_contacted_at = restored_contacted,
         first_response_at = restored_first
   where target.id = enquiry.id
     and (target.last_contacted_at is distinct from restored_contacted
          or target.first_response_at is distinct from restored_first);
  perform pg_catalog.set_config('kestrel.enquiry_contact_undo', '', true);

  perform private.write_enquiry_audit(
    'admin_enquiry_contact_undone',
    enquiry.id,
    pg_catalog.jsonb_build_object(
      'contact_id', contact.id,
      'channel', contact.channel,
      'outcome', contact.outcome,
      'last_contacted_at', pg_catalog.jsonb_build_object('from', enquiry.last_contacted_at, 'to', restored_contacted),
      'first_response_at', pg_catalog.jsonb_build_object('from', enquiry.first_response_at, 'to', restored_first)
    )
  );
end;
$$;

CREATE FUNCTION public.undo_enquiry_contact(_contact_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.undo_enquiry_contact(_contact_id);
$$;

COMMENT ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) IS 'Admins only: removes a recorded contact (phone or email) within contact_undo_window() for its author, restores the last-contacted date and first response it set where nobody has changed them since, and audits it once (admin_enquiry_contact_undone). Called by public.undo_enquiry_contact().';

COMMENT ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) IS 'Admins only (aal2): undoes a call or own-mailbox reply the caller recorded in the last few seconds, putting back what it changed. 42501 for others and for another staff member''s contact, P0002 for an unknown one, 22023 for a sent reply or once the window has passed.';

REVOKE ALL ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO service_role;

CREATE FUNCTION public.search_enquiry_list(_search text DEFAULT ''::text) RETURNS SETOF public.enquiry_list
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  ids uuid[] := private.enquiry_ids_matching(_search);
begin
  return query
    select l.* from public.enquiry_list as l where ids is null or l.id = any(ids);
end;
$$;

COMMENT ON FUNCTION public.search_enquiry_list(_search text) IS 'Admins only (aal2; 42501 for others): the enquiry list''s rows matching a search as staff typed it (see private.enquiry_ids_matching). Filter, order, page and count the result as the enquiry_list view.';

REVOKE ALL ON FUNCTION public.search_enquiry_list(_search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.search_enquiry_list(_search text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO authenticated;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO service_role;

CREATE INDEX contact_submissions_phone_key_idx ON public.contact_submissions USING gin (private.phone_search_key("Phone") extensions.gin_trgm_ops) WHERE ("Phone" IS NOT NULL);

CREATE INDEX contact_submissions_search_text_idx ON public.contact_submissions USING gin (private.enquiry_search_text("Name", "Email", "Company", "Message") extensions.gin_trgm_ops);

CREATE INDEX enquiry_follow_ups_closed_by_idx ON public.enquiry_follow_ups USING btree (closed_by);

CREATE UNIQUE INDEX enquiry_follow_ups_one_open_idx ON public.enquiry_follow_ups USING btree (submission_id) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_open_due_on_idx ON public.enquiry_follow_ups USING btree (due_on) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_set_by_idx ON public.enquiry_follow_ups USING btree (set_by);

CREATE INDEX enquiry_follow_ups_submission_id_created_at_idx ON public.enquiry_follow_ups USING btree (submission_id, created_at DESC);

CREATE INDEX enquiry_notes_author_id_idx ON public.enquiry_notes USING btree (author_id);

CREATE INDEX enquiry_notes_submission_id_created_at_idx ON public.enquiry_notes USING btree (submission_id, created_at DESC);

CREATE INDEX enquiry_reads_submission_id_idx ON public.enquiry_reads USING btree (submission_id);

CREATE INDEX enquiry_replies_author_id_idx ON public.enquiry_replies USING btree (author_id);

CREATE INDEX enquiry_replies_submission_id_created_at_idx ON public.enquiry_replies USING btree (submission_id, created_at);

CREATE TRIGGER contact_submissions_check_workflow BEFORE INSERT OR UPDATE OF assigned_to, last_contacted_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.check_enquiry_workflow();

CREATE TRIGGER enquiry_notes_audit_insert AFTER INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.audit_enquiry_note();

CREATE TRIGGER enquiry_notes_stamp_author BEFORE INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_note();

CREATE POLICY "admins add enquiry notes" ON public.enquiry_notes FOR INSERT TO authenticated WITH CHECK ((( SELECT private.is_admin() AS is_admin) AND (author_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "admins read enquiry follow-ups" ON public.enquiry_follow_ups FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiry notes" ON public.enquiry_notes FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiry replies" ON public.enquiry_replies FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read their own read marks" ON public.enquiry_reads FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_admin() AS is_admin)));

-- Scheduled where pg_cron is installed (hosted Supabase: Database > Extensions > pg_cron; run
-- this block again if the extension came later). cron.schedule replaces a job of the same name.
DO $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('send-follow-up-reminders', '*/5 * * * *', 'select private.send_follow_up_reminders()');
  end if;
end
$$;

-- ===== supabase/schemas/06_reply_clock.sql =====

-- The reply clock: the promise to answer every enquiry within 24 hours.
--
-- First responses are stamped by the database; reminders and escalations are queued before and
-- at the due time, a weekly summary every Monday morning in London, and the dashboard's figures
-- are computed here. pg_cron runs the jobs where it is installed (the embedded backend runs the
-- same functions on its own timer).

CREATE TABLE private.enquiry_reply_alerts (
    submission_id uuid NOT NULL,
    kind text NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT enquiry_reply_alerts_kind_valid CHECK ((kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text])))
);

COMMENT ON TABLE private.enquiry_reply_alerts IS 'Which reply reminders and escalations have been queued, one row per enquiry and kind, so each is mailed at most once even after its mail job is erased or trimmed. Written only by private.send_reply_reminders(); deleted with the enquiry.';

COMMENT ON COLUMN private.enquiry_reply_alerts.submission_id IS 'The enquiry the alert was about.';

COMMENT ON COLUMN private.enquiry_reply_alerts.kind IS 'reply_reminder (before the due time) or reply_escalation (at it).';

COMMENT ON COLUMN private.enquiry_reply_alerts.queued_at IS 'When the alert''s mail was queued, by the database clock.';

ALTER TABLE ONLY private.enquiry_reply_alerts
    ADD CONSTRAINT enquiry_reply_alerts_pkey PRIMARY KEY (submission_id, kind);

ALTER TABLE private.enquiry_reply_alerts ENABLE ROW LEVEL SECURITY;

ALTER TABLE ONLY private.enquiry_reply_alerts
    ADD CONSTRAINT enquiry_reply_alerts_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE FUNCTION private.reply_promise() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select interval '24 hours';
$$;

COMMENT ON FUNCTION private.reply_promise() IS 'How soon every enquiry is promised a reply (24 hours). The site''s copy is written from limits.enquiryReplyHours (src/config/site.ts); an integration test keeps them equal.';

REVOKE ALL ON FUNCTION private.reply_promise() FROM PUBLIC;
GRANT ALL ON FUNCTION private.reply_promise() TO authenticated;
GRANT ALL ON FUNCTION private.reply_promise() TO service_role;

CREATE FUNCTION private.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         enquiry.created_at + private.reply_promise(),
         enquiry.created_at + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text
    from public.contact_submissions as enquiry
    left join auth.users as account on account.id = enquiry.assigned_to
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
   order by enquiry.created_at, enquiry.id
   limit 500;
end;
$$;

CREATE FUNCTION public.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiries_needing_reply();
$$;

COMMENT ON FUNCTION private.enquiries_needing_reply() IS 'Admins only: open enquiries (new or in_progress, not held) without a first response, oldest due first, at most 500. Called by public.enquiries_needing_reply().';

COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise) and assignee, oldest due first. 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiries_needing_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_needing_reply() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiries_needing_reply() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiries_needing_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO authenticated;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO service_role;

CREATE FUNCTION private.guard_first_response() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
    return new;
  end if;
  -- an undo of a contact restores the first response itself (private.undo_enquiry_contact).
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
    return new;
  end if;
  if new.first_response_at is distinct from old.first_response_at then
    raise exception using
      errcode = 'P0001',
      message = 'The first response time is set by the database when staff reply or record a contact.',
      hint = 'contact_submissions_first_response_read_only';
  end if;
  if new.first_response_at is null
     and new.last_contacted_at is not null
     and new.last_contacted_at is distinct from old.last_contacted_at then
    -- the database's clock, not the date given: a contact counts from when it was recorded.
    new.first_response_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_first_response() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set; an undo of a contact (kestrel.enquiry_contact_undo set) restores it itself.';

REVOKE ALL ON FUNCTION private.guard_first_response() FROM PUBLIC;

CREATE FUNCTION private.london_today(_now timestamp with time zone DEFAULT now()) RETURNS date
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (_now at time zone 'Europe/London')::date;
$$;

COMMENT ON FUNCTION private.london_today(_now timestamp with time zone) IS 'The calendar day in London at _now: the day a follow-up is due on.';

REVOKE ALL ON FUNCTION private.london_today(_now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.ranked_with_other(_counts jsonb, _keep integer DEFAULT 20) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- {"value": count, ...} to the _keep largest (ties by value) plus "(other)" summing the rest.
  with ranked as (
    select entry.key, entry.value::integer as n,
           pg_catalog.row_number() over (order by entry.value::integer desc, entry.key) as place
      from pg_catalog.jsonb_each_text(coalesce(_counts, '{}'::jsonb)) as entry
  )
  select coalesce(pg_catalog.jsonb_object_agg(grouped.key, grouped.n), '{}'::jsonb)
    from (
      select case when ranked.place <= _keep then ranked.key else '(other)' end as key,
             sum(ranked.n)::integer as n
        from ranked
       group by 1
    ) as grouped;
$$;

COMMENT ON FUNCTION private.ranked_with_other(_counts jsonb, _keep integer) IS 'A {value: count} object cut to its _keep largest counts (ties by value), the rest added up under "(other)". For the weekly summary''s sources.';

REVOKE ALL ON FUNCTION private.ranked_with_other(_counts jsonb, _keep integer) FROM PUBLIC;

CREATE FUNCTION private.queue_weekly_summary(_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  zone constant text := 'Europe/London';
  promise interval := private.reply_promise();
  local_now timestamp := _now at time zone zone;
  week_start timestamp := pg_catalog.date_trunc('week', local_now);
  range_start timestamptz := (week_start - interval '7 days') at time zone zone;
  range_end timestamptz := week_start at time zone zone;
  summary jsonb;
  queued_id uuid;
begin
  if local_now < week_start + interval '8 hours' then
    return false;
  end if;

  with last_week as (
    -- the week's arrivals that are part of the funnel: held ones wait for staff to release them.
    select enquiry.*
      from public.contact_submissions as enquiry
     where enquiry.created_at >= range_start
       and enquiry.created_at < range_end
       and enquiry.held_at is null
  ),
  -- each enquiry's last status change in the week, whenever it arrived; it counts when that
  -- change was to won or lost and the enquiry still has that status (a later correction or a
  -- deletion takes it out). A bulk action writes one entry for all its enquiries (details
  -- changes[].ids): each enquiry in it changed to the status it set, spam for a spam marking.
  last_changes as (
    select distinct on (changes.resource_id) changes.resource_id, changes.outcome
      from (
        select entry.resource_id, entry.created_at, entry.details ->> 'to' as outcome
          from public.audit_log as entry
         where entry.action = 'admin_enquiry_status_changed'
           and entry.resource = 'contact_submissions'
           and entry.created_at >= range_start
           and entry.created_at < range_end
        union all
        select marked.id, entry.created_at,
               case entry.action
                 when 'admin_enquiries_status_set' then entry.details ->> 'status'
                 when 'admin_enquiries_marked_spam' then 'spam'
                 else change ->> 'to'
               end
          from public.audit_log as entry
         cross join lateral pg_catalog.jsonb_array_elements(
                 case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                      then entry.details -> 'changes' else '[]'::jsonb end
               ) as change
         cross join lateral pg_catalog.jsonb_array_elements_text(change -> 'ids') as marked (id)
         where entry.action in (
                 'admin_enquiries_status_set', 'admin_enquiries_marked_spam',
                 'admin_enquiries_marked_not_spam'
               )
           and entry.resource = 'contact_submissions'
           and entry.created_at >= range_start
           and entry.created_at < range_end
      ) as changes
     order by changes.resource_id, changes.created_at desc
  ),
  outcomes as (
    select last_changes.outcome
      from last_changes
      join public.contact_submissions as enquiry on enquiry.id::text = last_changes.resource_id
     where last_changes.outcome in ('won', 'lost')
       and enquiry.status = last_changes.outcome
       and enquiry.held_at is null
  )
  select pg_catalog.jsonb_build_object(
           'week_start', pg_catalog.to_char(week_start - interval '7 days', 'YYYY-MM-DD'),
           'received', (select pg_catalog.count(*) from last_week where status <> 'spam'),
           'by_interest', coalesce((
             select pg_catalog.jsonb_object_agg(grouped.interest, grouped.n)
               from (select "Interest" as interest, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped), '{}'::jsonb),
           'by_source', private.ranked_with_other((
             select pg_catalog.jsonb_object_agg(grouped.source, grouped.n)
               from (select coalesce(utm_source, referrer_host, '(direct)') as source, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped)),
           'median_first_response_seconds', (
             select pg_catalog.round(pg_catalog.percentile_cont(0.5) within group (
                      order by extract(epoch from (first_response_at - created_at))))::integer
               from last_week where first_response_at is not null),
           'answered_within_promise', (
             select pg_catalog.count(*) from last_week
              where first_response_at is not null and first_response_at - created_at <= promise),
           'overdue_now', (
             select pg_catalog.count(*) from public.contact_submissions as enquiry
              where enquiry.first_response_at is null and enquiry.held_at is null
                and enquiry.status in ('new', 'in_progress')
                and enquiry.created_at + promise <= _now),
           'won', (select pg_catalog.count(*) from outcomes where outcome = 'won'),
           'lost', (select pg_catalog.count(*) from outcomes where outcome = 'lost'),
           'promise_hours', extract(epoch from promise)::integer / 3600
         )
    into summary;

  insert into private.enquiry_mail_jobs (kind, payload)
  values ('weekly_summary', summary)
  on conflict ((payload ->> 'week_start')) where kind = 'weekly_summary' do nothing
  returning id into queued_id;

  return queued_id is not null;
end;
$$;

COMMENT ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) IS 'Queues one weekly_summary mail per week to the staff address, from Monday 08:00 Europe/London (as of _now): last week''s enquiries that are not held, by interest and by source (the top 20, the rest as "(other)"), median first response, answered within the promise, overdue now, and won and lost: enquiries whose last status change in that week set them won or lost and which still are, whenever they arrived. True when it queued one. Hourly by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) TO service_role;

CREATE FUNCTION private.send_reply_reminders(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  promise interval := private.reply_promise();
  reminder_count integer;
  escalation_count integer;
begin
  -- reminder: from 4 hours before the due time until it; skipped when a late run finds the due
  -- time already passed (the escalation says more). recorded holds the enquiries not reminded
  -- before; only those get a job.
  with due as (
    select enquiry.id
      from public.contact_submissions as enquiry
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise - interval '4 hours' <= _now
       and enquiry.created_at + promise > _now
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind)
    select due.id, 'reply_reminder' from due
    on conflict (submission_id, kind) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'reply_reminder',
           enquiry.id,
           account.email,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into reminder_count from queued;

  with due as (
    select enquiry.id
      from public.contact_submissions as enquiry
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise <= _now
       and enquiry.created_at + promise > _now - interval '7 days'
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind)
    select due.id, 'reply_escalation' from due
    on conflict (submission_id, kind) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    select 'reply_escalation',
           enquiry.id,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into escalation_count from queued;

  return pg_catalog.jsonb_build_object('reminders', reminder_count, 'escalations', escalation_count);
end;
$$;

COMMENT ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) IS 'Queues, as of _now, one reply_reminder per open unanswered enquiry from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); each at most once per enquiry, recorded in private.enquiry_reply_alerts so that erasing or trimming the mail does not send it again; none for held, spam, won, lost or answered enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_overview(_since timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  zone constant text := 'Europe/London';
  local_now timestamp := pg_catalog.now() at time zone zone;
  week_start timestamp := pg_catalog.date_trunc('week', local_now);
  month_start timestamp := pg_catalog.date_trunc('month', local_now);
  -- the 12 Mondays 00:00 London time as instants, oldest first, and the end of this week.
  starts timestamptz[] := array(
    select week_list.week at time zone zone
      from pg_catalog.generate_series(
             week_start - interval '11 weeks', week_start, interval '1 week'
           ) as week_list (week)
     order by week_list.week
  );
  week_end timestamptz := (week_start + interval '1 week') at time zone zone;
  totals jsonb;
  by_status jsonb;
  weekly jsonb;
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see the enquiry overview.';
  end if;

  select pg_catalog.jsonb_build_object(
           'this_week', count(*) filter (where s.created_at >= (week_start at time zone zone)),
           'previous_week', count(*) filter (
             where s.created_at >= ((week_start - interval '7 days') at time zone zone)
               and s.created_at < ((local_now - interval '7 days') at time zone zone)
           ),
           'this_month', count(*) filter (where s.created_at >= (month_start at time zone zone)),
           'previous_month', count(*) filter (
             where s.created_at >= ((month_start - interval '1 month') at time zone zone)
               and s.created_at < (
                 least(local_now - interval '1 month', month_start) at time zone zone
               )
           ),
           'open', count(*) filter (where s.status in ('new', 'in_progress')),
           -- closed: worked to an outcome, won or lost; spam is neither open nor closed.
           'closed', count(*) filter (where s.status in ('won', 'lost')),
           'total', count(*),
           'latest_created_at', max(s.created_at),
           'arrived_since', count(*) filter (where _since is not null and s.created_at > _since)
         )
    into totals
    from public.contact_submissions as s
   where s.held_at is null;

  select coalesce(pg_catalog.jsonb_object_agg(counted.status, counted.n), '{}'::jsonb)
    into by_status
    from (
      select s.status, count(*)::int as n
        from public.contact_submissions as s
       where s.held_at is null
       group by s.status
    ) as counted;

  select coalesce(
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'week_start', pg_catalog.to_char(weeks.week, 'YYYY-MM-DD'),
               'total', coalesce(per_week.total, 0),
               'by_interest', coalesce(per_week.by_interest, '{}'::jsonb)
             )
             order by weeks.week
           ),
           '[]'::jsonb
         )
    into weekly
    from pg_catalog.generate_series(
           week_start - interval '11 weeks', week_start, interval '1 week'
         ) with ordinality as weeks (week, bucket)
    left join (
      select grouped.bucket,
             sum(grouped.n)::int as total,
             pg_catalog.jsonb_object_agg(grouped.interest, grouped.n) as by_interest
        from (
          -- each arrival's week by a binary search of the 12 Mondays, not by converting it.
          select pg_catalog.width_bucket(s.created_at, starts) as bucket,
                 s."Interest" as interest,
                 count(*)::int as n
            from public.contact_submissions as s
           where s.created_at >= starts[1]
             and s.created_at < week_end
             and s.held_at is null
           group by 1, 2
        ) as grouped
       group by grouped.bucket
    ) as per_week on per_week.bucket = weeks.bucket;

  return totals
    || pg_catalog.jsonb_build_object('by_status', by_status, 'weekly', weekly);
end;
$$;

COMMENT ON FUNCTION public.enquiry_overview(_since timestamp with time zone) IS 'Admin-only dashboard figures over every enquiry that is not held; refuses non-admins (42501). open is new and in progress, closed is won and lost (spam is neither). Each arrival''s week is found by width_bucket over the 12 London week starts.';

REVOKE ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_response_overview(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  zone constant text := 'Europe/London';
  promise interval := private.reply_promise();
  week_start timestamp := pg_catalog.date_trunc('week', _now at time zone zone);
  -- the 12 Mondays 00:00 London time as instants, oldest first, and the end of this week.
  starts timestamptz[] := array(
    select week_list.week at time zone zone
      from pg_catalog.generate_series(
             week_start - interval '11 weeks', week_start, interval '1 week'
           ) as week_list (week)
     order by week_list.week
  );
  week_end timestamptz := (week_start + interval '1 week') at time zone zone;
  weeks jsonb;
  awaiting integer;
  late integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see the response figures.';
  end if;

  -- per week of arrival: enquiries owed a reply (not spam, not held), those answered, the median
  -- first response of the answered, and the share answered within the promise of those whose
  -- reply is answered or due by _now (null when none is).
  select pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object(
             'week_start', pg_catalog.to_char(weeks_list.week, 'YYYY-MM-DD'),
             'received', coalesce(figures.received, 0),
             'answered', coalesce(figures.answered, 0),
             'answered_within_promise', coalesce(figures.within, 0),
             'median_first_response_seconds', figures.median_seconds,
             'share_within_promise', case
               when coalesce(figures.owed, 0) = 0 then null
               else pg_catalog.round(figures.within::numeric / figures.owed, 4)
             end
           )
           order by weeks_list.week
         )
    into weeks
    from pg_catalog.generate_series(week_start - interval '11 weeks', week_start, interval '1 week')
           with ordinality as weeks_list (week, bucket)
    left join (
      -- each enquiry's week by a binary search of the 12 Mondays (width_bucket), not by
      -- converting every arrival to London time.
      select pg_catalog.width_bucket(enquiry.created_at, starts) as bucket,
             pg_catalog.count(*)::integer as received,
             -- owed by _now: answered, or its reply due by then; one still inside its promise
             -- and unanswered is neither a success nor a failure yet.
             pg_catalog.count(*) filter (
               where enquiry.first_response_at is not null
                  or enquiry.created_at + promise <= _now
             )::integer as owed,
             pg_catalog.count(enquiry.first_response_at)::integer as answered,
             pg_catalog.count(*) filter (
               where enquiry.first_response_at - enquiry.created_at <= promise
             )::integer as within,
             pg_catalog.round(pg_catalog.percentile_cont(0.5) within group (
               order by extract(epoch from (enquiry.first_response_at - enquiry.created_at))
             ))::integer as median_seconds
        from public.contact_submissions as enquiry
       where enquiry.created_at >= starts[1]
         and enquiry.created_at < week_end
         and enquiry.status <> 'spam'
         and enquiry.held_at is null
       group by 1
    ) as figures on figures.bucket = weeks_list.bucket;

  -- the same conditions as contact_submissions_awaiting_reply_idx, so the planner uses it.
  select pg_catalog.count(*)::integer,
         (pg_catalog.count(*) filter (where enquiry.created_at + promise <= _now))::integer
    into awaiting, late
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress');

  return pg_catalog.jsonb_build_object(
    'promise_seconds', extract(epoch from promise)::integer,
    'awaiting_reply', awaiting,
    'overdue', late,
    'this_week', weeks -> 11,
    'last_week', weeks -> 10,
    'weeks', weeks
  );
end;
$$;

COMMENT ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) IS 'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise of those answered or due by _now (null when none is); this_week and last_week pick two of them; awaiting_reply counts the open enquiries without a first response now and overdue those of them past their due time at _now. Over every enquiry; 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_source_overview(_now timestamp with time zone DEFAULT now()) RETURNS TABLE(dimension text, value text, enquiries integer, won integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see where enquiries come from.';
  end if;
  return query
  with recent as materialized (
    select coalesce(enquiry.utm_source, enquiry.referrer_host, '(direct)') as source,
           coalesce(enquiry.landing_page, '(unknown)') as landing_page,
           enquiry.status = 'won' as is_won
      from public.contact_submissions as enquiry
     where enquiry.created_at >= _now - interval '12 weeks'
       and enquiry.created_at <= _now
       and enquiry.status <> 'spam'
       and enquiry.held_at is null
  ),
  grouped as (
    select 'source'::text as dimension,
           recent.source as value,
           pg_catalog.count(*)::integer as enquiries,
           (pg_catalog.count(*) filter (where recent.is_won))::integer as won
      from recent group by 2
    union all
    select 'landing_page'::text,
           recent.landing_page,
           pg_catalog.count(*)::integer,
           (pg_catalog.count(*) filter (where recent.is_won))::integer
      from recent group by 2
  ),
  ranked as (
    select grouped.*,
           pg_catalog.row_number() over (
             partition by grouped.dimension order by grouped.enquiries desc, grouped.value
           ) as place
      from grouped
  )
  select kept.dimension, kept.value, kept.enquiries, kept.won
    from (
      select ranked.dimension,
             case when ranked.place <= 20 then ranked.value else '(other)' end as value,
             sum(ranked.enquiries)::integer as enquiries,
             sum(ranked.won)::integer as won,
             pg_catalog.min(ranked.place) > 20 as is_other
        from ranked
       group by 1, 2
    ) as kept
   order by kept.dimension, kept.is_other, kept.enquiries desc, kept.value;
end;
$$;

COMMENT ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) IS 'Admins only (aal2): enquiries (not spam, not held) of the 12 weeks to _now and how many were won, by source (utm_source, else the referrer''s host, else "(direct)") and by landing page ("(unknown)" before it was recorded): the top 20 of each, most first, then one "(other)" row adding up the rest. 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object(
    'overview', public.enquiry_overview(_since),
    'response', public.enquiry_response_overview(),
    'sources', coalesce(
      (select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source))
         from public.enquiry_source_overview() as source),
      '[]'::jsonb));
$$;

COMMENT ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) IS 'Admins only (aal2): { overview: enquiry_overview(_since), response: enquiry_response_overview(), sources: the rows of enquiry_source_overview() }, one request for the dashboard''s figures. 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) TO service_role;

CREATE TRIGGER contact_submissions_guard_first_response BEFORE INSERT OR UPDATE ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.guard_first_response();

-- Scheduled where pg_cron is installed (hosted Supabase: Database > Extensions > pg_cron; run
-- this block again if the extension came later). cron.schedule replaces a job of the same name.
DO $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('send-reply-reminders', '*/5 * * * *', 'select private.send_reply_reminders()');
    perform cron.schedule('queue-weekly-summary', '2 * * * *', 'select private.queue_weekly_summary()');
  end if;
end
$$;

-- ===== supabase/schemas/07_privacy.sql =====

-- Privacy: retention and the rights of the people whose data is held.
--
-- Enquiries are kept for the period the privacy policy states after their last contact, audit
-- entries for theirs; a daily job deletes what is past it. Staff admins can export everything
-- held about an e-mail address (access) or erase it (erasure), each audited with counts only.

CREATE FUNCTION private.retention_periods() RETURNS TABLE(enquiry_months integer, audit_log_months integer)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 24, 24;
$$;

COMMENT ON FUNCTION private.retention_periods() IS 'The retention periods in months: enquiries after their last contact, and audit entries after they were written. The privacy policy states the same figures.';

REVOKE ALL ON FUNCTION private.retention_periods() FROM PUBLIC;
GRANT ALL ON FUNCTION private.retention_periods() TO service_role;

CREATE FUNCTION private.delete_enquiries(_ids uuid[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  id_texts text[] := coalesce(_ids::text[], '{}');
  note_count integer;
  follow_up_count integer;
  source_count integer;
  job_count integer;
  digest_count integer;
  enquiry_count integer;
begin
  -- notes and follow-ups go with their enquiries (cascade): counted first.
  select pg_catalog.count(*)::integer into note_count
    from public.enquiry_notes as note where note.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into follow_up_count
    from public.enquiry_follow_ups as follow_up where follow_up.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into source_count
    from private.enquiry_sources as source where source.submission_id = any(_ids);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.submission_id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  -- a digest carries snapshots of several enquiries: drop these ones, and the digest itself
  -- when nothing is left in it.
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not (entry ->> 'id') = any(id_texts)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where (entry ->> 'id') = any(id_texts)
     );
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  with removed as (
    delete from public.contact_submissions as enquiry
     where enquiry.id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into enquiry_count from removed;
  -- the delete trigger's per-enquiry audit entries: the caller writes one entry for the whole.
  delete from public.audit_log as entry
   where entry.action = 'admin_enquiry_deleted'
     and entry.resource = 'contact_submissions'
     and entry.resource_id = any(id_texts)
     and entry.created_at = pg_catalog.now();
  return pg_catalog.jsonb_build_object(
    'contact_submissions', enquiry_count,
    'enquiry_notes', note_count,
    'enquiry_follow_ups', follow_up_count,
    'enquiry_sources', source_count,
    'enquiry_mail_jobs', job_count + digest_count
  );
end;
$$;

COMMENT ON FUNCTION private.delete_enquiries(_ids uuid[]) IS 'Deletes enquiries with their notes, follow-ups, client addresses, outbox jobs and digest entries, without per-enquiry audit entries; returns counts per table. For apply_retention, erase_subject_data and the bulk delete.';

REVOKE ALL ON FUNCTION private.delete_enquiries(_ids uuid[]) FROM PUBLIC;

CREATE FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  actor_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
begin
  if _hide_email is not null and pg_catalog.lower(actor_email) = pg_catalog.lower(_hide_email) then
    actor_email := null;
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (auth.uid(), actor_email, _action, _resource, _resource_id, _details);
end;
$$;

COMMENT ON FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text) IS 'Appends one audit_log entry for the caller; drops the caller''s e-mail when it equals _hide_email.';

REVOKE ALL ON FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text) FROM PUBLIC;

CREATE FUNCTION private.apply_retention(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  periods record;
  enquiry_cutoff timestamptz;
  audit_cutoff timestamptz;
  expired uuid[];
  counts jsonb;
  orphan_count integer;
  audit_count integer;
  rate_count integer;
  total integer;
begin
  -- two runs at once would count the same rows twice.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('private.apply_retention'));

  select * into periods from private.retention_periods();
  enquiry_cutoff := _now - pg_catalog.make_interval(months => periods.enquiry_months);
  audit_cutoff := _now - pg_catalog.make_interval(months => periods.audit_log_months);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into expired
    from public.contact_submissions as enquiry
   where coalesce(enquiry.last_contacted_at, enquiry.created_at) < enquiry_cutoff;

  counts := private.delete_enquiries(expired);

  -- mail about enquiries deleted before: a digest past the period keeps only the entries of
  -- enquiries that still exist...
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where private.digest_entry_is_live(entry)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and job.created_at < enquiry_cutoff
     and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
     and pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where not private.digest_entry_is_live(entry)
     );

  -- ...and a job past the period whose enquiry is gone, or a digest left empty, is deleted.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.created_at < enquiry_cutoff
       and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
       and (
         (job.kind <> 'staff_digest' and job.submission_id is null)
         or (
           job.kind = 'staff_digest'
           and pg_catalog.jsonb_array_length(
                 case
                   when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                     then job.payload -> 'enquiries'
                   else '[]'::jsonb
                 end
               ) = 0
         )
       )
    returning 1
  )
  select pg_catalog.count(*)::integer into orphan_count from removed;

  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + orphan_count)
  );

  with removed as (
    delete from public.audit_log as entry
     where entry.created_at < audit_cutoff
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from removed;

  counts := counts || pg_catalog.jsonb_build_object('audit_log', audit_count);

  -- the hourly rate counts of browser audit entries and reply mail need no row older than an
  -- hour; each write purges them too, but a quiet hour leaves the last ones standing.
  with removed as (
    delete from private.audit_browser_writes as old
     where old.created_at <= _now - interval '1 hour'
    returning 1
  ), removed_releases as (
    delete from private.reply_mail_releases as old
     where old.released_at <= _now - interval '1 hour'
    returning 1
  )
  select (select pg_catalog.count(*) from removed) + (select pg_catalog.count(*) from removed_releases)
    into rate_count;

  counts := counts || pg_catalog.jsonb_build_object('rate_records', rate_count);

  select pg_catalog.sum(value::integer)::integer into total
    from pg_catalog.jsonb_each_text(counts);

  if total > 0 then
    perform private.write_privacy_audit(
      'admin_retention_applied',
      'retention',
      null,
      counts || pg_catalog.jsonb_build_object(
        'enquiry_months', periods.enquiry_months,
        'audit_log_months', periods.audit_log_months
      )
    );
  end if;

  return counts;
end;
$$;

COMMENT ON FUNCTION private.apply_retention(_now timestamp with time zone) IS 'Deletes enquiries (and their notes, client addresses and mail) past the retention period after their last contact, mail whose enquiry was deleted once it was queued longer ago than that period, audit entries past theirs, and the hourly rate records (browser audit writes, reply mail releases) older than an hour, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.apply_retention(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.apply_retention(_now timestamp with time zone) TO service_role;

CREATE FUNCTION private.email_mention_pattern(_email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- every character but letters and digits escaped, so the address matches only itself; the
  -- lookarounds refuse a match inside a longer address (a local part before it, a domain
  -- label after it) but allow a full stop that ends a sentence.
  select '(?<![[:alnum:]._%+-])'
      || pg_catalog.regexp_replace(_email, '([^[:alnum:]])', '\\\1', 'g')
      || '(?![[:alnum:]_-]|\.[[:alnum:]])';
$$;

COMMENT ON FUNCTION private.email_mention_pattern(_email text) IS 'A regular expression matching the (lower-case) address as a whole address in free text, not inside a longer one. Use with a case-insensitive operator.';

REVOKE ALL ON FUNCTION private.email_mention_pattern(_email text) FROM PUBLIC;

CREATE FUNCTION private.require_subject_email(_email text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  cleaned text := pg_catalog.lower(pg_catalog.btrim(coalesce(_email, '')));
begin
  if cleaned !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or pg_catalog.char_length(cleaned) > 255 then
    raise exception using
      errcode = '22023',
      message = 'Enter the e-mail address whose data you are looking for, e.g. name@example.com.',
      hint = 'subject_email_invalid';
  end if;
  return cleaned;
end;
$_$;

COMMENT ON FUNCTION private.require_subject_email(_email text) IS 'The address lower-cased and trimmed, or 22023 (hint subject_email_invalid) when it is not an e-mail address.';

REVOKE ALL ON FUNCTION private.require_subject_email(_email text) FROM PUBLIC;

CREATE FUNCTION private.json_names_email(_document jsonb, _email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _document is not null
     and pg_catalog.strpos(pg_catalog.lower(_document::text), _email) > 0;
$$;

COMMENT ON FUNCTION private.json_names_email(_document jsonb, _email text) IS 'True when the JSON text contains the (lower-case) address.';

REVOKE ALL ON FUNCTION private.json_names_email(_document jsonb, _email text) FROM PUBLIC;

CREATE FUNCTION private.note_body_without_email(_body text, _email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- the result still meets the note's checks: at most 5000 characters, no surrounding space.
  select pg_catalog.regexp_replace(
           pg_catalog.left(
             pg_catalog.regexp_replace(
               _body, private.email_mention_pattern(_email), '[address removed]', 'gi'
             ),
             5000
           ),
           '^\s+|\s+$',
           '',
           'g'
         );
$_$;

COMMENT ON FUNCTION private.note_body_without_email(_body text, _email text) IS 'A note''s text with every mention of the (lower-case) address replaced by "[address removed]", within the note''s length and trim checks.';

REVOKE ALL ON FUNCTION private.note_body_without_email(_body text, _email text) FROM PUBLIC;

CREATE FUNCTION private.text_names_email(_text text, _email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _text is not null and _text ~* private.email_mention_pattern(_email);
$$;

COMMENT ON FUNCTION private.text_names_email(_text text, _email text) IS 'True when free text names the (lower-case) address as a whole address, in any case.';

REVOKE ALL ON FUNCTION private.text_names_email(_text text, _email text) FROM PUBLIC;

CREATE FUNCTION private.erase_subject_data(_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  address text;
  ids uuid[];
  counts jsonb;
  reply_count integer;
  job_count integer;
  digest_count integer;
  note_author_count integer;
  note_mention_count integer;
  audit_count integer;
  reply_author_count integer;
  reply_mention_count integer;
  call_note_count integer;
  follow_up_staff_count integer;
  follow_up_mention_count integer;
  browser_count integer;
  release_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);
  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;
  -- replies on the address's enquiries go with them (cascade): counted first.
  select pg_catalog.count(*)::integer into reply_count
    from public.enquiry_replies as reply where reply.submission_id = any(ids);
  counts := private.delete_enquiries(ids);
  -- mail to or about the address that is no longer tied to one of its enquiries.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind <> 'staff_digest'
       and (pg_catalog.lower(job.recipient) = address or private.json_names_email(job.payload, address))
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not private.json_names_email(entry, address)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and private.json_names_email(job.payload, address);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  -- a staff member's address on notes they wrote about other enquiries: the note stays, the
  -- address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set author_email = null
     where pg_catalog.lower(note.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into note_author_count from scrubbed;
  -- a note on someone else's enquiry that names the address: the note is about that enquiry
  -- and stays, the address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set body = private.note_body_without_email(note.body, address)
     where private.text_names_email(note.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into note_mention_count from scrubbed;
  -- audit entries keep what happened and when, without the address: a staff member's trail is
  -- not deleted by looking up their address, only anonymised.
  with scrubbed as (
    update public.audit_log as entry
       set user_email = case when pg_catalog.lower(entry.user_email) = address then null else entry.user_email end,
           details = case when private.json_names_email(entry.details, address) then null else entry.details end
     where pg_catalog.lower(entry.user_email) = address
        or private.json_names_email(entry.details, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from scrubbed;
  -- replies the address wrote as staff, or whose text or call note names it, on other enquiries:
  -- each keeps the rest without the address.
  with scrubbed as (
    update public.enquiry_replies as reply
       set author_email = null, author_name = null
     where pg_catalog.lower(reply.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_author_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       set body = private.note_body_without_email(reply.body, address)
     where private.text_names_email(reply.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_mention_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       -- cut to the column's 2000: "[address removed]" is longer than a short address.
       set note = nullif(pg_catalog.left(private.note_body_without_email(reply.note, address), 2000), '')
     where private.text_names_email(reply.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into call_note_count from scrubbed;
  -- follow-ups on the address's enquiries went with them; those it set or closed, or whose note
  -- names it, keep the rest without the address.
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set set_by_email = case when pg_catalog.lower(follow_up.set_by_email) = address then null else follow_up.set_by_email end,
           closed_by_email = case when pg_catalog.lower(follow_up.closed_by_email) = address then null else follow_up.closed_by_email end
     where pg_catalog.lower(follow_up.set_by_email) = address
        or pg_catalog.lower(follow_up.closed_by_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_staff_count from scrubbed;
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set note = nullif(private.note_body_without_email(follow_up.note, address), '')
     where private.text_names_email(follow_up.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_mention_count from scrubbed;
  -- the rate records of the account with this address; the account itself stays.
  with removed as (
    delete from private.audit_browser_writes as write
     where write.user_id in (select account.id from auth.users as account
                              where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into browser_count from removed;
  with removed as (
    delete from private.reply_mail_releases as release
     where release.author_id in (select account.id from auth.users as account
                                  where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into release_count from removed;
  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + job_count + digest_count)
  ) || pg_catalog.jsonb_build_object(
    'enquiry_notes_author_removed', note_author_count,
    'enquiry_notes_mentions_removed', note_mention_count,
    'audit_log_scrubbed', audit_count,
    'enquiry_replies', reply_count,
    'enquiry_replies_author_removed', reply_author_count,
    'enquiry_replies_mentions_removed', reply_mention_count,
    'enquiry_replies_note_mentions_removed', call_note_count,
    'enquiry_follow_ups_staff_removed', follow_up_staff_count,
    'enquiry_follow_ups_mentions_removed', follow_up_mention_count,
    'audit_browser_writes', browser_count,
    'reply_mail_releases', release_count
  );
  perform private.write_privacy_audit('admin_subject_erasure', 'subject_data', null, counts, address);
  return counts;
end;
$$;

COMMENT ON FUNCTION private.erase_subject_data(_email text) IS 'Admins only: deletes every enquiry from an e-mail address (any case) with its notes, replies, follow-ups, client addresses and mail, and other mail naming it; removes the address from audit entries, and from the notes, replies, call notes and follow-ups of other enquiries that it wrote, set, closed or that name it; deletes the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases), the account itself staying. One admin_subject_erasure audit entry with the counts per table. Called by public.erase_subject_data().';

REVOKE ALL ON FUNCTION private.erase_subject_data(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_subject_data(_email text) TO authenticated;

CREATE FUNCTION public.erase_subject_data(_email text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.erase_subject_data(_email);
$$;

COMMENT ON FUNCTION public.erase_subject_data(_email text) IS 'Admins only: erases everything held about an e-mail address; returns the rows removed per table. Audited as admin_subject_erasure.';

REVOKE ALL ON FUNCTION public.erase_subject_data(_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.erase_subject_data(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.erase_subject_data(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.erase_subject_data(_email text) TO service_role;

CREATE FUNCTION private.subject_access(_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  address text;
  ids uuid[];
  enquiries jsonb;
  notes jsonb;
  mentioning jsonb;
  sources jsonb;
  jobs jsonb;
  entries jsonb;
  replies jsonb;
  follow_ups jsonb;
  browser_writes jsonb;
  reply_releases jsonb;
  counts jsonb;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may look up the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(enquiry) order by enquiry.created_at), '[]')
    into enquiries
    from public.contact_submissions as enquiry
   where enquiry.id = any(ids);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into notes
    from public.enquiry_notes as note
   where note.submission_id = any(ids)
      or pg_catalog.lower(note.author_email) = address;

  -- notes on other people's enquiries that name the address in their text.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into mentioning
    from public.enquiry_notes as note
   where not (note.submission_id = any(ids))
     and pg_catalog.lower(note.author_email) is distinct from address
     and private.text_names_email(note.body, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source) order by source.created_at), '[]')
    into sources
    from private.enquiry_sources as source
   where source.submission_id = any(ids);

  select coalesce(
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'id', job.id,
               'kind', job.kind,
               'status', job.status,
               'submission_id', job.submission_id,
               'recipient', job.recipient,
               -- a digest also carries other people's enquiries: only this address's go out.
               'payload', case
                 when job.kind = 'staff_digest' then pg_catalog.jsonb_build_object(
                   'enquiries',
                   coalesce(
                     (select pg_catalog.jsonb_agg(entry)
                        from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
                       where private.json_names_email(entry, address)
                          or (entry ->> 'id') = any(ids::text[])),
                     '[]'::jsonb
                   )
                 )
                 else job.payload
               end,
               'created_at', job.created_at,
               'sent_at', job.sent_at
             )
             order by job.created_at
           ),
           '[]'
         )
    into jobs
    from private.enquiry_mail_jobs as job
   where job.submission_id = any(ids)
      or pg_catalog.lower(job.recipient) = address
      or private.json_names_email(job.payload, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(entry) order by entry.created_at), '[]')
    into entries
    from public.audit_log as entry
   where pg_catalog.lower(entry.user_email) = address
      or private.json_names_email(entry.details, address);

  -- replies and contacts on its enquiries, written by it, or whose text or call note names it.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(reply) order by reply.created_at), '[]')
    into replies
    from public.enquiry_replies as reply
   where reply.submission_id = any(ids)
      or pg_catalog.lower(reply.author_email) = address
      or private.text_names_email(reply.body, address)
      or private.text_names_email(reply.note, address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(follow_up) order by follow_up.created_at), '[]')
    into follow_ups
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = any(ids)
      or pg_catalog.lower(follow_up.set_by_email) = address
      or pg_catalog.lower(follow_up.closed_by_email) = address
      or private.text_names_email(follow_up.note, address);
  -- the rate records of the account with this address, if there is one.
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('created_at', write.created_at, 'client_address', write.client_address)
           order by write.created_at), '[]')
    into browser_writes
    from private.audit_browser_writes as write
   where write.user_id in (select account.id from auth.users as account
                            where pg_catalog.lower(account.email) = address);
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('released_at', release.released_at)
           order by release.released_at), '[]')
    into reply_releases
    from private.reply_mail_releases as release
   where release.author_id in (select account.id from auth.users as account
                                where pg_catalog.lower(account.email) = address);
  counts := pg_catalog.jsonb_build_object(
    'contact_submissions', pg_catalog.jsonb_array_length(enquiries),
    'enquiry_notes', pg_catalog.jsonb_array_length(notes),
    'enquiry_notes_mentioning', pg_catalog.jsonb_array_length(mentioning),
    'enquiry_sources', pg_catalog.jsonb_array_length(sources),
    'enquiry_mail_jobs', pg_catalog.jsonb_array_length(jobs),
    'audit_log', pg_catalog.jsonb_array_length(entries),
    'enquiry_replies', pg_catalog.jsonb_array_length(replies),
    'enquiry_follow_ups', pg_catalog.jsonb_array_length(follow_ups),
    'audit_browser_writes', pg_catalog.jsonb_array_length(browser_writes),
    'reply_mail_releases', pg_catalog.jsonb_array_length(reply_releases)
  );

  perform private.write_privacy_audit('admin_subject_access', 'subject_data', null, counts, address);

  return pg_catalog.jsonb_build_object(
    'email', address,
    'generated_at', pg_catalog.now(),
    'counts', counts,
    'contact_submissions', enquiries,
    'enquiry_notes', notes,
    'enquiry_notes_mentioning', mentioning,
    'enquiry_sources', sources,
    'enquiry_mail_jobs', jobs,
    'audit_log', entries,
    'enquiry_replies', replies,
    'enquiry_follow_ups', follow_ups,
    'audit_browser_writes', browser_writes,
    'reply_mail_releases', reply_releases
  );
end;
$$;

COMMENT ON FUNCTION private.subject_access(_email text) IS 'Admins only: everything held about an e-mail address (any case) as one JSON document: its enquiries with their notes, sources and mail; other enquiries'' notes whose text names it (enquiry_notes_mentioning); replies and contacts on its enquiries, written by it, or whose text or call note names it; follow-ups on its enquiries, set or closed by it, or whose note names it; audit entries about it; and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases). Audited as admin_subject_access with counts only. Called by public.subject_access().';

REVOKE ALL ON FUNCTION private.subject_access(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.subject_access(_email text) TO authenticated;

CREATE FUNCTION public.subject_access(_email text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.subject_access(_email);
$$;

COMMENT ON FUNCTION public.subject_access(_email text) IS 'Admins only: everything held about an e-mail address, as JSON (access and portability). Audited as admin_subject_access.';

REVOKE ALL ON FUNCTION public.subject_access(_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.subject_access(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.subject_access(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.subject_access(_email text) TO service_role;

-- Scheduled where pg_cron is installed (hosted Supabase: Database > Extensions > pg_cron; run
-- this block again if the extension came later). cron.schedule replaces a job of the same name.
DO $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('apply-retention', '17 3 * * *', 'select private.apply_retention()');
  end if;
end
$$;

