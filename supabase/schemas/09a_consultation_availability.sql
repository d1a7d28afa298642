-- Consultation bookings: the free 30-minute consultation a prospect books with their enquiry.
--
-- Staff declare when they can meet (weekly hours, days off, hours on a date, buffer, notice,
-- horizon); the database turns those rules into free slots, in each staff member's time zone
-- across the clock changes, minus bookings and the busy times read from their own calendar.
-- A visitor acts only through signed, expiring tokens: a book token for their enquiry, a manage
-- token for their booking. Two bookings of one staff member never overlap, buffers included: an
-- exclusion constraint holds it, not a check that two requests could both pass.
--
-- This file: the consultation tables (settings, each staff member's availability, the bookings
-- and their exclusion constraint, busy calendars and busy times, feeds), the rules kept on the
-- availability, the busy-calendar reader's functions and the staff member's bookings feed.
-- The tokens are in 09b, the free slots in 09c, booking, moving and cancelling in 09d.

CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA extensions;

-- Signing keys, feed tokens and token signatures come from pgcrypto, which every Supabase project
-- has in the extensions schema.
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;

CREATE FUNCTION private.sha256_hex(_data bytea) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.encode(pg_catalog.sha256(_data), 'hex');
$$;

COMMENT ON FUNCTION private.sha256_hex(_data bytea) IS 'The SHA-256 of _data, in lower-case hex.';

REVOKE ALL ON FUNCTION private.sha256_hex(_data bytea) FROM PUBLIC;

CREATE TABLE private.consultation_settings (
    id boolean DEFAULT true NOT NULL,
    token_secret bytea DEFAULT extensions.gen_random_bytes(32) NOT NULL,
    meeting_minutes integer DEFAULT 30 NOT NULL,
    offer_days integer DEFAULT 14 NOT NULL,
    book_token_days integer DEFAULT 30 NOT NULL,
    claim_minutes integer DEFAULT 60 NOT NULL,
    changes_per_enquiry_per_hour integer DEFAULT 10 NOT NULL,
    changes_per_client_per_hour integer DEFAULT 20 NOT NULL,
    slot_reads_per_client_per_hour integer DEFAULT 120 NOT NULL,
    claims_per_client_per_hour integer DEFAULT 30 NOT NULL,
    changes_per_prefix_per_hour integer DEFAULT 30 NOT NULL,
    staff_changes_per_hour integer DEFAULT 20 NOT NULL,
    unconfirmed_hold_hours integer DEFAULT 24 NOT NULL,
    unconfirmed_holds_per_host integer DEFAULT 4 NOT NULL,
    CONSTRAINT consultation_settings_holds CHECK ((((unconfirmed_hold_hours >= 1) AND (unconfirmed_hold_hours <= 168)) AND (unconfirmed_holds_per_host >= 1))),
    CONSTRAINT consultation_settings_change_caps CHECK (((changes_per_prefix_per_hour >= 1) AND (staff_changes_per_hour >= 1))),
    CONSTRAINT consultation_settings_single_row CHECK (id),
    CONSTRAINT consultation_settings_secret_length CHECK (((octet_length(token_secret) >= 32) AND (octet_length(token_secret) <= 64))),
    CONSTRAINT consultation_settings_bounds CHECK (((meeting_minutes >= 15) AND (meeting_minutes <= 120) AND (offer_days >= 1) AND (offer_days <= 90) AND (book_token_days >= 1) AND (claim_minutes >= 1) AND (changes_per_enquiry_per_hour >= 1) AND (changes_per_client_per_hour >= 1))),
    CONSTRAINT consultation_settings_read_limits CHECK (((slot_reads_per_client_per_hour >= 1) AND (claims_per_client_per_hour >= 1)))
);

COMMENT ON TABLE private.consultation_settings IS 'One row: how consultations are offered and the key their links are signed with. Change with update, never insert.';

COMMENT ON COLUMN private.consultation_settings.token_secret IS 'HMAC-SHA256 key of the book and manage tokens; replacing it voids every link already mailed.';

COMMENT ON COLUMN private.consultation_settings.meeting_minutes IS 'Length of a consultation, and the step between offered start times.';

COMMENT ON COLUMN private.consultation_settings.offer_days IS 'How many days ahead, from today in London, a visitor is offered times (two working weeks).';

