-- Consultation bookings: the free 30-minute consultation a prospect books with their enquiry.
--
-- Staff declare when they can meet (weekly hours, days off, hours on a date, buffer, notice,
-- horizon); the database turns those rules into free slots, in each staff member's time zone
-- across the clock changes, minus bookings and the busy times read from their own calendar.
-- A visitor acts only through signed, expiring tokens: a book token for their enquiry, a manage
-- token for their booking. Two bookings of one staff member never overlap, buffers included: an
-- exclusion constraint holds it, not a check that two requests could both pass.

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
    CONSTRAINT consultation_settings_single_row CHECK (id),
    CONSTRAINT consultation_settings_secret_length CHECK (((octet_length(token_secret) >= 32) AND (octet_length(token_secret) <= 64))),
    CONSTRAINT consultation_settings_bounds CHECK (((meeting_minutes >= 15) AND (meeting_minutes <= 120) AND (offer_days >= 1) AND (offer_days <= 90) AND (book_token_days >= 1) AND (claim_minutes >= 1) AND (changes_per_enquiry_per_hour >= 1) AND (changes_per_client_per_hour >= 1)))
);

COMMENT ON TABLE private.consultation_settings IS 'One row: how consultations are offered and the key their links are signed with. Change with update, never insert.';

COMMENT ON COLUMN private.consultation_settings.token_secret IS 'HMAC-SHA256 key of the book and manage tokens; replacing it voids every link already mailed.';

COMMENT ON COLUMN private.consultation_settings.meeting_minutes IS 'Length of a consultation, and the step between offered start times.';

COMMENT ON COLUMN private.consultation_settings.offer_days IS 'How many days ahead, from today in London, a visitor is offered times (two working weeks).';

COMMENT ON COLUMN private.consultation_settings.book_token_days IS 'How long after the enquiry its book token (the acknowledgement''s link) is valid.';

COMMENT ON COLUMN private.consultation_settings.claim_minutes IS 'How long after the enquiry the browser that sent it may exchange its booking key for a book token.';

COMMENT ON COLUMN private.consultation_settings.changes_per_enquiry_per_hour IS 'Bookings, moves and cancellations one enquiry may make in any hour.';

COMMENT ON COLUMN private.consultation_settings.changes_per_client_per_hour IS 'Bookings, moves and cancellations one client network address may make in any hour (as the enquiry form''s per-client limit).';

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
    CONSTRAINT consultation_bookings_order CHECK (((ends_at > starts_at) AND (blocked_until >= ends_at))),
    CONSTRAINT consultation_bookings_status CHECK ((status = ANY (ARRAY['booked'::text, 'cancelled'::text]))),
    CONSTRAINT consultation_bookings_cancelled CHECK ((((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)) AND ((status = 'cancelled'::text) = (cancelled_by IS NOT NULL)))),
    CONSTRAINT consultation_bookings_cancelled_by CHECK (((cancelled_by IS NULL) OR (cancelled_by = ANY (ARRAY['visitor'::text, 'staff'::text])))),
    CONSTRAINT consultation_bookings_sequence CHECK ((sequence >= 0)),
    CONSTRAINT consultation_bookings_time_zone_length CHECK (((char_length(visitor_time_zone) >= 1) AND (char_length(visitor_time_zone) <= 64))),
    CONSTRAINT consultation_bookings_no_overlap EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, blocked_until, '[)'::text) WITH &&) WHERE ((status = 'booked'::text))
);

COMMENT ON TABLE public.consultation_bookings IS 'Consultations booked with an enquiry: at most one booked at a time per enquiry, never two overlapping (buffer included) for one staff member. Admins read; changes go through the booking functions.';

COMMENT ON COLUMN public.consultation_bookings.staff_id IS 'Who meets the prospect; null once that user is deleted.';

COMMENT ON COLUMN public.consultation_bookings.blocked_until IS 'The end plus the staff member''s buffer when it was booked: the time the exclusion constraint keeps free of other bookings.';

