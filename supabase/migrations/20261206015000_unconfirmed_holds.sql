-- A booking a visitor makes is held until its address is proven. Anyone can send an enquiry in any
-- address's name and book from the success screen without ever reading that address's mail, so
-- fake enquiries could fill a host's fortnight. Now a new booking carries hold_until (a day on,
-- or its start if sooner, which a move keeps to): the invitation mail has a one-tap confirm
-- link (a `c.` token) that makes it firm (confirmed_at), and
-- a booking still held at hold_until is released (cancelled by 'unconfirmed', no mail: the address
-- was never shown to be the prospect's). A host holds at most unconfirmed_holds_per_host unproven
-- bookings at once; past that a new booking is refused (consultation_holds_full) with what to do
-- instead. Reminders go to confirmed bookings only. Bookings made before this rule are confirmed.

ALTER TABLE public.consultation_bookings
    ADD COLUMN confirmed_at timestamp with time zone,
    ADD COLUMN hold_until timestamp with time zone,
    ADD CONSTRAINT consultation_bookings_held_or_confirmed CHECK (((hold_until IS NULL) OR (confirmed_at IS NULL)));

UPDATE public.consultation_bookings SET confirmed_at = created_at WHERE confirmed_at IS NULL;

ALTER TABLE public.consultation_bookings DROP CONSTRAINT consultation_bookings_cancelled_by;

ALTER TABLE public.consultation_bookings
    ADD CONSTRAINT consultation_bookings_cancelled_by CHECK (((cancelled_by IS NULL) OR (cancelled_by = ANY (ARRAY['visitor'::text, 'staff'::text, 'unconfirmed'::text]))));

COMMENT ON COLUMN public.consultation_bookings.confirmed_at IS 'When the prospect confirmed the booking with the link mailed to them (proving the address); null while held.';

COMMENT ON COLUMN public.consultation_bookings.hold_until IS 'While the booking is held (its address not yet confirmed): when it is released unless confirmed first; null once confirmed.';

CREATE INDEX consultation_bookings_held_idx ON public.consultation_bookings USING btree (hold_until) WHERE ((status = 'booked'::text) AND (hold_until IS NOT NULL));

ALTER TABLE private.consultation_changes DROP CONSTRAINT consultation_changes_by;

ALTER TABLE private.consultation_changes
    ADD CONSTRAINT consultation_changes_by CHECK ((changed_by = ANY (ARRAY['visitor'::text, 'staff'::text, 'system'::text])));

ALTER TABLE private.consultation_settings
    ADD COLUMN unconfirmed_hold_hours integer DEFAULT 24 NOT NULL,
    ADD COLUMN unconfirmed_holds_per_host integer DEFAULT 4 NOT NULL,
    ADD CONSTRAINT consultation_settings_holds CHECK ((((unconfirmed_hold_hours >= 1) AND (unconfirmed_hold_hours <= 168)) AND (unconfirmed_holds_per_host >= 1)));

COMMENT ON COLUMN private.consultation_settings.unconfirmed_hold_hours IS 'How long a visitor''s booking is held for its address to be confirmed before it is released.';

COMMENT ON COLUMN private.consultation_settings.unconfirmed_holds_per_host IS 'Unconfirmed bookings one host holds at once; past it a new booking with them is refused (consultation_holds_full).';

CREATE FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('c', _booking.id, 0, coalesce(_booking.hold_until, _booking.ends_at));
$$;

COMMENT ON FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) IS 'The confirm token of a held booking, mailed with its invitation: valid until the hold ends (or, once confirmed, until the booking ends), whatever moves it.';

REVOKE ALL ON FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object(
    'id', _booking.id,
    'status', _booking.status,
    'starts_at', _booking.starts_at,
    'ends_at', _booking.ends_at,
    'sequence', _booking.sequence,
    'staff_name', private.staff_display_name(_booking.staff_id),
    'visitor_time_zone', _booking.visitor_time_zone,
    'cancelled_by', _booking.cancelled_by,
    'confirmed_at', _booking.confirmed_at,
    'hold_until', _booking.hold_until
  );
