-- Cancelling a consultation no longer counts as answering the enquiry: unless a reply or a
-- recorded contact has, the enquiry goes back on the reply clock. The cancellation mail carries
-- the enquiry's book token while it may book again online. consultations_outside_hours() lists
-- the bookings a change of weekly hours, days off or hours on a date would leave outside them.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb DEFAULT NULL::jsonb, p_time_off jsonb DEFAULT NULL::jsonb, p_date_hours jsonb DEFAULT NULL::jsonb)
 RETURNS TABLE(id uuid, submission_id uuid, name text, company text, starts_at timestamp with time zone, ends_at timestamp with time zone, visitor_time_zone text, reason text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := auth.uid();
  zone text;
begin
  perform private.require_enquiry_admin();
  if (p_weekly_hours is not null and pg_catalog.jsonb_typeof(p_weekly_hours) <> 'array')
     or (p_time_off is not null and pg_catalog.jsonb_typeof(p_time_off) <> 'array')
     or (p_date_hours is not null and pg_catalog.jsonb_typeof(p_date_hours) <> 'array') then
    raise exception using
      errcode = '22023',
      message = 'Give the hours and days off to check as JSON arrays.',
      hint = 'availability_change_invalid';
  end if;
  select coalesce((select availability.time_zone from public.staff_availability as availability
                    where availability.staff_id = me), 'Europe/London')
    into zone;
  return query
  with weekly as (
    -- the week as it would be: the one given replaces the saved one whole.
    select (item ->> 'weekday')::smallint as weekday,
           (item ->> 'starts_at')::time as opens, (item ->> 'ends_at')::time as closes
      from pg_catalog.jsonb_array_elements(coalesce(p_weekly_hours, '[]'::jsonb)) as item
     where p_weekly_hours is not null
    union all
    select hours.weekday, hours.starts_at, hours.ends_at
      from public.staff_weekly_hours as hours
     where p_weekly_hours is null and hours.staff_id = me
  ),
  days_off as (
    select off.starts_on, off.ends_on from public.staff_time_off as off where off.staff_id = me
    union all
    select (item ->> 'starts_on')::date, (item ->> 'ends_on')::date
      from pg_catalog.jsonb_array_elements(coalesce(p_time_off, '[]'::jsonb)) as item
  ),
  dated as (
    select hours.on_date, hours.starts_at as opens, hours.ends_at as closes
      from public.staff_date_hours as hours where hours.staff_id = me
    union all
    select (item ->> 'on_date')::date, (item ->> 'starts_at')::time, (item ->> 'ends_at')::time
      from pg_catalog.jsonb_array_elements(coalesce(p_date_hours, '[]'::jsonb)) as item
  ),
  upcoming as (
    select booking.*, (booking.starts_at at time zone zone)::date as day
      from public.consultation_bookings as booking
     where booking.staff_id = me and booking.status = 'booked' and booking.starts_at > pg_catalog.now()
  ),
  judged as (
    select upcoming.*,
           case
             when exists (select 1 from days_off where upcoming.day between days_off.starts_on and days_off.ends_on)
               then 'day_off'
             when not exists (
               -- a date's own hours replace its weekday's, as for the free times.
               select 1
                 from (select dated.opens, dated.closes from dated where dated.on_date = upcoming.day
                       union all
                       select weekly.opens, weekly.closes from weekly
                        where weekly.weekday = extract(isodow from upcoming.day)
                          and not exists (select 1 from dated where dated.on_date = upcoming.day)) as hours
                where (upcoming.day + hours.opens) at time zone zone <= upcoming.starts_at
                  and upcoming.ends_at <= (upcoming.day + hours.closes) at time zone zone)
               then 'outside_hours'
           end as reason
      from upcoming
  )
  select judged.id, judged.submission_id, enquiry."Name", enquiry."Company", judged.starts_at,
         judged.ends_at, judged.visitor_time_zone, judged.reason
    from judged
    join public.contact_submissions as enquiry on enquiry.id = judged.submission_id
   where judged.reason is not null
   order by judged.starts_at, judged.id;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.reopen_reply_clock(_submission_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- a cancelled consultation answers nothing: unless a reply or a contact counted (any of them
  -- sets last_contacted_at), the enquiry is owed its first reply again, due as promised.
  perform pg_catalog.set_config('kestrel.first_response_by_booking', 'on', true);
  update public.contact_submissions as submission
     set first_response_at = null
   where submission.id = _submission_id
     and submission.first_response_at is not null
     and submission.last_contacted_at is null
     and not exists (
       select 1 from public.consultation_bookings as booking
        where booking.submission_id = _submission_id and booking.status = 'booked');
  perform pg_catalog.set_config('kestrel.first_response_by_booking', '', true);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb DEFAULT NULL::jsonb, p_time_off jsonb DEFAULT NULL::jsonb, p_date_hours jsonb DEFAULT NULL::jsonb)
 RETURNS TABLE(id uuid, submission_id uuid, name text, company text, starts_at timestamp with time zone, ends_at timestamp with time zone, visitor_time_zone text, reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.consultations_outside_hours(p_weekly_hours, p_time_off, p_date_hours);
$function$
;

CREATE OR REPLACE FUNCTION private.cancel_booking(_booking consultation_bookings, _by text, _client text DEFAULT NULL::text)
 RETURNS consultation_bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  cancelled public.consultation_bookings;
begin
  update public.consultation_bookings as booking
     set status = 'cancelled', cancelled_at = pg_catalog.now(), cancelled_by = _by,
         sequence = booking.sequence + 1, updated_at = pg_catalog.now()
   where booking.id = _booking.id and booking.status = 'booked'
  returning * into cancelled;
  if cancelled.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation was cancelled.',
      hint = 'consultation_cancelled';
  end if;
  perform private.record_consultation_change(cancelled, 'cancelled', _by, _client);
  perform private.reopen_reply_clock(cancelled.submission_id);
  perform private.queue_consultation_mail('consultation_cancelled', cancelled);
  return cancelled;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.guard_first_response()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
    return new;
  end if;
  -- an undo of a contact restores the first response itself (private.undo_enquiry_contact).
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
    return new;
  end if;
  -- a booked consultation answers the prospect (private.mark_first_response_by_booking), and
  -- cancelling it takes that answer back while no reply or contact has counted since
  -- (private.reopen_reply_clock).
  if coalesce(pg_catalog.current_setting('kestrel.first_response_by_booking', true), '') <> ''
     and (old.first_response_at is null
          or (new.first_response_at is null and old.last_contacted_at is null)) then
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
$function$
;

CREATE OR REPLACE FUNCTION private.queue_consultation_mail(_kind text, _booking consultation_bookings)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  enquiry public.contact_submissions;
  organizer_email text;
  settings private.consultation_settings;
begin
  select * into settings from private.consultation_settings;
  select * into enquiry from public.contact_submissions as submission where submission.id = _booking.submission_id;
  select account.email into organizer_email from auth.users as account where account.id = _booking.staff_id;
  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
  values (
    _kind,
    enquiry.id,
    enquiry."Email",
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'booking', pg_catalog.jsonb_build_object(
        'id', _booking.id,
        'uid', _booking.id::text || '@consultations.kestrel-data',
        'sequence', _booking.sequence,
        'status', _booking.status,
        'starts_at', _booking.starts_at,
        'ends_at', _booking.ends_at,
        'visitor_time_zone', _booking.visitor_time_zone,
        'created_at', _booking.created_at,
        'updated_at', _booking.updated_at
      ),
      'organizer', pg_catalog.jsonb_build_object(
        'name', coalesce(private.staff_display_name(_booking.staff_id), 'Kestrel Data'),
        'email', organizer_email
      ),
      'enquiry', pg_catalog.jsonb_build_object('id', enquiry.id, 'name', enquiry."Name", 'company', enquiry."Company"),
      'manage_token', case when _booking.status = 'booked' then private.consultation_manage_token(_booking) end,
      -- a cancellation offers another time while the enquiry may still book one online.
      'book_token', case
        when _booking.status = 'cancelled'
         and enquiry.held_at is null
         and enquiry.status in ('new', 'in_progress')
         and enquiry.created_at + pg_catalog.make_interval(days => settings.book_token_days) > pg_catalog.now()
        then private.consultation_book_token(enquiry.id, enquiry.created_at) end
    ))
  );