COMMENT ON COLUMN public.consultation_bookings.sequence IS 'The invitation''s SEQUENCE: raised by each move and by cancellation; a manage token names the sequence it was made for.';

COMMENT ON COLUMN public.consultation_bookings.visitor_time_zone IS 'The IANA zone the prospect chose, used to show them the time in mail.';

COMMENT ON COLUMN public.consultation_bookings.reminder_queued_at IS 'When the reminder a day before was queued; null until then, and again after a move.';

CREATE TABLE private.consultation_changes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    submission_id uuid NOT NULL,
    change text NOT NULL,
    changed_by text NOT NULL,
    actor_email text,
    client_address text,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    staff_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT consultation_changes_change CHECK ((change = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text]))),
    CONSTRAINT consultation_changes_by CHECK ((changed_by = ANY (ARRAY['visitor'::text, 'staff'::text])))
);

COMMENT ON TABLE private.consultation_changes IS 'Each booking, move and cancellation, for the enquiry''s timeline and the per-enquiry and per-client limits. Goes with its enquiry.';

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

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_pkey PRIMARY KEY (id);

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

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.consultation_bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.staff_busy_calendars
    ADD CONSTRAINT staff_busy_calendars_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.staff_busy_times
    ADD CONSTRAINT staff_busy_times_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.consultation_feeds
    ADD CONSTRAINT consultation_feeds_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE UNIQUE INDEX consultation_bookings_one_booked_idx ON public.consultation_bookings USING btree (submission_id) WHERE (status = 'booked'::text);

CREATE INDEX contact_submissions_booking_key_idx ON public.contact_submissions USING btree (booking_key) WHERE (booking_key IS NOT NULL);

CREATE INDEX consultation_bookings_submission_idx ON public.consultation_bookings USING btree (submission_id);

CREATE INDEX consultation_bookings_upcoming_idx ON public.consultation_bookings USING btree (starts_at) WHERE (status = 'booked'::text);

CREATE INDEX consultation_changes_booking_idx ON private.consultation_changes USING btree (booking_id);

CREATE INDEX consultation_changes_submission_idx ON private.consultation_changes USING btree (submission_id, created_at);

CREATE INDEX consultation_changes_client_idx ON private.consultation_changes USING btree (client_address, created_at) WHERE (client_address IS NOT NULL);

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
ALTER TABLE private.consultation_changes ENABLE ROW LEVEL SECURITY;
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

-- ---------------------------------------------------------------------------------------------
-- Signed tokens

CREATE FUNCTION private.base64url(_bytes bytea) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(_bytes, 'base64'), E'+/\n', '-_'), '=');
$$;

REVOKE ALL ON FUNCTION private.base64url(_bytes bytea) FROM PUBLIC;

CREATE FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select claims || '.' || private.base64url(extensions.hmac(pg_catalog.convert_to(claims, 'UTF8'), settings.token_secret, 'sha256'))
    from private.consultation_settings as settings,
         lateral (select _kind || '.' || _subject::text || '.' || _version::text || '.'
                         || pg_catalog.floor(extract(epoch from _expires_at))::bigint::text as claims) as token;
$$;

COMMENT ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) IS 'A token <kind>.<subject>.<version>.<expiry, epoch seconds>.<HMAC-SHA256, base64url>: kind b (book: subject the enquiry) or m (manage: subject the booking, version its sequence).';

REVOKE ALL ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  parts text[];
  expires_at timestamp with time zone;