$$;


CREATE OR REPLACE FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) RETURNS public.consultation_bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.consultation_settings;
  host record;
  placed public.consultation_bookings;
  held_by_host integer;
  hosts_full boolean := false;
begin
  select * into settings from private.consultation_settings;
  if not private.is_time_zone(_time_zone) then
    raise exception using
      errcode = 'P0001',
      message = 'The time zone is not one we know. Please choose another.',
      hint = 'consultation_time_zone_invalid';
  end if;
  -- round robin: of the hosts free then, the one booked longest ago (never booked first); the
  -- host of a booking being moved keeps it when free.
  for host in
    select candidate.staff_id, availability.buffer_minutes
      from private.consultation_hosts(_enquiry.assigned_to) as candidate
      join public.staff_availability as availability on availability.staff_id = candidate.staff_id
     where (_only_staff is null or candidate.staff_id = _only_staff)
       and exists (
         select 1 from private.staff_free_slots(candidate.staff_id, _starts_at,
                         _starts_at + interval '1 second', _moving.id) as slot
          where slot.starts_at = _starts_at)
     order by candidate.staff_id is distinct from _moving.staff_id,
              (select pg_catalog.max(booking.created_at) from public.consultation_bookings as booking
                where booking.staff_id = candidate.staff_id) nulls first,
              candidate.staff_id
  loop
    if _moving.id is null then
      -- a new booking is held until its address is confirmed: a host holds only so many at once,
      -- counted one request at a time, so unproven addresses take a small share of their week.
      perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation holds ' || host.staff_id::text, 0));
      select pg_catalog.count(*)::integer into held_by_host
        from public.consultation_bookings as held
       where held.staff_id = host.staff_id and held.status = 'booked' and held.hold_until is not null;
      if held_by_host >= settings.unconfirmed_holds_per_host then
        hosts_full := true;
        continue;
      end if;
    end if;
    begin
      if _moving.id is null then
        insert into public.consultation_bookings
          (submission_id, staff_id, starts_at, ends_at, blocked_until, visitor_time_zone, hold_until)
        values (
          _enquiry.id, host.staff_id, _starts_at,
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
          _time_zone,
          -- never past the start: a booking nobody confirmed does not take place.
          least(pg_catalog.now() + pg_catalog.make_interval(hours => settings.unconfirmed_hold_hours), _starts_at))
        returning * into placed;
      else
        update public.consultation_bookings as booking
           set staff_id = host.staff_id,
               starts_at = _starts_at,
               ends_at = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
               blocked_until = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
               visitor_time_zone = _time_zone,
               -- a held booking moved sooner is held no later than its new start
               hold_until = case when booking.hold_until is not null then least(booking.hold_until, _starts_at) end,
               sequence = booking.sequence + 1,
               reminder_queued_at = null,
               updated_at = pg_catalog.now()
         where booking.id = _moving.id
        returning * into placed;
      end if;
      return placed;
    exception
      when exclusion_violation then
        -- booked by someone else a moment ago: the next host free then, if any.
        null;
      when unique_violation then
        raise exception using
          errcode = 'P0001',
          message = 'A consultation is already booked for this enquiry.',
          hint = 'consultation_already_booked';
    end;
  end loop;
  if hosts_full then
    raise exception using
      errcode = 'P0001',
      message = 'We are holding as many unconfirmed bookings as we can just now. Please reply to our e-mail and we will arrange a time with you.',
      hint = 'consultation_holds_full';
  end if;
  -- Taken: a host would be free then but for a booking or a busy time that now holds it (someone
  -- was quicker, or a calendar was read). Otherwise the time was never on offer: off the grid,
  -- outside the hours, too soon or too far ahead.
  if exists (
    select 1
      from private.consultation_hosts(case when _only_staff is null then _enquiry.assigned_to else _only_staff end) as candidate
      join public.staff_availability as availability on availability.staff_id = candidate.staff_id
     where exists (
             select 1 from public.consultation_bookings as booking
              where booking.staff_id = candidate.staff_id and booking.status = 'booked'
                and booking.id is distinct from _moving.id
                and pg_catalog.tstzrange(booking.starts_at, booking.blocked_until)
                    && pg_catalog.tstzrange(_starts_at, _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + availability.buffer_minutes)))
        or exists (
             select 1 from private.staff_busy_times as busy
              where busy.staff_id = candidate.staff_id
                and pg_catalog.tstzrange(busy.starts_at, busy.ends_at)
                    && pg_catalog.tstzrange(_starts_at, _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes)))
  ) then
    raise exception using
      errcode = 'P0001',
      message = 'That time was just taken. Here are the nearest free times.',
      detail = private.nearest_free_slots(
        case when _only_staff is null then _enquiry.assigned_to else _only_staff end,
        _starts_at, _moving.id)::text,
      hint = 'consultation_slot_taken';
  end if;
  raise exception using
    errcode = 'P0001',
    message = 'That time is not one we offer. Here are the nearest free times.',
    detail = private.nearest_free_slots(
      case when _only_staff is null then _enquiry.assigned_to else _only_staff end,
      _starts_at, _moving.id)::text,
    hint = 'consultation_slot_not_offered';
