-- Consultation slots: the free start times on offer.
--
-- A staff member's free times come from their hours in their own zone, minus days off, bookings
-- and busy times (with the buffer), within their notice and horizon; an enquiry is offered the
-- times any of its hosts is free, up to the end of the offer. A visitor reads them with a token.

CREATE FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid DEFAULT NULL::uuid, _now timestamp with time zone DEFAULT now()) RETURNS TABLE(starts_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with availability as (
    select a.time_zone, pg_catalog.make_interval(mins => a.buffer_minutes) as buffer,
           greatest(_from, _now + pg_catalog.make_interval(mins => a.min_notice_minutes)) as earliest,
           least(_until, _now + pg_catalog.make_interval(days => a.horizon_days)) as latest,
           pg_catalog.make_interval(mins => settings.meeting_minutes) as meeting
      from public.staff_availability as a, private.consultation_settings as settings
     where a.staff_id = _staff_id and a.accepts_bookings and private.has_role(_staff_id, 'admin')
  ),
  days as (
    select day::date as day
      from availability,
           pg_catalog.generate_series((availability.earliest at time zone availability.time_zone)::date::timestamp,
                                      (availability.latest at time zone availability.time_zone)::date::timestamp,
                                      interval '1 day') as day
     where availability.earliest < availability.latest
       and not exists (
         select 1 from public.staff_time_off as off
          where off.staff_id = _staff_id and day::date between off.starts_on and off.ends_on)
  ),
  hours as (
    select days.day, hours.starts_at, hours.ends_at
      from days join public.staff_date_hours as hours on hours.staff_id = _staff_id and hours.on_date = days.day
    union all
    select days.day, hours.starts_at, hours.ends_at
      from days join public.staff_weekly_hours as hours
        on hours.staff_id = _staff_id and hours.weekday = extract(isodow from days.day)
     where not exists (
       select 1 from public.staff_date_hours as exceptional
        where exceptional.staff_id = _staff_id and exceptional.on_date = days.day)
  ),
  windows as (
    -- a wall-clock time read in the staff member's zone: London's 09:00 is 09:00 GMT in winter
    -- and 08:00 UTC in summer, whatever the day of the clock change.
    select (hours.day + hours.starts_at) at time zone availability.time_zone as opens,
           (hours.day + hours.ends_at) at time zone availability.time_zone as closes
      from hours, availability
  )
  select distinct slot
    from windows, availability,
         pg_catalog.generate_series(windows.opens, windows.closes - availability.meeting, availability.meeting) as slot
   where slot >= availability.earliest
     and slot < availability.latest
     and not exists (
       select 1 from public.consultation_bookings as booking
        where booking.staff_id = _staff_id and booking.status = 'booked'
          and booking.id is distinct from _ignore_booking
          and pg_catalog.tstzrange(slot, slot + availability.meeting + availability.buffer, '[)')
              operator(pg_catalog.&&) pg_catalog.tstzrange(booking.starts_at, booking.blocked_until, '[)'))
     and not exists (
       select 1 from private.staff_busy_times as busy
        where busy.staff_id = _staff_id
          and pg_catalog.tstzrange(slot - availability.buffer, slot + availability.meeting + availability.buffer, '[)')
              operator(pg_catalog.&&) pg_catalog.tstzrange(busy.starts_at, busy.ends_at, '[)'))
   order by slot;
$$;

COMMENT ON FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) IS 'Start times in [_from, _until) when the staff member can take a consultation: their hours on each day in their zone (a date''s exceptional hours replace its weekday''s; days off have none), in steps of meeting_minutes, no sooner than their notice and no further than their horizon after _now, clear of their bookings (but _ignore_booking) and busy times by their buffer.';

REVOKE ALL ON FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.consultation_offer_ends(_now timestamp with time zone DEFAULT now()) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select ((private.london_today(_now) + settings.offer_days + 1)::timestamp) at time zone 'Europe/London'
    from private.consultation_settings as settings;