begin
  parts := pg_catalog.string_to_array(coalesce(_token, ''), '.');
  if pg_catalog.cardinality(parts) <> 5
     or parts[1] <> _kind
     or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or parts[3] !~ '^[0-9]{1,9}$'
     or parts[4] !~ '^[0-9]{1,12}$'
     or private.sign_consultation_token(parts[1], parts[2]::uuid, parts[3]::integer,
          pg_catalog.to_timestamp(parts[4]::bigint)) <> _token then
    raise exception using
      errcode = 'P0001',
      message = 'This link is not valid. Please use the link from your e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  expires_at := pg_catalog.to_timestamp(parts[4]::bigint);
  if expires_at <= pg_catalog.now() then
    raise exception using
      errcode = 'P0001',
      message = 'This link has expired.',
      hint = 'consultation_token_expired';
  end if;
  subject := parts[2]::uuid;
  version := parts[3]::integer;
end;
$$;

COMMENT ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) IS 'The subject and version of a token of this kind signed by private.sign_consultation_token; P0001 with hint consultation_token_invalid or consultation_token_expired otherwise.';

REVOKE ALL ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) FROM PUBLIC;

CREATE FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('b', _submission_id, 0,
           _created_at + pg_catalog.make_interval(days => settings.book_token_days))
    from private.consultation_settings as settings;
$$;

COMMENT ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) IS 'The book token of an enquiry that arrived at _created_at: valid book_token_days.';

REVOKE ALL ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('m', _booking.id, _booking.sequence, _booking.ends_at);
$$;

COMMENT ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) IS 'The manage token of a booking as it stands: valid until it ends, and only until its next move or cancellation.';

REVOKE ALL ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) FROM PUBLIC;

CREATE FUNCTION private.hash_enquiry_booking_key() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' then
    new.booking_key := old.booking_key;
    return new;
  end if;
  if new.booking_key is not null then
    if new.booking_key !~ '^[A-Za-z0-9_-]{43}$' then
      raise exception using
        errcode = 'P0001',
        message = 'The booking key must be 32 random bytes in base64url.',
        hint = 'contact_submissions_booking_key_format';
    end if;
    new.booking_key := private.sha256_hex(pg_catalog.convert_to(new.booking_key, 'UTF8'));
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.hash_enquiry_booking_key() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: stores the SHA-256 of the browser''s booking key, never the key (P0001, hint contact_submissions_booking_key_format, for one that is not 43 base64url characters); an update cannot change it.';

REVOKE ALL ON FUNCTION private.hash_enquiry_booking_key() FROM PUBLIC;

CREATE FUNCTION private.claim_consultation_token(p_enquiry_key text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
begin
  select submission.* into enquiry
    from public.contact_submissions as submission
    cross join private.consultation_settings as settings
   where submission.booking_key = private.sha256_hex(pg_catalog.convert_to(coalesce(p_enquiry_key, ''), 'UTF8'))
     and submission.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => settings.claim_minutes);
  if enquiry.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This enquiry cannot book a consultation from here. Please use the link in our e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  return private.consultation_book_token(enquiry.id, enquiry.created_at);
end;
$$;

COMMENT ON FUNCTION private.claim_consultation_token(p_enquiry_key text) IS 'Anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise. Called by public.claim_consultation_token().';

REVOKE ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Free slots

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

-- ---------------------------------------------------------------------------------------------
-- Booking, moving and cancelling

CREATE FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) RETURNS jsonb
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
    'cancelled_by', _booking.cancelled_by
  );
$$;

COMMENT ON FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) IS 'What a visitor may see of their booking.';

REVOKE ALL ON FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) FROM PUBLIC;

CREATE FUNCTION private.bookable_enquiry(_submission_id uuid) RETURNS public.contact_submissions
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
begin
  select * into enquiry from public.contact_submissions as submission where submission.id = _submission_id;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This link is not valid. Please use the link from your e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  if enquiry.held_at is not null or enquiry.status not in ('new', 'in_progress') then
    raise exception using
      errcode = 'P0001',
      message = 'A consultation cannot be booked online for this enquiry. Please reply to our e-mail instead.',
      hint = 'consultation_not_offered';
  end if;
  return enquiry;
end;
$$;

COMMENT ON FUNCTION private.bookable_enquiry(_submission_id uuid) IS 'The enquiry, when a consultation may be booked for it: not held, neither won, lost nor spam (P0001, hint consultation_not_offered otherwise).';