COMMENT ON COLUMN private.consultation_settings.book_token_days IS 'How long after the enquiry its book token (the acknowledgement''s link) is valid.';

COMMENT ON COLUMN private.consultation_settings.claim_minutes IS 'How long after the enquiry the browser that sent it may exchange its booking key for a book token.';

COMMENT ON COLUMN private.consultation_settings.changes_per_enquiry_per_hour IS 'Bookings, moves and cancellations one enquiry may make in any hour.';

COMMENT ON COLUMN private.consultation_settings.changes_per_client_per_hour IS 'Bookings, moves and cancellations one client network address may make in any hour (as the enquiry form''s per-client limit).';

COMMENT ON COLUMN private.consultation_settings.slot_reads_per_client_per_hour IS 'Reads of the free times (book and manage links) one client network address may make in any hour: a prospect reads them a few times, a script hundreds.';

COMMENT ON COLUMN private.consultation_settings.claims_per_client_per_hour IS 'Book tokens one client network address may claim with enquiry booking keys in any hour.';

COMMENT ON COLUMN private.consultation_settings.changes_per_prefix_per_hour IS 'Bookings, moves and cancellations from one IPv6 /48 network in any hour (as the enquiry form''s per-prefix limit).';

COMMENT ON COLUMN private.consultation_settings.staff_changes_per_hour IS 'Moves and cancellations one staff member makes in any hour before their mails are parked for review.';

COMMENT ON COLUMN private.consultation_settings.unconfirmed_hold_hours IS 'How long a visitor''s booking is held for its address to be confirmed before it is released.';

COMMENT ON COLUMN private.consultation_settings.unconfirmed_holds_per_host IS 'Unconfirmed bookings one host holds at once; past it a new booking with them is refused (consultation_holds_full).';

-- The one row of settings, at the defaults above, with a fresh signing key.
INSERT INTO private.consultation_settings DEFAULT VALUES ON CONFLICT DO NOTHING;

CREATE TABLE public.staff_availability (
    staff_id uuid NOT NULL,
    time_zone text DEFAULT 'Europe/London'::text NOT NULL,
    buffer_minutes integer DEFAULT 15 NOT NULL,
    min_notice_minutes integer DEFAULT 120 NOT NULL,
    horizon_days integer DEFAULT 14 NOT NULL,
    accepts_bookings boolean DEFAULT true NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_availability_buffer CHECK (((buffer_minutes >= 0) AND (buffer_minutes <= 240))),
    CONSTRAINT staff_availability_notice CHECK (((min_notice_minutes >= 0) AND (min_notice_minutes <= 10080))),
    CONSTRAINT staff_availability_horizon CHECK (((horizon_days >= 1) AND (horizon_days <= 90))),
    CONSTRAINT staff_availability_time_zone_length CHECK (((char_length(time_zone) >= 1) AND (char_length(time_zone) <= 64)))
);

COMMENT ON TABLE public.staff_availability IS 'When each staff member takes consultations: their time zone, buffer, notice and horizon. Admins at aal2 read and write.';

COMMENT ON COLUMN public.staff_availability.time_zone IS 'The IANA zone their hours and days off are in (one the database knows).';

COMMENT ON COLUMN public.staff_availability.buffer_minutes IS 'Free time kept after each consultation before the next, and around busy times.';

COMMENT ON COLUMN public.staff_availability.min_notice_minutes IS 'No consultation starts sooner than this after it is booked.';

COMMENT ON COLUMN public.staff_availability.horizon_days IS 'No consultation starts further ahead than this.';

COMMENT ON COLUMN public.staff_availability.accepts_bookings IS 'False: offered no consultations at all (holidays, leave).';

CREATE TABLE public.staff_weekly_hours (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    staff_id uuid NOT NULL,
    weekday smallint NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    CONSTRAINT staff_weekly_hours_weekday CHECK (((weekday >= 1) AND (weekday <= 7))),
    CONSTRAINT staff_weekly_hours_order CHECK ((ends_at > starts_at))
);

COMMENT ON TABLE public.staff_weekly_hours IS 'The hours a staff member takes consultations on each weekday (ISO: 1 = Monday), in their time zone. Ranges of one day never overlap.';

CREATE TABLE public.staff_time_off (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    staff_id uuid NOT NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    note text,
    CONSTRAINT staff_time_off_order CHECK ((ends_on >= starts_on)),
    CONSTRAINT staff_time_off_note_length CHECK (((note IS NULL) OR ((char_length(note) >= 1) AND (char_length(note) <= 200))))
);

