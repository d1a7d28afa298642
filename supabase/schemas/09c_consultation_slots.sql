-- Consultation slots: the free start times on offer.
--
-- A staff member's free times come from their hours in their own zone, minus days off, bookings
-- and busy times (with the buffer), within their notice and horizon; an enquiry is offered the
-- times any of its hosts is free, up to the end of the offer. A visitor reads them with a token.
--
-- The slot functions run without JIT: PostgreSQL's estimates for these set-returning functions
-- are far above their real cost, so a server with JIT on compiled every read (about 600 ms a
-- host, against about 10 ms for five hosts without). Reads of the free times and claims of a
-- book token are counted per client address and refused past an hourly limit, as changes are.

CREATE UNLOGGED TABLE private.consultation_reads (
    id bigint NOT NULL,
    action text NOT NULL,
    client_address text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT consultation_reads_action CHECK ((action = ANY (ARRAY['slots'::text, 'claim'::text])))
);

COMMENT ON TABLE private.consultation_reads IS 'One row per read of the free times and per book token claimed in the last hour, with the client address key, for the per-client limits. Unlogged: a crash forgets an hour of counts, nothing else. Older rows are deleted as new ones arrive.';

COMMENT ON COLUMN private.consultation_reads.action IS 'slots (a read of the free times) or claim (a book token claimed with a booking key).';

COMMENT ON COLUMN private.consultation_reads.client_address IS 'The client address key of the request (private.client_address_of of the caller''s X-Forwarded-For).';

ALTER TABLE private.consultation_reads ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.consultation_reads_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.consultation_reads
    ADD CONSTRAINT consultation_reads_pkey PRIMARY KEY (id);

CREATE INDEX consultation_reads_client_idx ON private.consultation_reads USING btree (client_address, action, created_at);

CREATE INDEX consultation_reads_created_at_idx ON private.consultation_reads USING btree (created_at);

ALTER TABLE private.consultation_reads ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.count_consultation_read(_action text, _client text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  allowed integer;
begin
  if _client is null then
    return;
  end if;
  -- Reads from one client wait here for each other until the one before commits, and each then
  -- counts with a fresh snapshot (hence VOLATILE): two can no longer both see the last free place
  -- under the limit. The lock is held while the slots are worked out, so one client's reads run
  -- one after another and cannot take every connection.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation reads ' || _action || ' ' || _client, 0));
  select case _action when 'claim' then settings.claims_per_client_per_hour
                      else settings.slot_reads_per_client_per_hour end
    into allowed
    from private.consultation_settings as settings;
  -- rows older than the hour, whoever's, skipping any another request is deleting just now.
  delete from private.consultation_reads as old
   where old.id in (select stale.id from private.consultation_reads as stale
                     where stale.created_at <= pg_catalog.now() - interval '1 hour'
                       for update skip locked);
  if (select pg_catalog.count(*) from private.consultation_reads as earlier
       where earlier.client_address = _client and earlier.action = _action
         and earlier.created_at > pg_catalog.now() - interval '1 hour') >= allowed then
    raise exception using
      errcode = 'P0001',
      message = 'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
      hint = 'consultation_read_limit';
  end if;
  insert into private.consultation_reads (action, client_address) values (_action, _client);
end;
$$;

COMMENT ON FUNCTION private.count_consultation_read(_action text, _client text) IS 'Counts a read of the free times (slots) or a book token claim (claim) from a client address key, refusing it past slot_reads_per_client_per_hour or claims_per_client_per_hour (P0001, hint consultation_read_limit); no limit without a key. Holds a transaction lock per address and action, so concurrent requests are counted one after another; a request that fails later is not counted.';

REVOKE ALL ON FUNCTION private.count_consultation_read(_action text, _client text) FROM PUBLIC;

CREATE FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid DEFAULT NULL::uuid, _now timestamp with time zone DEFAULT now()) RETURNS TABLE(starts_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
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
    SET jit TO 'off'
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
    SET jit TO 'off'
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

CREATE FUNCTION private.consultation_slots(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
begin
  perform private.count_consultation_read('slots', private.client_address_of(p_forwarded_for));
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

COMMENT ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) IS 'Anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked; P0001 (hint consultation_read_limit) past slot_reads_per_client_per_hour from the client of p_forwarded_for (the caller''s X-Forwarded-For). Called by public.consultation_slots().';

REVOKE ALL ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: a SECURITY INVOKER wrapper, the service role's alone (the
-- consultation Edge Function calls it).

CREATE FUNCTION public.consultation_slots(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.consultation_slots(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked; P0001 (hint consultation_read_limit) past the hourly reads of the client of p_forwarded_for.';

REVOKE ALL ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) TO service_role;