REVOKE ALL ON FUNCTION private.bookable_enquiry(_submission_id uuid) FROM PUBLIC;

CREATE FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.consultation_settings;
begin
  -- Requests for one enquiry, and from one address, wait here for each other until the one before
  -- commits, and each then counts with a fresh snapshot (hence VOLATILE): two can no longer both
  -- see the last free place under the limit. Enquiry first, then address, always in that order.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation enquiry ' || _submission_id::text, 0));
  if _client is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation client ' || _client, 0));
  end if;
  select * into settings from private.consultation_settings;
  if (select pg_catalog.count(*) from private.consultation_changes as change
       where change.submission_id = _submission_id and change.changed_by = 'visitor'
         and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.changes_per_enquiry_per_hour
     or (_client is not null and (select pg_catalog.count(*) from private.consultation_changes as change
          where change.client_address = _client
            and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.changes_per_client_per_hour) then
    raise exception using
      errcode = 'P0001',
      message = 'There have been too many changes to this consultation in the last hour. Please try again later, or reply to our e-mail.',
      hint = 'consultation_rate_limit';
  end if;
end;
$$;

COMMENT ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) IS 'Refuses a visitor''s booking, move or cancellation past the hourly limits per enquiry and per client address (P0001, hint consultation_rate_limit); holds a transaction lock per enquiry and per address, so concurrent requests are counted one after another.';

REVOKE ALL ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) FROM PUBLIC;

CREATE FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) IS 'Queues a booking mail to the prospect (consultation_booked, _moved, _cancelled or _reminder) with what its invitation needs: the booking as it stands, its organizer and, while booked, its manage token; a cancellation carries the enquiry''s book token instead while it may book again online.';

REVOKE ALL ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) FROM PUBLIC;

CREATE FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into private.consultation_changes
    (booking_id, submission_id, change, changed_by, actor_email, client_address, starts_at, ends_at, staff_name)
  values (
    _booking.id, _booking.submission_id, _change, _by,
    case when _by = 'staff' then pg_catalog.left(auth.jwt() ->> 'email', 255) end,
    _client,
    _booking.starts_at, _booking.ends_at, private.staff_display_name(_booking.staff_id)
  );
$$;

COMMENT ON FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text) IS 'Records a booking, move or cancellation for the timeline and the hourly limits.';

REVOKE ALL ON FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text) FROM PUBLIC;

CREATE FUNCTION private.mark_first_response_by_booking(_submission_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- the prospect has an answer, a time, so the reply clock stops as a reply would stop it.
  perform pg_catalog.set_config('kestrel.first_response_by_booking', 'on', true);
  update public.contact_submissions as submission
     set first_response_at = pg_catalog.now()
   where submission.id = _submission_id and submission.first_response_at is null;
  perform pg_catalog.set_config('kestrel.first_response_by_booking', '', true);
end;
$$;

COMMENT ON FUNCTION private.mark_first_response_by_booking(_submission_id uuid) IS 'Stamps the enquiry''s first response now, when it has none: a booked consultation answers the prospect.';

REVOKE ALL ON FUNCTION private.mark_first_response_by_booking(_submission_id uuid) FROM PUBLIC;

CREATE FUNCTION private.reopen_reply_clock(_submission_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.reopen_reply_clock(_submission_id uuid) IS 'After a cancellation: clears the first response the booking stamped when no reply or recorded contact has counted (last_contacted_at unset) and nothing else is booked, so the enquiry is back on the reply clock.';

REVOKE ALL ON FUNCTION private.reopen_reply_clock(_submission_id uuid) FROM PUBLIC;

CREATE FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) RETURNS public.consultation_bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.consultation_settings;
  host record;
  placed public.consultation_bookings;
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
    begin
      if _moving.id is null then
        insert into public.consultation_bookings
          (submission_id, staff_id, starts_at, ends_at, blocked_until, visitor_time_zone)
        values (
          _enquiry.id, host.staff_id, _starts_at,
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
          _time_zone)
        returning * into placed;
      else
        update public.consultation_bookings as booking
           set staff_id = host.staff_id,
               starts_at = _starts_at,
               ends_at = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
               blocked_until = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
               visitor_time_zone = _time_zone,
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
  raise exception using
    errcode = 'P0001',
    message = 'That time was just taken. Here are the nearest free times.',
    detail = private.nearest_free_slots(
      case when _only_staff is null then _enquiry.assigned_to else _only_staff end,
      _starts_at, _moving.id)::text,
    hint = 'consultation_slot_taken';
end;
$$;

COMMENT ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) IS 'Books (or, given _moving, moves) a consultation at _starts_at with a host free then, round robin; under concurrent requests the exclusion constraint lets one through and the other gets P0001 hint consultation_slot_taken with the nearest free times as a JSON array in DETAIL.';