COMMENT ON TABLE public.staff_time_off IS 'Whole days (first and last, inclusive, in the staff member''s time zone) when they take no consultations.';

CREATE TABLE public.staff_date_hours (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    staff_id uuid NOT NULL,
    on_date date NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    CONSTRAINT staff_date_hours_order CHECK ((ends_at > starts_at))
);

COMMENT ON TABLE public.staff_date_hours IS 'Exceptional hours on one date: when a date has any, they replace that weekday''s hours. Ranges of one date never overlap.';

CREATE TABLE public.consultation_bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    staff_id uuid,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    blocked_until timestamp with time zone NOT NULL,
    status text DEFAULT 'booked'::text NOT NULL,
    sequence integer DEFAULT 0 NOT NULL,
    visitor_time_zone text DEFAULT 'Europe/London'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    cancelled_by text,
    reminder_queued_at timestamp with time zone,
    confirmed_at timestamp with time zone,
    hold_until timestamp with time zone,
    CONSTRAINT consultation_bookings_held_or_confirmed CHECK (((hold_until IS NULL) OR (confirmed_at IS NULL))),
    CONSTRAINT consultation_bookings_order CHECK (((ends_at > starts_at) AND (blocked_until >= ends_at))),
    CONSTRAINT consultation_bookings_status CHECK ((status = ANY (ARRAY['booked'::text, 'cancelled'::text]))),
    CONSTRAINT consultation_bookings_cancelled CHECK ((((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)) AND ((status = 'cancelled'::text) = (cancelled_by IS NOT NULL)))),
    CONSTRAINT consultation_bookings_cancelled_by CHECK (((cancelled_by IS NULL) OR (cancelled_by = ANY (ARRAY['visitor'::text, 'staff'::text, 'unconfirmed'::text])))),
    CONSTRAINT consultation_bookings_sequence CHECK ((sequence >= 0)),
    CONSTRAINT consultation_bookings_time_zone_length CHECK (((char_length(visitor_time_zone) >= 1) AND (char_length(visitor_time_zone) <= 64))),
    CONSTRAINT consultation_bookings_no_overlap EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, blocked_until, '[)'::text) WITH &&) WHERE ((status = 'booked'::text))
);

COMMENT ON TABLE public.consultation_bookings IS 'Consultations booked with an enquiry: at most one booked at a time per enquiry, never two overlapping (buffer included) for one staff member. Admins read; changes go through the booking functions.';

COMMENT ON COLUMN public.consultation_bookings.staff_id IS 'Who meets the prospect; null once that user is deleted.';

COMMENT ON COLUMN public.consultation_bookings.blocked_until IS 'The end plus the staff member''s buffer when it was booked: the time the exclusion constraint keeps free of other bookings.';

COMMENT ON COLUMN public.consultation_bookings.sequence IS 'The invitation''s SEQUENCE: raised by each move and by cancellation; a manage token names the sequence it was made for.';

COMMENT ON COLUMN public.consultation_bookings.confirmed_at IS 'When the prospect confirmed the booking with the link mailed to them (proving the address); null while held.';

COMMENT ON COLUMN public.consultation_bookings.hold_until IS 'While the booking is held (its address not yet confirmed): when it is released unless confirmed first; null once confirmed.';

COMMENT ON COLUMN public.consultation_bookings.visitor_time_zone IS 'The IANA zone the prospect chose, used to show them the time in mail.';

COMMENT ON COLUMN public.consultation_bookings.reminder_queued_at IS 'When the reminder a day before was queued; null until then, and again after a move.';

CREATE TABLE private.staff_busy_calendars (
    staff_id uuid NOT NULL,
    url text NOT NULL,
    synced_at timestamp with time zone,
    last_error text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_busy_calendars_url CHECK (((char_length(url) <= 2000) AND (url ~ '^https://[^\s/]+/\S*$'::text))),
    CONSTRAINT staff_busy_calendars_error_length CHECK (((last_error IS NULL) OR (char_length(last_error) <= 500)))
);

COMMENT ON TABLE private.staff_busy_calendars IS 'The private iCal address of each staff member''s own calendar, read on a schedule for busy times. A secret: never shown back, not even to its owner.';

CREATE TABLE private.staff_busy_times (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    staff_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    CONSTRAINT staff_busy_times_order CHECK ((ends_at > starts_at))
);