end;
$$;


CREATE OR REPLACE FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings, _held_reason text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  settings private.consultation_settings;
begin
  select * into settings from private.consultation_settings;
  select * into enquiry from public.contact_submissions as submission where submission.id = _booking.submission_id;
  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, last_error)
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
        'hold_until', _booking.hold_until,
        'visitor_time_zone', _booking.visitor_time_zone,
        'created_at', _booking.created_at,
        'updated_at', _booking.updated_at
      ),
      -- the host is named; the invitation's organizer address is the site's sender, never a
      -- staff member's own login address.
      'organizer', pg_catalog.jsonb_build_object(
        'name', coalesce(private.staff_display_name(_booking.staff_id), 'Kestrel Data')
      ),
      'enquiry', pg_catalog.jsonb_build_object('id', enquiry.id, 'name', enquiry."Name", 'company', enquiry."Company"),
      'manage_token', case when _booking.status = 'booked' then private.consultation_manage_token(_booking) end,
      -- while held, the mail carries the one-tap link that proves the address and makes it firm.
      'confirm_token', case when _booking.status = 'booked' and _booking.hold_until is not null
                            then private.consultation_confirm_token(_booking) end,
      -- a cancellation offers another time while the enquiry may still book one online.
      'book_token', case
        when _booking.status = 'cancelled'
         and enquiry.held_at is null
         and enquiry.status in ('new', 'in_progress')
         and enquiry.created_at + pg_catalog.make_interval(days => settings.book_token_days) > pg_catalog.now()
        then private.consultation_book_token(enquiry.id, enquiry.created_at) end
    )),
    case when _held_reason is null then 'pending' else 'failed' end,
    _held_reason
  );
end;
$$;


CREATE OR REPLACE FUNCTION private.queue_consultation_reminders(_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  due public.consultation_bookings;
  queued integer := 0;
begin
  -- a day before; a booking made (or moved) less than a day ahead has just had its invitation.
  for due in
    select booking.* from public.consultation_bookings as booking
     where booking.status = 'booked' and booking.reminder_queued_at is null
       and booking.hold_until is null
       and booking.starts_at > _now and booking.starts_at <= _now + interval '24 hours'
       and booking.updated_at < booking.starts_at - interval '24 hours'
     for update skip locked
  loop
    perform private.queue_consultation_mail('consultation_reminder', due);
    update public.consultation_bookings as booking set reminder_queued_at = _now where booking.id = due.id;
    queued := queued + 1;
  end loop;
  return queued;
end;
$$;


CREATE FUNCTION private.confirm_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking_id uuid := (private.read_consultation_token(p_token, 'c')).subject;
  booking public.consultation_bookings;
begin
  perform private.count_consultation_read('slots', private.client_address_of(p_forwarded_for));
  perform private.lock_consultation_booking(booking_id);
  select * into booking from public.consultation_bookings as candidate where candidate.id = booking_id;
  if booking.id is null or booking.status <> 'booked' then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation is no longer booked.',
      hint = 'consultation_cancelled';
  end if;
  if booking.hold_until is not null then
    update public.consultation_bookings as held
       set confirmed_at = pg_catalog.now(), hold_until = null
     where held.id = booking.id
    returning * into booking;
  end if;
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking));
end;
$$;