REVOKE ALL ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) FROM PUBLIC;

CREATE FUNCTION private.lock_consultation_booking(_booking_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform 1 from public.consultation_bookings as booking where booking.id = _booking_id for update;
end;
$$;

COMMENT ON FUNCTION private.lock_consultation_booking(_booking_id uuid) IS 'Locks a booking row until the transaction ends, so a move or cancellation reads it only after any other change to it has committed: a replayed manage link then finds its SEQUENCE gone and is refused.';

REVOKE ALL ON FUNCTION private.lock_consultation_booking(_booking_id uuid) FROM PUBLIC;

CREATE FUNCTION private.managed_booking(_token text) RETURNS public.consultation_bookings
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  claims record;
  booking public.consultation_bookings;
begin
  select * into claims from private.read_consultation_token(_token, 'm');
  select * into booking from public.consultation_bookings as candidate where candidate.id = claims.subject;
  if booking.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This link is not valid. Please use the link from your e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  if booking.status = 'cancelled' then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation was cancelled.',
      hint = 'consultation_cancelled';
  end if;
  if booking.sequence <> claims.version then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation has moved since this link was sent. Please use the link in the latest e-mail.',
      hint = 'consultation_token_replaced';
  end if;
  return booking;
end;
$$;

COMMENT ON FUNCTION private.managed_booking(_token text) IS 'The booking a manage token is for, as long as it is booked and has not moved since the token was made.';

REVOKE ALL ON FUNCTION private.managed_booking(_token text) FROM PUBLIC;

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

CREATE FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  placed public.consultation_bookings;
begin
  enquiry := private.bookable_enquiry((private.read_consultation_token(p_token, 'b')).subject);
  if exists (select 1 from public.consultation_bookings as booking
              where booking.submission_id = enquiry.id and booking.status = 'booked') then
    raise exception using
      errcode = 'P0001',
      message = 'A consultation is already booked for this enquiry.',
      hint = 'consultation_already_booked';
  end if;
  perform private.check_consultation_limits(enquiry.id, private.client_address_of(p_forwarded_for));
  placed := private.place_consultation(enquiry, p_starts_at, p_time_zone, null, null);
  perform private.record_consultation_change(placed, 'booked', 'visitor', private.client_address_of(p_forwarded_for));
  perform private.mark_first_response_by_booking(enquiry.id);
  perform private.queue_consultation_mail('consultation_booked', placed);
  return pg_catalog.jsonb_build_object(
    'booking', private.consultation_booking_json(placed),
    'manage_token', private.consultation_manage_token(placed)
  );
end;
$$;

COMMENT ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Anyone holding an enquiry''s book token: books its consultation at a free start time; mails the invitation, stops the reply clock, and returns the booking and its manage token. Called by public.book_consultation().';

REVOKE ALL ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION private.require_future_booking(_booking public.consultation_bookings) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if _booking.starts_at <= pg_catalog.now() then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation has already started.',
      hint = 'consultation_past';
  end if;
end;
$$;

REVOKE ALL ON FUNCTION private.require_future_booking(_booking public.consultation_bookings) FROM PUBLIC;

CREATE FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
  placed public.consultation_bookings;
begin
  perform private.lock_consultation_booking((private.read_consultation_token(p_token, 'm')).subject);
  booking := private.managed_booking(p_token);
  perform private.require_future_booking(booking);
  enquiry := private.bookable_enquiry(booking.submission_id);
  perform private.check_consultation_limits(enquiry.id, private.client_address_of(p_forwarded_for));
  placed := private.place_consultation(enquiry, p_starts_at, p_time_zone, booking, null);
  perform private.record_consultation_change(placed, 'moved', 'visitor', private.client_address_of(p_forwarded_for));
  perform private.queue_consultation_mail('consultation_moved', placed);
  return pg_catalog.jsonb_build_object(
    'booking', private.consultation_booking_json(placed),
    'manage_token', private.consultation_manage_token(placed)
  );
end;
$$;

COMMENT ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation. Called by public.reschedule_consultation().';

REVOKE ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text DEFAULT NULL::text) RETURNS public.consultation_bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text) IS 'Cancels a booked consultation (SEQUENCE + 1), records the change, puts the enquiry back on the reply clock unless a reply or contact answered it, and mails the prospect the cancellation.';