COMMENT ON TABLE private.staff_busy_times IS 'Busy times read from a staff member''s calendar; replaced whole at each read.';

CREATE TABLE private.consultation_feeds (
    staff_id uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT consultation_feeds_hash_format CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE private.consultation_feeds IS 'The SHA-256 of each staff member''s bookings feed token; rotating replaces it, revoking deletes it.';

ALTER TABLE ONLY private.consultation_settings
    ADD CONSTRAINT consultation_settings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.staff_availability
    ADD CONSTRAINT staff_availability_pkey PRIMARY KEY (staff_id);

ALTER TABLE ONLY public.staff_weekly_hours
    ADD CONSTRAINT staff_weekly_hours_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.staff_time_off
    ADD CONSTRAINT staff_time_off_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.staff_date_hours
    ADD CONSTRAINT staff_date_hours_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.consultation_bookings
    ADD CONSTRAINT consultation_bookings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.staff_busy_calendars
    ADD CONSTRAINT staff_busy_calendars_pkey PRIMARY KEY (staff_id);

ALTER TABLE ONLY private.consultation_feeds
    ADD CONSTRAINT consultation_feeds_pkey PRIMARY KEY (staff_id);

ALTER TABLE ONLY private.staff_busy_times
    ADD CONSTRAINT staff_busy_times_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.consultation_feeds
    ADD CONSTRAINT consultation_feeds_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY public.staff_availability
    ADD CONSTRAINT staff_availability_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.staff_weekly_hours
    ADD CONSTRAINT staff_weekly_hours_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.staff_time_off
    ADD CONSTRAINT staff_time_off_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.staff_date_hours
    ADD CONSTRAINT staff_date_hours_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.consultation_bookings
    ADD CONSTRAINT consultation_bookings_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.consultation_bookings
    ADD CONSTRAINT consultation_bookings_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.staff_busy_calendars
    ADD CONSTRAINT staff_busy_calendars_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.staff_busy_times
    ADD CONSTRAINT staff_busy_times_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.consultation_feeds
    ADD CONSTRAINT consultation_feeds_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX consultation_bookings_one_booked_idx ON public.consultation_bookings USING btree (submission_id) WHERE (status = 'booked'::text);

CREATE INDEX consultation_bookings_held_idx ON public.consultation_bookings USING btree (hold_until) WHERE ((status = 'booked'::text) AND (hold_until IS NOT NULL));

CREATE INDEX consultation_bookings_submission_idx ON public.consultation_bookings USING btree (submission_id);

CREATE INDEX consultation_bookings_upcoming_idx ON public.consultation_bookings USING btree (starts_at) WHERE (status = 'booked'::text);

CREATE INDEX staff_weekly_hours_staff_idx ON public.staff_weekly_hours USING btree (staff_id, weekday);

CREATE INDEX staff_time_off_staff_idx ON public.staff_time_off USING btree (staff_id, starts_on);

CREATE INDEX staff_date_hours_staff_idx ON public.staff_date_hours USING btree (staff_id, on_date);

CREATE INDEX staff_busy_times_staff_idx ON private.staff_busy_times USING btree (staff_id, starts_at);

ALTER TABLE private.consultation_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.staff_availability ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.staff_weekly_hours ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.staff_time_off ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.staff_date_hours ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.consultation_bookings ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.staff_busy_calendars ENABLE ROW LEVEL SECURITY;
ALTER TABLE private.staff_busy_times ENABLE ROW LEVEL SECURITY;
ALTER TABLE private.consultation_feeds ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.staff_availability FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,UPDATE,DELETE ON TABLE public.staff_availability TO authenticated;
GRANT ALL ON TABLE public.staff_availability TO service_role;

REVOKE ALL ON TABLE public.staff_weekly_hours FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,UPDATE,DELETE ON TABLE public.staff_weekly_hours TO authenticated;
GRANT ALL ON TABLE public.staff_weekly_hours TO service_role;

REVOKE ALL ON TABLE public.staff_time_off FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,UPDATE,DELETE ON TABLE public.staff_time_off TO authenticated;
GRANT ALL ON TABLE public.staff_time_off TO service_role;

REVOKE ALL ON TABLE public.staff_date_hours FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,UPDATE,DELETE ON TABLE public.staff_date_hours TO authenticated;
GRANT ALL ON TABLE public.staff_date_hours TO service_role;

REVOKE ALL ON TABLE public.consultation_bookings FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.consultation_bookings TO authenticated;
GRANT SELECT,DELETE ON TABLE public.consultation_bookings TO service_role;

CREATE POLICY "admins read staff availability" ON public.staff_availability FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins add staff availability" ON public.staff_availability FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins change staff availability" ON public.staff_availability FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins remove staff availability" ON public.staff_availability FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read weekly hours" ON public.staff_weekly_hours FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins add weekly hours" ON public.staff_weekly_hours FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins change weekly hours" ON public.staff_weekly_hours FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins remove weekly hours" ON public.staff_weekly_hours FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read time off" ON public.staff_time_off FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins add time off" ON public.staff_time_off FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins change time off" ON public.staff_time_off FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins remove time off" ON public.staff_time_off FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read date hours" ON public.staff_date_hours FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins add date hours" ON public.staff_date_hours FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins change date hours" ON public.staff_date_hours FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));
CREATE POLICY "admins remove date hours" ON public.staff_date_hours FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read consultation bookings" ON public.consultation_bookings FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

