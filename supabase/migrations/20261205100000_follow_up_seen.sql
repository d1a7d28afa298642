-- A follow-up, its closing and a logged call carry what the writer saw, as the enquiry's fields
-- already do: set_enquiry_follow_up() replaces the open follow-up only while it is the one the
-- writer last saw (_replaces), close_enquiry_follow_up() refuses one a colleague closed or
-- replaced since, and record_enquiry_contact() moves the last-contacted date only from the one
-- the writer saw (_seen_last_contacted). Each refusal has hint enquiry_changed_since_seen and
-- names who made the change and when. The old signatures go, so no client can skip the check.

drop function if exists "private"."record_enquiry_contact"(_submission_id uuid, _channel text, _outcome text, _note text);

drop function if exists "private"."set_enquiry_follow_up"(_submission_id uuid, _due_on date, _note text);

drop function if exists "public"."record_enquiry_contact"(_submission_id uuid, _channel text, _outcome text, _note text);

drop function if exists "public"."set_enquiry_follow_up"(_submission_id uuid, _due_on date, _note text);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.raise_enquiry_follow_up_changed(_enquiry contact_submissions, _seen uuid, _message text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text, _seen_last_contacted timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  enquiry public.contact_submissions;
  outcome text := _outcome;
  note text := nullif(pg_catalog.btrim(coalesce(_note, ''), E' \t\r\n'), '');
  counts boolean;
  contact_id uuid;
  last_change jsonb;
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
  -- a contact that counts moves the last-contacted date: only from the one the writer saw, so a
  -- colleague's call or date since is named, not silently replaced.
  if counts and enquiry.last_contacted_at is distinct from _seen_last_contacted then
    last_change := private.enquiry_field_last_change(enquiry.id, 'last_contacted_at');
    raise exception using
      errcode = 'P0001',
      message = 'The last-contacted date changed after you opened this enquiry, so the contact was not recorded.',
      detail = pg_catalog.jsonb_build_object(
        'field', 'last_contacted_at',
        'seen', _seen_last_contacted,
        'current', enquiry.last_contacted_at,
        'changed_by', last_change -> 'changed_by',
        'changed_at', last_change -> 'changed_at',
        'enquiry', pg_catalog.to_jsonb(enquiry)
      )::text,
      hint = 'enquiry_changed_since_seen';
  end if;

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
$function$
;

CREATE OR REPLACE FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text, _seen_last_contacted timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.record_enquiry_contact(_submission_id, _channel, _outcome, _note, _seen_last_contacted);
$function$
;

CREATE OR REPLACE FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text DEFAULT NULL::text, _replaces uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.set_enquiry_follow_up(_submission_id, _due_on, _note, _replaces);
$function$
;

CREATE OR REPLACE FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;



REVOKE ALL ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO authenticated;
REVOKE ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;
REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO service_role;
-- check by hand: FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) has no grants left in supabase/schemas
-- check by hand: FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) has no grants left in supabase/schemas
-- check by hand: FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text) has no grants left in supabase/schemas
-- check by hand: FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text) has no grants left in supabase/schemas

COMMENT ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only: marks an open follow-up done or cleared and audits it (admin_enquiry_follow_up_done or _cleared), holding the enquiry''s row lock as set_enquiry_follow_up() does. One a colleague closed or replaced since is refused through private.raise_enquiry_follow_up_changed(). Called by public.close_enquiry_follow_up().';
COMMENT ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) IS 'For the follow-up RPCs: raises P0001 with _message, hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen (the follow-up id the writer saw open, or null), current (the open follow-up now, or null), change (set, replaced, done or cleared), changed_by (staff name, else the address kept), changed_at, enquiry}: what became of the one seen when it is closed, else who set the one open now.';
COMMENT ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) IS 'Admins only: records a call (phone, with its outcome: reached, voicemail or no_answer; reached when none is given) or a reply from the staff member''s own mailbox (email), with an optional note, and audits it. Only a contact that counts (private.contact_counts) moves last_contacted_at, and only while it still holds _seen_last_contacted (what the writer saw; null for none): otherwise P0001, hint enquiry_changed_since_seen, with the detail save_enquiry_field() gives for last_contacted_at, and nothing is recorded. Called by public.record_enquiry_contact().';
COMMENT ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only: sets the enquiry''s follow-up, due on a London day not in the past, with a trimmed note of at most 5000 characters or none, replacing the open one only while it is _replaces (the one the writer last saw open; null for none), under the enquiry''s row lock; audited as admin_enquiry_follow_up_set without the note. An open one with the same day and note is no change. Otherwise refused through private.raise_enquiry_follow_up_changed(). Called by public.set_enquiry_follow_up().';
COMMENT ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only (aal2): closes an open follow-up as done or cleared. 42501 for others, 22023 for another outcome, P0002 for an unknown follow-up; one no longer open (closed or replaced since it was seen) is refused with P0001, hint enquiry_changed_since_seen, detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry} naming who closed or replaced it and when.';
COMMENT ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) IS 'Admins only (aal2): records that the enquirer was called (with the outcome: reached, voicemail or no_answer) or answered from the staff member''s own mailbox, with an optional note; returns the contact id. A call nobody answered changes nothing on the enquiry; one that counts moves the last-contacted date only from _seen_last_contacted (what the caller saw, null for none), else P0001 with hint enquiry_changed_since_seen naming who changed it and when. 42501 for others, 22023 for another channel, outcome or an over-long note.';
COMMENT ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only (aal2): sets the enquiry''s one open follow-up for a day, today or later in London, with an optional note; returns its id. _replaces is the open follow-up the caller last saw (null for none): when the open one is another (a colleague set, replaced or closed one since), P0001 with hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry}. 42501 for others, 22023 for a past date or an over-long note, P0002 for an unknown enquiry.';