REVOKE ALL ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text) FROM PUBLIC;

CREATE FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
begin
  perform private.lock_consultation_booking((private.read_consultation_token(p_token, 'm')).subject);
  booking := private.managed_booking(p_token);
  perform private.require_future_booking(booking);
  perform private.check_consultation_limits(booking.submission_id, private.client_address_of(p_forwarded_for));
  booking := private.cancel_booking(booking, 'visitor', private.client_address_of(p_forwarded_for));
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking));
end;
$$;

COMMENT ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) IS 'Anyone holding a booking''s current manage token: cancels it (the time is free again) and mails the cancellation (METHOD:CANCEL). Called by public.cancel_consultation().';

REVOKE ALL ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Staff

CREATE FUNCTION private.staff_booking(_booking_id uuid) RETURNS public.consultation_bookings
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
begin
  perform private.require_enquiry_admin();
  select * into booking from public.consultation_bookings as candidate
   where candidate.id = _booking_id and candidate.status = 'booked';
  if booking.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation is not booked any more.',
      hint = 'consultation_cancelled';
  end if;
  return booking;
end;
$$;

REVOKE ALL ON FUNCTION private.staff_booking(_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_booking(_booking_id uuid) TO authenticated;

CREATE FUNCTION private.upcoming_consultations(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_enquiry_admin();
  return query
  select booking.id, booking.submission_id, enquiry."Name", enquiry."Company", booking.staff_id,
         private.staff_display_name(booking.staff_id), booking.starts_at, booking.ends_at
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

CREATE FUNCTION private.staff_consultation_slots(p_booking_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
begin
  booking := private.staff_booking(p_booking_id);
  return pg_catalog.jsonb_build_object(
    'meeting_minutes', (select settings.meeting_minutes from private.consultation_settings as settings),
    'host_time_zone', 'Europe/London',
    'booking', private.consultation_booking_json(booking),
    'slots', coalesce((select pg_catalog.jsonb_agg(slot.starts_at order by slot.starts_at)
                         from private.staff_free_slots(booking.staff_id, pg_catalog.now(),
                                private.consultation_offer_ends(), booking.id) as slot), '[]'::jsonb)
  );
end;
$$;

COMMENT ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) IS 'Admins at aal2: the times a booked consultation could move to, with the same staff member. Called by public.staff_consultation_slots().';

REVOKE ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) TO service_role;

CREATE FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
  placed public.consultation_bookings;
begin
  perform private.require_enquiry_admin();
  perform private.lock_consultation_booking(p_booking_id);
  booking := private.staff_booking(p_booking_id);
  perform private.require_future_booking(booking);
  select * into enquiry from public.contact_submissions as submission where submission.id = booking.submission_id;
  placed := private.place_consultation(enquiry, p_starts_at, booking.visitor_time_zone, booking, booking.staff_id);
  perform private.record_consultation_change(placed, 'moved', 'staff');
  perform private.queue_consultation_mail('consultation_moved', placed);
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(placed));
end;
$$;