-- ---------------------------------------------------------------------------------------------
-- Availability rules kept by the database

CREATE FUNCTION private.is_time_zone(_name text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if _name is null or pg_catalog.char_length(_name) > 64 then
    return false;
  end if;
  perform pg_catalog.timezone(_name, pg_catalog.now());
  return true;
exception
  when invalid_parameter_value then
    return false;
end;
$$;

COMMENT ON FUNCTION private.is_time_zone(_name text) IS 'True when the database knows this time zone name (an IANA name such as Europe/London).';

REVOKE ALL ON FUNCTION private.is_time_zone(_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_time_zone(_name text) TO authenticated;

CREATE FUNCTION private.check_staff_availability() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception using
      errcode = 'P0001',
      message = 'The time zone is not one the database knows.',
      hint = 'staff_availability_time_zone_invalid';
  end if;
  if not private.has_role(new.staff_id, 'admin') then
    raise exception using
      errcode = 'P0001',
      message = 'Only staff with the admin role take consultations.',
      hint = 'staff_availability_not_staff';
  end if;
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_staff_availability() IS 'BEFORE INSERT/UPDATE trigger on staff_availability: the zone must be known (P0001, hint staff_availability_time_zone_invalid) and the person staff (hint staff_availability_not_staff); stamps updated_at.';

REVOKE ALL ON FUNCTION private.check_staff_availability() FROM PUBLIC;

CREATE FUNCTION private.check_hours_do_not_overlap() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  clash boolean;
begin
  -- one writer per staff member at a time, so two inserts cannot each miss the other
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('staff hours ' || new.staff_id::text));
  if tg_table_name = 'staff_weekly_hours' then
    select exists (
      select 1 from public.staff_weekly_hours as other
       where other.staff_id = new.staff_id and other.weekday = new.weekday and other.id <> new.id
         and other.starts_at < new.ends_at and new.starts_at < other.ends_at
    ) into clash;
  else
    select exists (
      select 1 from public.staff_date_hours as other
       where other.staff_id = new.staff_id and other.on_date = new.on_date and other.id <> new.id
         and other.starts_at < new.ends_at and new.starts_at < other.ends_at
    ) into clash;
  end if;
  if clash then
    raise exception using
      errcode = 'P0001',
      message = 'These hours overlap other hours on the same day.',
      hint = 'staff_hours_overlap';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_hours_do_not_overlap() IS 'BEFORE INSERT/UPDATE trigger on staff_weekly_hours and staff_date_hours: ranges of one staff member on one weekday (or date) never overlap (P0001, hint staff_hours_overlap).';

REVOKE ALL ON FUNCTION private.check_hours_do_not_overlap() FROM PUBLIC;

CREATE FUNCTION private.give_new_staff_default_hours() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.role = 'admin' and not exists (
    select 1 from public.staff_availability as availability where availability.staff_id = new.user_id
  ) then
    insert into public.staff_availability (staff_id) values (new.user_id);
    insert into public.staff_weekly_hours (staff_id, weekday, starts_at, ends_at)
    select new.user_id, day, time '09:00', time '17:00' from pg_catalog.generate_series(1, 5) as day;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.give_new_staff_default_hours() IS 'AFTER INSERT trigger on user_roles: a new admin takes consultations Monday to Friday, 09:00 to 17:00 London, until they change it.';

REVOKE ALL ON FUNCTION private.give_new_staff_default_hours() FROM PUBLIC;

CREATE FUNCTION private.end_former_admin_calendars() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.user_id <> old.user_id)
     and not private.has_role(old.user_id, 'admin') then
    delete from private.consultation_feeds as feed where feed.staff_id = old.user_id;
    delete from private.staff_busy_times as busy where busy.staff_id = old.user_id;
    delete from private.staff_busy_calendars as calendar where calendar.staff_id = old.user_id;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.end_former_admin_calendars() IS 'AFTER DELETE/UPDATE trigger on user_roles: when an account no longer holds the admin role, by whatever path, its bookings feed, its busy calendar address and its busy times are deleted.';

