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

REVOKE ALL ON FUNCTION public.record_enquiry_export(exported integer, status text, interest text, timeline text, searched boolean) FROM PUBLIC, anon, authenticated, service_role;
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

CREATE INDEX audit_log_enquiry_idx ON public.audit_log USING btree (resource_id, created_at DESC) WHERE (resource = 'contact_submissions'::text);

CREATE INDEX audit_log_user_id_idx ON public.audit_log USING btree (user_id);

CREATE TRIGGER audit_log_browser_rules BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.check_browser_audit_entry();

CREATE POLICY "admins read the audit log" ON public.audit_log FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "users record their own browser events" ON public.audit_log FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND ((user_email IS NULL) OR (lower(user_email) = lower((( SELECT auth.jwt() AS jwt) ->> 'email'::text))))));
