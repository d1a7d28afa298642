-- The enquiry workflow: follow-ups, the day staff mean to get back to an enquiry (one open at a
-- time).
--
-- Setting or replacing one, closing it (done or cleared), the list of those due, the reminder
-- mail to staff, and the refusal when a colleague changed it since the writer saw it.

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

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_pkey PRIMARY KEY (id);

ALTER TABLE public.enquiry_follow_ups ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.enquiry_follow_ups FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO authenticated;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO service_role;

GRANT UPDATE(due_on) ON TABLE public.enquiry_follow_ups TO service_role;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_set_by_fkey FOREIGN KEY (set_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
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

  -- the enquiry's row is the lock every follow-up change takes, so a set and a close of the
  -- same enquiry's follow-up run one after the other.
  select target.* into enquiry
    from public.contact_submissions as target
   where target.id = (
     select follow_up.submission_id from public.enquiry_follow_ups as follow_up
      where follow_up.id = _follow_up_id
   )
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'There is no such follow-up.',
      hint = 'enquiry_follow_up_not_found';
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = _outcome, closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = pg_catalog.left(auth.jwt() ->> 'email', 255)
   where follow_up.id = _follow_up_id and follow_up.state = 'open'
  returning follow_up.* into closed;
  if closed.id is null then
    perform private.raise_enquiry_follow_up_changed(
      enquiry,
      _follow_up_id,
      'This follow-up was closed or replaced after you opened the enquiry, so nothing was changed.'
    );
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

COMMENT ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only: marks an open follow-up done or cleared and audits it (admin_enquiry_follow_up_done or _cleared), holding the enquiry''s row lock as set_enquiry_follow_up() does. One a colleague closed or replaced since is refused through private.raise_enquiry_follow_up_changed(). Called by public.close_enquiry_follow_up().';

COMMENT ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only (aal2): closes an open follow-up as done or cleared. 42501 for others, 22023 for another outcome, P0002 for an unknown follow-up; one no longer open (closed or replaced since it was seen) is refused with P0001, hint enquiry_changed_since_seen, detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry} naming who closed or replaced it and when.';

REVOKE ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;

REVOKE ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO service_role;

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

REVOKE ALL ON FUNCTION public.enquiry_follow_ups_due() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO service_role;

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

CREATE FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  open_one public.enquiry_follow_ups;
  seen_one public.enquiry_follow_ups;
  change text;
  changed_by text;
  changed_at timestamp with time zone;
begin
  select * into open_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = _enquiry.id and follow_up.state = 'open';
  select * into seen_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.id = _seen and follow_up.submission_id = _enquiry.id;
  if seen_one.id is not null and seen_one.state <> 'open' then
    -- what became of the follow-up the writer saw: done, cleared or replaced, by whom and when.
    change := seen_one.state;
    changed_by := coalesce(private.staff_display_name(seen_one.closed_by), seen_one.closed_by_email);
    changed_at := seen_one.closed_at;
  elsif open_one.id is not null then
    -- the writer saw none (or not this one): who set the one open now.
    change := 'set';
    changed_by := coalesce(private.staff_display_name(open_one.set_by), open_one.set_by_email);
    changed_at := open_one.created_at;
  end if;
  raise exception using
    errcode = 'P0001',
    message = _message,
    detail = pg_catalog.jsonb_build_object(
      'field', 'follow_up',
      'seen', _seen,
      'current', case when open_one.id is null then null else pg_catalog.to_jsonb(open_one) end,
      'change', change,
      'changed_by', changed_by,
      'changed_at', changed_at,
      'enquiry', pg_catalog.to_jsonb(_enquiry)
    )::text,
    hint = 'enquiry_changed_since_seen';
end;
$$;

COMMENT ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) IS 'For the follow-up RPCs: raises P0001 with _message, hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen (the follow-up id the writer saw open, or null), current (the open follow-up now, or null), change (set, replaced, done or cleared), changed_by (staff name, else the address kept), changed_at, enquiry}: what became of the one seen when it is closed, else who set the one open now.';

REVOKE ALL ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) FROM PUBLIC;

CREATE FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  trimmed_note text := nullif(pg_catalog.regexp_replace(coalesce(_note, ''), '^\s+|\s+$', '', 'g'), '');
  caller_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
  enquiry public.contact_submissions;
  open_one public.enquiry_follow_ups;
  follow_up_id uuid;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may set follow-ups.';
  end if;
  select target.* into enquiry
    from public.contact_submissions as target
   where target.id = _submission_id
     for update;
  if enquiry.id is null then
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

  select * into open_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = enquiry.id and follow_up.state = 'open';
  if open_one.id is distinct from _replaces then
    -- already what this writer asks for: nothing to write, nothing lost.
    if open_one.due_on = _due_on and open_one.note is not distinct from trimmed_note then
      return open_one.id;
    end if;
    perform private.raise_enquiry_follow_up_changed(
      enquiry,
      _replaces,
      'The follow-up changed after you opened the enquiry, so yours was not set.'
    );
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = 'replaced', closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = caller_email
   where follow_up.id = open_one.id;

  insert into public.enquiry_follow_ups (submission_id, due_on, note, set_by, set_by_email)
  values (enquiry.id, _due_on, trimmed_note, auth.uid(), caller_email)
  returning id into follow_up_id;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_set',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'follow_up_id', follow_up_id,
      'due_on', _due_on,
      'has_note', trimmed_note is not null,
      'replaced_follow_up_id', open_one.id
    ))
  );
  return follow_up_id;
end;
$_$;

CREATE FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text DEFAULT NULL::text, _replaces uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_enquiry_follow_up(_submission_id, _due_on, _note, _replaces);
$$;

COMMENT ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only: sets the enquiry''s follow-up, due on a London day not in the past, with a trimmed note of at most 5000 characters or none, replacing the open one only while it is _replaces (the one the writer last saw open; null for none), under the enquiry''s row lock; audited as admin_enquiry_follow_up_set without the note. An open one with the same day and note is no change. Otherwise refused through private.raise_enquiry_follow_up_changed(). Called by public.set_enquiry_follow_up().';

COMMENT ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only (aal2): sets the enquiry''s one open follow-up for a day, today or later in London, with an optional note; returns its id. _replaces is the open follow-up the caller last saw (null for none): when the open one is another (a colleague set, replaced or closed one since), P0001 with hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry}. 42501 for others, 22023 for a past date or an over-long note, P0002 for an unknown enquiry.';

REVOKE ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO service_role;

CREATE INDEX enquiry_follow_ups_closed_by_idx ON public.enquiry_follow_ups USING btree (closed_by);

CREATE UNIQUE INDEX enquiry_follow_ups_one_open_idx ON public.enquiry_follow_ups USING btree (submission_id) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_open_due_on_idx ON public.enquiry_follow_ups USING btree (due_on) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_set_by_idx ON public.enquiry_follow_ups USING btree (set_by);

CREATE INDEX enquiry_follow_ups_submission_id_created_at_idx ON public.enquiry_follow_ups USING btree (submission_id, created_at DESC);

CREATE POLICY "admins read enquiry follow-ups" ON public.enquiry_follow_ups FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