REVOKE ALL ON FUNCTION private.end_former_admin_calendars() FROM PUBLIC;

CREATE FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb DEFAULT NULL::jsonb, p_time_off jsonb DEFAULT NULL::jsonb, p_date_hours jsonb DEFAULT NULL::jsonb) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, starts_at timestamp with time zone, ends_at timestamp with time zone, visitor_time_zone text, reason text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) IS 'Admins at aal2, for themselves: their booked consultations still to come that a change of availability would leave outside it: on a day off (reason day_off) or not within that day''s hours in their zone (outside_hours). p_weekly_hours [{weekday, starts_at, ends_at}] replaces the saved week; p_time_off [{starts_on, ends_on}] and p_date_hours [{on_date, starts_at, ends_at}] are added to the saved ones; null checks what is saved. Called by public.consultations_outside_hours().';

REVOKE ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- The staff member's own calendar: busy times in, bookings out

CREATE FUNCTION private.set_busy_calendar_url(p_url text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  url text := nullif(pg_catalog.btrim(coalesce(p_url, '')), '');
begin
  perform private.require_enquiry_admin();
  if url is null then
    delete from private.staff_busy_calendars as calendar where calendar.staff_id = auth.uid();
    delete from private.staff_busy_times as busy where busy.staff_id = auth.uid();
    return;
  end if;
  if pg_catalog.char_length(url) > 2000 or url !~ '^https://[^\s/]+/\S*$' then
    raise exception using
      errcode = 'P0001',
      message = 'Give the calendar''s private address in iCal format: it starts with https://.',
      hint = 'busy_calendar_url_invalid';
  end if;
  insert into private.staff_busy_calendars (staff_id, url)
  values (auth.uid(), url)
  on conflict (staff_id) do update
    set url = excluded.url, synced_at = null, last_error = null, updated_at = pg_catalog.now();
end;
$$;

COMMENT ON FUNCTION private.set_busy_calendar_url(p_url text) IS 'Admins at aal2, for themselves: the private iCal address of their own calendar, read for busy times (null or blank removes it and its busy times); https only (P0001, hint busy_calendar_url_invalid). Called by public.set_busy_calendar_url().';

REVOKE ALL ON FUNCTION private.set_busy_calendar_url(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_busy_calendar_url(p_url text) TO authenticated;
GRANT ALL ON FUNCTION private.set_busy_calendar_url(p_url text) TO service_role;

CREATE FUNCTION private.busy_calendar_status() RETURNS TABLE(has_url boolean, url_hint text, synced_at timestamp with time zone, last_error text, busy_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_enquiry_admin();
  return query
  select calendar.staff_id is not null,
         pg_catalog.substring(calendar.url, '^https://([^/]+)/') || '/…',
         calendar.synced_at, calendar.last_error,
         (select pg_catalog.count(*)::integer from private.staff_busy_times as busy where busy.staff_id = auth.uid())
    from (select auth.uid() as me) as caller
    left join private.staff_busy_calendars as calendar on calendar.staff_id = caller.me;
end;
$$;

COMMENT ON FUNCTION private.busy_calendar_status() IS 'Admins at aal2, for themselves: whether a busy calendar is set (only its host is shown), when it was last read, the last error and how many busy times it gave. Called by public.busy_calendar_status().';

REVOKE ALL ON FUNCTION private.busy_calendar_status() FROM PUBLIC;
GRANT ALL ON FUNCTION private.busy_calendar_status() TO authenticated;
GRANT ALL ON FUNCTION private.busy_calendar_status() TO service_role;

CREATE FUNCTION public.busy_calendars_to_read() RETURNS TABLE(staff_id uuid, url text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select calendar.staff_id, calendar.url from private.staff_busy_calendars as calendar
   where private.has_role(calendar.staff_id, 'admin')
   order by calendar.staff_id;
$$;

COMMENT ON FUNCTION public.busy_calendars_to_read() IS 'Service role only (the busy-calendar reader): every calendar address to read, of staff who hold the admin role.';

REVOKE ALL ON FUNCTION public.busy_calendars_to_read() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.busy_calendars_to_read() TO service_role;

CREATE FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  stored integer := 0;
begin
  if p_error is not null then
    update private.staff_busy_calendars as calendar
       set last_error = pg_catalog.left(p_error, 500)
     where calendar.staff_id = p_staff_id;
    return 0;
  end if;
  if pg_catalog.jsonb_typeof(p_busy) <> 'array' then
    raise exception using errcode = '22023', message = 'p_busy must be a JSON array of {starts_at, ends_at}.';
  end if;
  delete from private.staff_busy_times as busy where busy.staff_id = p_staff_id;
  insert into private.staff_busy_times (staff_id, starts_at, ends_at)
  select p_staff_id, (item ->> 'starts_at')::timestamptz, (item ->> 'ends_at')::timestamptz
    from pg_catalog.jsonb_array_elements(p_busy) as item
   where (item ->> 'ends_at')::timestamptz > (item ->> 'starts_at')::timestamptz
     and (item ->> 'ends_at')::timestamptz > pg_catalog.now();
  get diagnostics stored = row_count;
  update private.staff_busy_calendars as calendar
     set synced_at = pg_catalog.now(), last_error = null
   where calendar.staff_id = p_staff_id;
  return stored;
end;
$$;

COMMENT ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) IS 'Service role only (the busy-calendar reader): replaces a staff member''s busy times with those read (past ones dropped), or records why the read failed and keeps the last ones.';

REVOKE ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) TO service_role;

CREATE FUNCTION private.rotate_consultation_feed() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  token text := private.base64url(extensions.gen_random_bytes(32));
begin
  perform private.require_enquiry_admin();
  insert into private.consultation_feeds (staff_id, token_hash)
  values (auth.uid(), private.sha256_hex(pg_catalog.convert_to(token, 'UTF8')))
  on conflict (staff_id) do update set token_hash = excluded.token_hash, created_at = pg_catalog.now();
  return token;
end;
$$;

COMMENT ON FUNCTION private.rotate_consultation_feed() IS 'Admins at aal2, for themselves: a new token for the private feed of their bookings (shown once; only its hash is kept); the old one stops working. Called by public.rotate_consultation_feed().';

REVOKE ALL ON FUNCTION private.rotate_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION private.rotate_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION private.rotate_consultation_feed() TO service_role;

CREATE FUNCTION private.revoke_consultation_feed() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_enquiry_admin();
  delete from private.consultation_feeds as feed where feed.staff_id = auth.uid();
end;
$$;

COMMENT ON FUNCTION private.revoke_consultation_feed() IS 'Admins at aal2, for themselves: stops their bookings feed. Called by public.revoke_consultation_feed().';

REVOKE ALL ON FUNCTION private.revoke_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION private.revoke_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION private.revoke_consultation_feed() TO service_role;

CREATE FUNCTION private.consultation_feed_status() RETURNS TABLE(active boolean, created_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_enquiry_admin();
  return query
  select feed.staff_id is not null, feed.created_at
    from (select auth.uid() as me) as caller
    left join private.consultation_feeds as feed on feed.staff_id = caller.me;
end;
$$;

COMMENT ON FUNCTION private.consultation_feed_status() IS 'Admins at aal2, for themselves: whether their bookings feed is on, and since when. Called by public.consultation_feed_status().';

REVOKE ALL ON FUNCTION private.consultation_feed_status() FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultation_feed_status() TO authenticated;
GRANT ALL ON FUNCTION private.consultation_feed_status() TO service_role;

CREATE FUNCTION public.consultation_feed(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  owner uuid;
begin
  -- the role is checked on every request, so no feed outlives its owner's admin role.
  select feed.staff_id into owner from private.consultation_feeds as feed
   where feed.token_hash = private.sha256_hex(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'))
     and private.has_role(feed.staff_id, 'admin');
  if owner is null then
    return null;
  end if;
  return pg_catalog.jsonb_build_object(
    'staff_name', private.staff_display_name(owner),
    'bookings', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', booking.id,
               'uid', booking.id::text || '@consultations.kestrel-data',
               'sequence', booking.sequence,
               'status', booking.status,
               'starts_at', booking.starts_at,
               'ends_at', booking.ends_at,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'submission_id', booking.submission_id
             ) order by booking.starts_at)
        from public.consultation_bookings as booking
        join public.contact_submissions as enquiry on enquiry.id = booking.submission_id
       where booking.staff_id = owner
         and booking.ends_at > pg_catalog.now() - interval '30 days'), '[]'::jsonb)
  );
end;
$$;

COMMENT ON FUNCTION public.consultation_feed(p_token text) IS 'Service role only (the feed function): the bookings (from 30 days back) of the staff member whose feed token this is, or null for an unknown or revoked token and for one whose owner no longer holds the admin role.';

REVOKE ALL ON FUNCTION public.consultation_feed(p_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultation_feed(p_token text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: SECURITY INVOKER wrappers of the functions above, for an
-- admin at aal2, which the private functions check.

CREATE FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb DEFAULT NULL::jsonb, p_time_off jsonb DEFAULT NULL::jsonb, p_date_hours jsonb DEFAULT NULL::jsonb) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, starts_at timestamp with time zone, ends_at timestamp with time zone, visitor_time_zone text, reason text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.consultations_outside_hours(p_weekly_hours, p_time_off, p_date_hours);
$$;

COMMENT ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) IS 'Admins at aal2, for themselves: the booked consultations still to come that new weekly hours (replacing the saved week), added days off or added hours on a date would leave outside their availability, soonest first, each with its reason (day_off or outside_hours).';

REVOKE ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO service_role;

CREATE FUNCTION public.set_busy_calendar_url(p_url text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_busy_calendar_url(p_url);
$$;

COMMENT ON FUNCTION public.set_busy_calendar_url(p_url text) IS 'Admins at aal2, for themselves: the private iCal address of their own calendar, read for busy times (null or blank removes it and its busy times); https only (P0001, hint busy_calendar_url_invalid).';

REVOKE ALL ON FUNCTION public.set_busy_calendar_url(p_url text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO authenticated;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO service_role;

CREATE FUNCTION public.busy_calendar_status() RETURNS TABLE(has_url boolean, url_hint text, synced_at timestamp with time zone, last_error text, busy_count integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.busy_calendar_status();
$$;

COMMENT ON FUNCTION public.busy_calendar_status() IS 'Admins at aal2, for themselves: whether a busy calendar is set (only its host is shown), when it was last read, the last error and how many busy times it gave.';

REVOKE ALL ON FUNCTION public.busy_calendar_status() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO authenticated;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO service_role;

CREATE FUNCTION public.rotate_consultation_feed() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.rotate_consultation_feed();
$$;

COMMENT ON FUNCTION public.rotate_consultation_feed() IS 'Admins at aal2, for themselves: a new token for the private feed of their bookings (shown once; only its hash is kept); the old one stops working.';

REVOKE ALL ON FUNCTION public.rotate_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO service_role;

CREATE FUNCTION public.revoke_consultation_feed() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.revoke_consultation_feed();
$$;

COMMENT ON FUNCTION public.revoke_consultation_feed() IS 'Admins at aal2, for themselves: stops their bookings feed.';

REVOKE ALL ON FUNCTION public.revoke_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO service_role;

CREATE FUNCTION public.consultation_feed_status() RETURNS TABLE(active boolean, created_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.consultation_feed_status();
$$;

COMMENT ON FUNCTION public.consultation_feed_status() IS 'Admins at aal2, for themselves: whether their bookings feed is on, and since when.';

REVOKE ALL ON FUNCTION public.consultation_feed_status() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO authenticated;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Triggers

CREATE TRIGGER staff_availability_check BEFORE INSERT OR UPDATE ON public.staff_availability FOR EACH ROW EXECUTE FUNCTION private.check_staff_availability();

CREATE TRIGGER staff_weekly_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_weekly_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER staff_date_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_date_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER user_roles_default_hours AFTER INSERT ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.give_new_staff_default_hours();

CREATE TRIGGER user_roles_end_former_admin_calendars AFTER DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.end_former_admin_calendars();