end;
$function$
;

REVOKE ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO service_role;
REVOKE ALL ON FUNCTION private.reopen_reply_clock(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.reopen_reply_clock(_submission_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO service_role;

COMMENT ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text) IS 'Cancels a booked consultation (SEQUENCE + 1), records the change, puts the enquiry back on the reply clock unless a reply or contact answered it, and mails the prospect the cancellation.';
COMMENT ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) IS 'Admins at aal2, for themselves: their booked consultations still to come that a change of availability would leave outside it: on a day off (reason day_off) or not within that day''s hours in their zone (outside_hours). p_weekly_hours [{weekday, starts_at, ends_at}] replaces the saved week; p_time_off [{starts_on, ends_on}] and p_date_hours [{on_date, starts_at, ends_at}] are added to the saved ones; null checks what is saved. Called by public.consultations_outside_hours().';
COMMENT ON FUNCTION private.guard_first_response() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set; an undo of a contact (kestrel.enquiry_contact_undo set) restores it itself, and a booked consultation (kestrel.first_response_by_booking set) stamps an unanswered one, or, cancelled, clears the stamp of one no reply or contact has answered.';
COMMENT ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) IS 'Queues a booking mail to the prospect (consultation_booked, _moved, _cancelled or _reminder) with what its invitation needs: the booking as it stands, its organizer and, while booked, its manage token; a cancellation carries the enquiry''s book token instead while it may book again online.';
COMMENT ON FUNCTION private.reopen_reply_clock(_submission_id uuid) IS 'After a cancellation: clears the first response the booking stamped when no reply or recorded contact has counted (last_contacted_at unset) and nothing else is booked, so the enquiry is back on the reply clock.';
COMMENT ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) IS 'Admins at aal2, for themselves: the booked consultations still to come that new weekly hours (replacing the saved week), added days off or added hours on a date would leave outside their availability, soonest first, each with its reason (day_off or outside_hours).';
