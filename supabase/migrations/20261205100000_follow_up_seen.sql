drop function if exists "private"."set_enquiry_follow_up"(_submission_id uuid, _due_on date, _note text);

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