COMMENT ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1). Called by public.staff_move_consultation().';

REVOKE ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;

CREATE FUNCTION private.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
begin
  perform private.require_enquiry_admin();
  perform private.lock_consultation_booking(p_booking_id);
  booking := private.cancel_booking(private.staff_booking(p_booking_id), 'staff');
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking));
end;
$$;

COMMENT ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL). Called by public.staff_cancel_consultation().';

REVOKE ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO service_role;

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
-- Reminders

CREATE FUNCTION private.queue_consultation_reminders(_now timestamp with time zone DEFAULT now()) RETURNS integer
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

COMMENT ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) IS 'Queues the reminder mail of each consultation starting within a day, once, unless it was booked or last moved less than a day ahead. Every five minutes by pg_cron.';

REVOKE ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) TO service_role;

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
  select calendar.staff_id, calendar.url from private.staff_busy_calendars as calendar order by calendar.staff_id;
$$;

COMMENT ON FUNCTION public.busy_calendars_to_read() IS 'Service role only (the busy-calendar reader): every staff calendar address to read.';

REVOKE ALL ON FUNCTION public.busy_calendars_to_read() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.busy_calendars_to_read() FROM PUBLIC;
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

REVOKE ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) FROM PUBLIC;
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
  select feed.staff_id into owner from private.consultation_feeds as feed
   where feed.token_hash = private.sha256_hex(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'));
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

COMMENT ON FUNCTION public.consultation_feed(p_token text) IS 'Service role only (the feed function): the bookings (from 30 days back) of the staff member whose feed token this is, or null for an unknown or revoked token.';

REVOKE ALL ON FUNCTION public.consultation_feed(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_feed(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_feed(p_token text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: SECURITY INVOKER wrappers of the functions above. The visitor's
-- are the service role's alone (the consultation Edge Function calls them); the staff's need an
-- admin at aal2, which the private functions check.

CREATE FUNCTION public.claim_consultation_token(p_enquiry_key text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select * from private.claim_consultation_token(p_enquiry_key);
$$;

COMMENT ON FUNCTION public.claim_consultation_token(p_enquiry_key text) IS 'Service role only (the consultation Edge Function), for anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise.';

REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) TO service_role;

CREATE FUNCTION public.consultation_slots(p_token text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.consultation_slots(p_token);
$$;

COMMENT ON FUNCTION public.consultation_slots(p_token text) IS 'Service role only (the consultation Edge Function), for anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked.';

REVOKE ALL ON FUNCTION public.consultation_slots(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_slots(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_slots(p_token text) TO service_role;

CREATE FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.book_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding an enquiry''s book token: books its consultation at a free start time; mails the invitation, stops the reply clock, and returns the booking and its manage token.';

REVOKE ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.reschedule_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation.';

REVOKE ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.cancel_consultation(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: cancels it (the time is free again) and mails the cancellation (METHOD:CANCEL).';

REVOKE ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.upcoming_consultations(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.upcoming_consultations(p_limit);
$$;

COMMENT ON FUNCTION public.upcoming_consultations(p_limit integer) IS 'Admins at aal2: the next booked consultations not yet ended, soonest first (at most 100).';

REVOKE ALL ON FUNCTION public.upcoming_consultations(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.upcoming_consultations(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO service_role;

CREATE FUNCTION public.staff_consultation_slots(p_booking_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.staff_consultation_slots(p_booking_id);
$$;

COMMENT ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) IS 'Admins at aal2: the times a booked consultation could move to, with the same staff member.';

REVOKE ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO service_role;

CREATE FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.staff_move_consultation(p_booking_id, p_starts_at);
$$;

COMMENT ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1).';

REVOKE ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;

CREATE FUNCTION public.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.staff_cancel_consultation(p_booking_id);
$$;

COMMENT ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL).';

REVOKE ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO service_role;

CREATE FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb DEFAULT NULL::jsonb, p_time_off jsonb DEFAULT NULL::jsonb, p_date_hours jsonb DEFAULT NULL::jsonb) RETURNS TABLE(id uuid, submission_id uuid, name text, company text, starts_at timestamp with time zone, ends_at timestamp with time zone, visitor_time_zone text, reason text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.consultations_outside_hours(p_weekly_hours, p_time_off, p_date_hours);
$$;

COMMENT ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) IS 'Admins at aal2, for themselves: the booked consultations still to come that new weekly hours (replacing the saved week), added days off or added hours on a date would leave outside their availability, soonest first, each with its reason (day_off or outside_hours).';

REVOKE ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.consultations_outside_hours(p_weekly_hours jsonb, p_time_off jsonb, p_date_hours jsonb) TO service_role;

CREATE FUNCTION public.set_busy_calendar_url(p_url text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_busy_calendar_url(p_url);
$$;

COMMENT ON FUNCTION public.set_busy_calendar_url(p_url text) IS 'Admins at aal2, for themselves: the private iCal address of their own calendar, read for busy times (null or blank removes it and its busy times); https only (P0001, hint busy_calendar_url_invalid).';

REVOKE ALL ON FUNCTION public.set_busy_calendar_url(p_url text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_busy_calendar_url(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO authenticated;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO service_role;

CREATE FUNCTION public.busy_calendar_status() RETURNS TABLE(has_url boolean, url_hint text, synced_at timestamp with time zone, last_error text, busy_count integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.busy_calendar_status();
$$;

COMMENT ON FUNCTION public.busy_calendar_status() IS 'Admins at aal2, for themselves: whether a busy calendar is set (only its host is shown), when it was last read, the last error and how many busy times it gave.';

REVOKE ALL ON FUNCTION public.busy_calendar_status() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.busy_calendar_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO authenticated;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO service_role;

CREATE FUNCTION public.rotate_consultation_feed() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.rotate_consultation_feed();
$$;

COMMENT ON FUNCTION public.rotate_consultation_feed() IS 'Admins at aal2, for themselves: a new token for the private feed of their bookings (shown once; only its hash is kept); the old one stops working.';

REVOKE ALL ON FUNCTION public.rotate_consultation_feed() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.rotate_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO service_role;

CREATE FUNCTION public.revoke_consultation_feed() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.revoke_consultation_feed();
$$;

COMMENT ON FUNCTION public.revoke_consultation_feed() IS 'Admins at aal2, for themselves: stops their bookings feed.';

REVOKE ALL ON FUNCTION public.revoke_consultation_feed() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.revoke_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO service_role;

CREATE FUNCTION public.consultation_feed_status() RETURNS TABLE(active boolean, created_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.consultation_feed_status();
$$;

COMMENT ON FUNCTION public.consultation_feed_status() IS 'Admins at aal2, for themselves: whether their bookings feed is on, and since when.';

REVOKE ALL ON FUNCTION public.consultation_feed_status() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_feed_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO authenticated;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Triggers

CREATE TRIGGER contact_submissions_booking_key BEFORE INSERT OR UPDATE OF booking_key ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.hash_enquiry_booking_key();

CREATE TRIGGER staff_availability_check BEFORE INSERT OR UPDATE ON public.staff_availability FOR EACH ROW EXECUTE FUNCTION private.check_staff_availability();

CREATE TRIGGER staff_weekly_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_weekly_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER staff_date_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_date_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER user_roles_default_hours AFTER INSERT ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.give_new_staff_default_hours();