$$;

COMMENT ON FUNCTION private.consultation_offer_ends(_now timestamp with time zone) IS 'The end of the offer: midnight London after the last of offer_days days from today.';

REVOKE ALL ON FUNCTION private.consultation_offer_ends(_now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.consultation_hosts(_assigned_to uuid) RETURNS TABLE(staff_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- the enquiry's assignee meets the prospect when they take consultations; anyone who does
  -- otherwise.
  with takers as (
    select availability.staff_id from public.staff_availability as availability
     where availability.accepts_bookings and private.has_role(availability.staff_id, 'admin')
  )
  select takers.staff_id from takers
   where takers.staff_id = _assigned_to
      or not exists (select 1 from takers as assignee where assignee.staff_id = _assigned_to);
$$;

COMMENT ON FUNCTION private.consultation_hosts(_assigned_to uuid) IS 'Who may meet an enquiry''s prospect: its assignee when they take consultations, otherwise every staff member who does.';

REVOKE ALL ON FUNCTION private.consultation_hosts(_assigned_to uuid) FROM PUBLIC;

CREATE FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid DEFAULT NULL::uuid) RETURNS TABLE(starts_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select distinct slot.starts_at
    from private.consultation_hosts(_assigned_to) as host,
         private.staff_free_slots(host.staff_id, pg_catalog.now(), private.consultation_offer_ends(), _ignore_booking) as slot
   order by slot.starts_at;
$$;

COMMENT ON FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) IS 'Every start time at which at least one of the enquiry''s hosts is free, up to the end of the offer.';

REVOKE ALL ON FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) FROM PUBLIC;

CREATE FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(pg_catalog.jsonb_agg(nearest.starts_at order by nearest.starts_at), '[]'::jsonb)
    from (
      select slot.starts_at from private.enquiry_free_slots(_assigned_to, _ignore_booking) as slot
       order by pg_catalog.abs(extract(epoch from slot.starts_at - _wanted)), slot.starts_at
       limit 6
    ) as nearest;
$$;

COMMENT ON FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) IS 'Up to six free start times nearest _wanted, earliest first: what a visitor is offered when their time was just taken.';

REVOKE ALL ON FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) FROM PUBLIC;

CREATE FUNCTION private.consultation_slots(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
begin
  if pg_catalog.left(coalesce(p_token, ''), 2) = 'm.' then
    booking := private.managed_booking(p_token);
    enquiry := private.bookable_enquiry(booking.submission_id);
  else
    enquiry := private.bookable_enquiry((private.read_consultation_token(p_token, 'b')).subject);
    select * into booking from public.consultation_bookings as candidate
     where candidate.submission_id = enquiry.id and candidate.status = 'booked';
  end if;
  return pg_catalog.jsonb_build_object(
    'meeting_minutes', (select settings.meeting_minutes from private.consultation_settings as settings),
    'host_time_zone', 'Europe/London',
    'booking', case when booking.id is null then null else private.consultation_booking_json(booking) end,
    'slots', coalesce((select pg_catalog.jsonb_agg(slot.starts_at order by slot.starts_at)
                         from private.enquiry_free_slots(enquiry.assigned_to, booking.id) as slot), '[]'::jsonb)
  );
end;
$$;

COMMENT ON FUNCTION private.consultation_slots(p_token text) IS 'Anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked. Called by public.consultation_slots().';

REVOKE ALL ON FUNCTION private.consultation_slots(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultation_slots(p_token text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: a SECURITY INVOKER wrapper, the service role's alone (the
-- consultation Edge Function calls it).

CREATE FUNCTION public.consultation_slots(p_token text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.consultation_slots(p_token);
$$;

COMMENT ON FUNCTION public.consultation_slots(p_token text) IS 'Service role only (the consultation Edge Function), for anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked.';

REVOKE ALL ON FUNCTION public.consultation_slots(p_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultation_slots(p_token text) TO service_role;