COMMENT ON FUNCTION private.confirm_consultation(p_token text, p_forwarded_for text) IS 'Anyone holding a booking''s confirm token (mailed with its invitation, so proof of the address): makes a held booking firm; again on a confirmed one changes nothing. P0001 consultation_cancelled once released or cancelled. Counted as a read of the client of p_forwarded_for. Called by public.confirm_consultation().';

REVOKE ALL ON FUNCTION private.confirm_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.confirm_consultation(p_token text, p_forwarded_for text) TO service_role;

CREATE FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  due public.consultation_bookings;
  released integer := 0;
begin
  for due in
    select booking.* from public.consultation_bookings as booking
     where booking.status = 'booked' and booking.hold_until <= _now
     for update skip locked
  loop
    update public.consultation_bookings as booking
       set status = 'cancelled', cancelled_at = pg_catalog.now(), cancelled_by = 'unconfirmed',
           sequence = booking.sequence + 1, updated_at = pg_catalog.now()
     where booking.id = due.id
    returning * into due;
    perform private.record_consultation_change(due, 'cancelled', 'system');
    perform private.reopen_reply_clock(due.submission_id);
    released := released + 1;
  end loop;
  return released;
end;
$$;

COMMENT ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) IS 'Releases each booking still held (unconfirmed) at its hold_until: cancelled by unconfirmed, the change recorded as the system''s, the enquiry back on the reply clock, and no mail (the address was never proven). Returns how many. Every five minutes by pg_cron.';

REVOKE ALL ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.confirm_consultation(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s confirm token: makes a held booking firm.';

REVOKE ALL ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) TO service_role;

DROP FUNCTION public.upcoming_consultations(p_limit integer);

DROP FUNCTION private.upcoming_consultations(p_limit integer);

CREATE FUNCTION private.upcoming_consultations(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone, confirmed_at timestamp with time zone, hold_until timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_enquiry_admin();
  return query
  select booking.id, booking.submission_id, enquiry."Name", enquiry."Company", booking.staff_id,
         private.staff_display_name(booking.staff_id), booking.starts_at, booking.ends_at,
         booking.confirmed_at, booking.hold_until
    from public.consultation_bookings as booking
    join public.contact_submissions as enquiry on enquiry.id = booking.submission_id
   where booking.status = 'booked' and booking.ends_at > pg_catalog.now()
   order by booking.starts_at
   limit greatest(1, least(coalesce(p_limit, 20), 100));
end;
$$;


COMMENT ON FUNCTION private.upcoming_consultations(p_limit integer) IS 'Admins at aal2: the next booked consultations not yet ended, soonest first (at most 100). Called by public.upcoming_consultations().';

REVOKE ALL ON FUNCTION private.upcoming_consultations(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.upcoming_consultations(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION private.upcoming_consultations(p_limit integer) TO service_role;

CREATE FUNCTION public.upcoming_consultations(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone, confirmed_at timestamp with time zone, hold_until timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.upcoming_consultations(p_limit);
$$;


COMMENT ON FUNCTION public.upcoming_consultations(p_limit integer) IS 'Admins at aal2: the next booked consultations not yet ended, soonest first (at most 100).';

REVOKE ALL ON FUNCTION public.upcoming_consultations(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO service_role;

DO $$
begin
  perform cron.schedule('release-unconfirmed-consultations', '*/5 * * * *', 'select private.release_unconfirmed_consultations()');
end
$$;
