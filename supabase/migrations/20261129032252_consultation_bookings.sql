-- Migration: consultation_bookings (drafted by npm run db:diff from supabase/schemas; read before committing).

create extension if not exists "btree_gist" with schema "extensions";

-- The signing key's default: created before the table that uses it.
CREATE OR REPLACE FUNCTION private.random_bytes_32()
 RETURNS bytea
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- two version-4 UUIDs from the server's strong random source: 244 random bits.
  select pg_catalog.decode(pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', ''), 'hex');
$function$
;

alter table "private"."enquiry_mail_jobs" drop constraint "enquiry_mail_jobs_kind_valid";

alter table "private"."enquiry_mail_jobs" drop constraint "enquiry_mail_jobs_recipient_by_kind";


  create table "private"."consultation_changes" (
    "id" uuid not null default gen_random_uuid(),
    "booking_id" uuid not null,
    "submission_id" uuid not null,
    "change" text not null,
    "changed_by" text not null,
    "actor_email" text,
    "client_address" text,
    "starts_at" timestamp with time zone not null,
    "ends_at" timestamp with time zone not null,
    "staff_name" text,
    "created_at" timestamp with time zone not null default now()
      );


alter table "private"."consultation_changes" enable row level security;


  create table "private"."consultation_feeds" (
    "staff_id" uuid not null,
    "token_hash" text not null,
    "created_at" timestamp with time zone not null default now()
      );


alter table "private"."consultation_feeds" enable row level security;


  create table "private"."consultation_settings" (
    "id" boolean not null default true,
    "token_secret" bytea not null default private.random_bytes_32(),
    "meeting_minutes" integer not null default 30,
    "offer_days" integer not null default 14,
    "book_token_days" integer not null default 30,
    "claim_minutes" integer not null default 60,
    "changes_per_enquiry_per_hour" integer not null default 10,
    "changes_per_client_per_hour" integer not null default 20
      );


alter table "private"."consultation_settings" enable row level security;


  create table "private"."staff_busy_calendars" (
    "staff_id" uuid not null,
    "url" text not null,
    "synced_at" timestamp with time zone,
    "last_error" text,
    "updated_at" timestamp with time zone not null default now()
      );


alter table "private"."staff_busy_calendars" enable row level security;


  create table "private"."staff_busy_times" (
    "id" uuid not null default gen_random_uuid(),
    "staff_id" uuid not null,
    "starts_at" timestamp with time zone not null,
    "ends_at" timestamp with time zone not null
      );


alter table "private"."staff_busy_times" enable row level security;


  create table "public"."consultation_bookings" (
    "id" uuid not null default gen_random_uuid(),
    "submission_id" uuid not null,
    "staff_id" uuid,
    "starts_at" timestamp with time zone not null,
    "ends_at" timestamp with time zone not null,
    "blocked_until" timestamp with time zone not null,
    "status" text not null default 'booked'::text,
    "sequence" integer not null default 0,
    "visitor_time_zone" text not null default 'Europe/London'::text,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "cancelled_at" timestamp with time zone,
    "cancelled_by" text,
    "reminder_queued_at" timestamp with time zone
      );


alter table "public"."consultation_bookings" enable row level security;


  create table "public"."staff_availability" (
    "staff_id" uuid not null,
    "time_zone" text not null default 'Europe/London'::text,
    "buffer_minutes" integer not null default 15,
    "min_notice_minutes" integer not null default 120,
    "horizon_days" integer not null default 14,
    "accepts_bookings" boolean not null default true,
    "updated_at" timestamp with time zone not null default now()
      );


alter table "public"."staff_availability" enable row level security;


  create table "public"."staff_date_hours" (
    "id" uuid not null default gen_random_uuid(),
    "staff_id" uuid not null,
    "on_date" date not null,
    "starts_at" time without time zone not null,
    "ends_at" time without time zone not null
      );


alter table "public"."staff_date_hours" enable row level security;


  create table "public"."staff_time_off" (
    "id" uuid not null default gen_random_uuid(),
    "staff_id" uuid not null,
    "starts_on" date not null,
    "ends_on" date not null,
    "note" text
      );


alter table "public"."staff_time_off" enable row level security;


  create table "public"."staff_weekly_hours" (
    "id" uuid not null default gen_random_uuid(),
    "staff_id" uuid not null,
    "weekday" smallint not null,
    "starts_at" time without time zone not null,
    "ends_at" time without time zone not null
      );


alter table "public"."staff_weekly_hours" enable row level security;

alter table "public"."contact_submissions" add column "booking_key" text;

CREATE INDEX consultation_changes_booking_idx ON private.consultation_changes USING btree (booking_id);

CREATE INDEX consultation_changes_client_idx ON private.consultation_changes USING btree (client_address, created_at) WHERE (client_address IS NOT NULL);

CREATE UNIQUE INDEX consultation_changes_pkey ON private.consultation_changes USING btree (id);

CREATE INDEX consultation_changes_submission_idx ON private.consultation_changes USING btree (submission_id, created_at);

CREATE UNIQUE INDEX consultation_feeds_pkey ON private.consultation_feeds USING btree (staff_id);

CREATE UNIQUE INDEX consultation_feeds_token_hash_key ON private.consultation_feeds USING btree (token_hash);

CREATE UNIQUE INDEX consultation_settings_pkey ON private.consultation_settings USING btree (id);

CREATE UNIQUE INDEX staff_busy_calendars_pkey ON private.staff_busy_calendars USING btree (staff_id);

CREATE UNIQUE INDEX staff_busy_times_pkey ON private.staff_busy_times USING btree (id);

CREATE INDEX staff_busy_times_staff_idx ON private.staff_busy_times USING btree (staff_id, starts_at);

select 1; 
-- CREATE INDEX consultation_bookings_no_overlap ON public.consultation_bookings USING gist (staff_id, tstzrange(starts_at, blocked_until, '[)'::text)) WHERE (status = 'booked'::text);

CREATE UNIQUE INDEX consultation_bookings_one_booked_idx ON public.consultation_bookings USING btree (submission_id) WHERE (status = 'booked'::text);

CREATE UNIQUE INDEX consultation_bookings_pkey ON public.consultation_bookings USING btree (id);

CREATE INDEX consultation_bookings_submission_idx ON public.consultation_bookings USING btree (submission_id);

CREATE INDEX consultation_bookings_upcoming_idx ON public.consultation_bookings USING btree (starts_at) WHERE (status = 'booked'::text);

CREATE INDEX contact_submissions_booking_key_idx ON public.contact_submissions USING btree (booking_key) WHERE (booking_key IS NOT NULL);

CREATE UNIQUE INDEX staff_availability_pkey ON public.staff_availability USING btree (staff_id);

CREATE UNIQUE INDEX staff_date_hours_pkey ON public.staff_date_hours USING btree (id);

CREATE INDEX staff_date_hours_staff_idx ON public.staff_date_hours USING btree (staff_id, on_date);

CREATE UNIQUE INDEX staff_time_off_pkey ON public.staff_time_off USING btree (id);

CREATE INDEX staff_time_off_staff_idx ON public.staff_time_off USING btree (staff_id, starts_on);

CREATE UNIQUE INDEX staff_weekly_hours_pkey ON public.staff_weekly_hours USING btree (id);

CREATE INDEX staff_weekly_hours_staff_idx ON public.staff_weekly_hours USING btree (staff_id, weekday);

alter table "private"."consultation_changes" add constraint "consultation_changes_pkey" PRIMARY KEY using index "consultation_changes_pkey";

alter table "private"."consultation_feeds" add constraint "consultation_feeds_pkey" PRIMARY KEY using index "consultation_feeds_pkey";

alter table "private"."consultation_settings" add constraint "consultation_settings_pkey" PRIMARY KEY using index "consultation_settings_pkey";

alter table "private"."staff_busy_calendars" add constraint "staff_busy_calendars_pkey" PRIMARY KEY using index "staff_busy_calendars_pkey";

alter table "private"."staff_busy_times" add constraint "staff_busy_times_pkey" PRIMARY KEY using index "staff_busy_times_pkey";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_pkey" PRIMARY KEY using index "consultation_bookings_pkey";

alter table "public"."staff_availability" add constraint "staff_availability_pkey" PRIMARY KEY using index "staff_availability_pkey";

alter table "public"."staff_date_hours" add constraint "staff_date_hours_pkey" PRIMARY KEY using index "staff_date_hours_pkey";

alter table "public"."staff_time_off" add constraint "staff_time_off_pkey" PRIMARY KEY using index "staff_time_off_pkey";

alter table "public"."staff_weekly_hours" add constraint "staff_weekly_hours_pkey" PRIMARY KEY using index "staff_weekly_hours_pkey";

alter table "private"."consultation_changes" add constraint "consultation_changes_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES public.consultation_bookings(id) ON DELETE CASCADE not valid;

alter table "private"."consultation_changes" validate constraint "consultation_changes_booking_id_fkey";

alter table "private"."consultation_changes" add constraint "consultation_changes_by" CHECK ((changed_by = ANY (ARRAY['visitor'::text, 'staff'::text]))) not valid;

alter table "private"."consultation_changes" validate constraint "consultation_changes_by";

alter table "private"."consultation_changes" add constraint "consultation_changes_change" CHECK ((change = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text]))) not valid;

alter table "private"."consultation_changes" validate constraint "consultation_changes_change";

alter table "private"."consultation_changes" add constraint "consultation_changes_submission_id_fkey" FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE not valid;

alter table "private"."consultation_changes" validate constraint "consultation_changes_submission_id_fkey";

alter table "private"."consultation_feeds" add constraint "consultation_feeds_hash_format" CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)) not valid;

alter table "private"."consultation_feeds" validate constraint "consultation_feeds_hash_format";

alter table "private"."consultation_feeds" add constraint "consultation_feeds_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."consultation_feeds" validate constraint "consultation_feeds_staff_id_fkey";

alter table "private"."consultation_feeds" add constraint "consultation_feeds_token_hash_key" UNIQUE using index "consultation_feeds_token_hash_key";

alter table "private"."consultation_settings" add constraint "consultation_settings_bounds" CHECK (((meeting_minutes >= 15) AND (meeting_minutes <= 120) AND (offer_days >= 1) AND (offer_days <= 90) AND (book_token_days >= 1) AND (claim_minutes >= 1) AND (changes_per_enquiry_per_hour >= 1) AND (changes_per_client_per_hour >= 1))) not valid;

alter table "private"."consultation_settings" validate constraint "consultation_settings_bounds";

alter table "private"."consultation_settings" add constraint "consultation_settings_secret_length" CHECK (((octet_length(token_secret) >= 32) AND (octet_length(token_secret) <= 64))) not valid;

alter table "private"."consultation_settings" validate constraint "consultation_settings_secret_length";

alter table "private"."consultation_settings" add constraint "consultation_settings_single_row" CHECK (id) not valid;

alter table "private"."consultation_settings" validate constraint "consultation_settings_single_row";

alter table "private"."staff_busy_calendars" add constraint "staff_busy_calendars_error_length" CHECK (((last_error IS NULL) OR (char_length(last_error) <= 500))) not valid;

alter table "private"."staff_busy_calendars" validate constraint "staff_busy_calendars_error_length";

alter table "private"."staff_busy_calendars" add constraint "staff_busy_calendars_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."staff_busy_calendars" validate constraint "staff_busy_calendars_staff_id_fkey";

alter table "private"."staff_busy_calendars" add constraint "staff_busy_calendars_url" CHECK (((char_length(url) <= 2000) AND (url ~ '^https://[^\s/]+/\S*$'::text))) not valid;

alter table "private"."staff_busy_calendars" validate constraint "staff_busy_calendars_url";

alter table "private"."staff_busy_times" add constraint "staff_busy_times_order" CHECK ((ends_at > starts_at)) not valid;

alter table "private"."staff_busy_times" validate constraint "staff_busy_times_order";

alter table "private"."staff_busy_times" add constraint "staff_busy_times_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."staff_busy_times" validate constraint "staff_busy_times_staff_id_fkey";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_cancelled" CHECK ((((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)) AND ((status = 'cancelled'::text) = (cancelled_by IS NOT NULL)))) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_cancelled";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_cancelled_by" CHECK (((cancelled_by IS NULL) OR (cancelled_by = ANY (ARRAY['visitor'::text, 'staff'::text])))) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_cancelled_by";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_no_overlap" EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, blocked_until, '[)'::text) WITH &&) WHERE ((status = 'booked'::text));

alter table "public"."consultation_bookings" add constraint "consultation_bookings_order" CHECK (((ends_at > starts_at) AND (blocked_until >= ends_at))) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_order";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_sequence" CHECK ((sequence >= 0)) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_sequence";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_staff_id_fkey";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_status" CHECK ((status = ANY (ARRAY['booked'::text, 'cancelled'::text]))) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_status";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_submission_id_fkey" FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_submission_id_fkey";

alter table "public"."consultation_bookings" add constraint "consultation_bookings_time_zone_length" CHECK (((char_length(visitor_time_zone) >= 1) AND (char_length(visitor_time_zone) <= 64))) not valid;

alter table "public"."consultation_bookings" validate constraint "consultation_bookings_time_zone_length";

alter table "public"."contact_submissions" add constraint "contact_submissions_booking_key_hash" CHECK (((booking_key IS NULL) OR (booking_key ~ '^[0-9a-f]{64}$'::text))) not valid;

alter table "public"."contact_submissions" validate constraint "contact_submissions_booking_key_hash";

alter table "public"."staff_availability" add constraint "staff_availability_buffer" CHECK (((buffer_minutes >= 0) AND (buffer_minutes <= 240))) not valid;

alter table "public"."staff_availability" validate constraint "staff_availability_buffer";

alter table "public"."staff_availability" add constraint "staff_availability_horizon" CHECK (((horizon_days >= 1) AND (horizon_days <= 90))) not valid;

alter table "public"."staff_availability" validate constraint "staff_availability_horizon";

alter table "public"."staff_availability" add constraint "staff_availability_notice" CHECK (((min_notice_minutes >= 0) AND (min_notice_minutes <= 10080))) not valid;

alter table "public"."staff_availability" validate constraint "staff_availability_notice";

alter table "public"."staff_availability" add constraint "staff_availability_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."staff_availability" validate constraint "staff_availability_staff_id_fkey";

alter table "public"."staff_availability" add constraint "staff_availability_time_zone_length" CHECK (((char_length(time_zone) >= 1) AND (char_length(time_zone) <= 64))) not valid;

alter table "public"."staff_availability" validate constraint "staff_availability_time_zone_length";

alter table "public"."staff_date_hours" add constraint "staff_date_hours_order" CHECK ((ends_at > starts_at)) not valid;

alter table "public"."staff_date_hours" validate constraint "staff_date_hours_order";

alter table "public"."staff_date_hours" add constraint "staff_date_hours_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE not valid;

alter table "public"."staff_date_hours" validate constraint "staff_date_hours_staff_id_fkey";

alter table "public"."staff_time_off" add constraint "staff_time_off_note_length" CHECK (((note IS NULL) OR ((char_length(note) >= 1) AND (char_length(note) <= 200)))) not valid;

alter table "public"."staff_time_off" validate constraint "staff_time_off_note_length";

alter table "public"."staff_time_off" add constraint "staff_time_off_order" CHECK ((ends_on >= starts_on)) not valid;

alter table "public"."staff_time_off" validate constraint "staff_time_off_order";

alter table "public"."staff_time_off" add constraint "staff_time_off_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE not valid;

alter table "public"."staff_time_off" validate constraint "staff_time_off_staff_id_fkey";

alter table "public"."staff_weekly_hours" add constraint "staff_weekly_hours_order" CHECK ((ends_at > starts_at)) not valid;

alter table "public"."staff_weekly_hours" validate constraint "staff_weekly_hours_order";

alter table "public"."staff_weekly_hours" add constraint "staff_weekly_hours_staff_id_fkey" FOREIGN KEY (staff_id) REFERENCES public.staff_availability(staff_id) ON DELETE CASCADE not valid;

alter table "public"."staff_weekly_hours" validate constraint "staff_weekly_hours_staff_id_fkey";

alter table "public"."staff_weekly_hours" add constraint "staff_weekly_hours_weekday" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."staff_weekly_hours" validate constraint "staff_weekly_hours_weekday";

alter table "private"."enquiry_mail_jobs" add constraint "enquiry_mail_jobs_kind_valid" CHECK ((kind = ANY (ARRAY['staff_alert'::text, 'staff_digest'::text, 'acknowledgement'::text, 'reply'::text, 'reply_reminder'::text, 'reply_escalation'::text, 'weekly_summary'::text, 'follow_up_reminder'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text]))) not valid;

alter table "private"."enquiry_mail_jobs" validate constraint "enquiry_mail_jobs_kind_valid";

alter table "private"."enquiry_mail_jobs" add constraint "enquiry_mail_jobs_recipient_by_kind" CHECK (
CASE
    WHEN (kind = ANY (ARRAY['acknowledgement'::text, 'reply'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text])) THEN (recipient IS NOT NULL)
    WHEN (kind = ANY (ARRAY['reply_reminder'::text, 'follow_up_reminder'::text])) THEN true
    ELSE (recipient IS NULL)
END) not valid;

alter table "private"."enquiry_mail_jobs" validate constraint "enquiry_mail_jobs_recipient_by_kind";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.base64url(_bytes bytea)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(_bytes, 'base64'), E'+/\n', '-_'), '=');
$function$
;

CREATE OR REPLACE FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.bookable_enquiry(_submission_id uuid)
 RETURNS contact_submissions
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.busy_calendar_status()
 RETURNS TABLE(has_url boolean, url_hint text, synced_at timestamp with time zone, last_error text, busy_count integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  perform private.queue_consultation_mail('consultation_cancelled', cancelled);
  return cancelled;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  booking public.consultation_bookings;
begin
  booking := private.managed_booking(p_token);
  perform private.require_future_booking(booking);
  perform private.check_consultation_limits(booking.submission_id, private.client_address_of(p_forwarded_for));
  booking := private.cancel_booking(booking, 'visitor', private.client_address_of(p_forwarded_for));
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking));
end;
$function$
;

CREATE OR REPLACE FUNCTION private.check_consultation_limits(_submission_id uuid, _client text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.consultation_settings;
begin
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
$function$
;

CREATE OR REPLACE FUNCTION private.check_hours_do_not_overlap()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.check_staff_availability()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.claim_consultation_token(p_enquiry_key text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.client_address_of(_forwarded text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  entries text[];
  hops integer;
begin
  if _forwarded is null then
    return null;
  end if;
  select limits.trusted_proxy_hops into hops from private.enquiry_limits as limits;
  entries := pg_catalog.regexp_split_to_array(_forwarded, '\s*,\s*');
  if pg_catalog.cardinality(entries) < coalesce(hops, 1) then
    return null;
  end if;
  return private.client_address_key(entries[pg_catalog.cardinality(entries) - coalesce(hops, 1) + 1]);
end;
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.sign_consultation_token('b', _submission_id, 0,
           _created_at + pg_catalog.make_interval(days => settings.book_token_days))
    from private.consultation_settings as settings;
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_booking_json(_booking consultation_bookings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_feed_status()
 RETURNS TABLE(active boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_enquiry_admin();
  return query
  select feed.staff_id is not null, feed.created_at
    from (select auth.uid() as me) as caller
    left join private.consultation_feeds as feed on feed.staff_id = caller.me;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_hosts(_assigned_to uuid)
 RETURNS TABLE(staff_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- the enquiry's assignee meets the prospect when they take consultations; anyone who does
  -- otherwise.
  with takers as (
    select availability.staff_id from public.staff_availability as availability
     where availability.accepts_bookings and private.has_role(availability.staff_id, 'admin')
  )
  select takers.staff_id from takers
   where takers.staff_id = _assigned_to
      or not exists (select 1 from takers as assignee where assignee.staff_id = _assigned_to);
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_manage_token(_booking consultation_bookings)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.sign_consultation_token('m', _booking.id, _booking.sequence, _booking.ends_at);
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_offer_ends(_now timestamp with time zone DEFAULT now())
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select ((private.london_today(_now) + settings.offer_days + 1)::timestamp) at time zone 'Europe/London'
    from private.consultation_settings as settings;
$function$
;

CREATE OR REPLACE FUNCTION private.consultation_slots(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid DEFAULT NULL::uuid)
 RETURNS TABLE(starts_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select distinct slot.starts_at
    from private.consultation_hosts(_assigned_to) as host,
         private.staff_free_slots(host.staff_id, pg_catalog.now(), private.consultation_offer_ends(), _ignore_booking) as slot
   order by slot.starts_at;
$function$
;

CREATE OR REPLACE FUNCTION private.give_new_staff_default_hours()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.hash_enquiry_booking_key()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.hmac_sha256(_message bytea, _key bytea)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- RFC 2104 with a key of at most one block (64 bytes), zero-padded to the block.
  with block as (
    select pg_catalog.decode(pg_catalog.rpad(pg_catalog.encode(_key, 'hex'), 128, '0'), 'hex') as key
  ),
  pads as (
    select pg_catalog.decode(pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.get_byte(block.key, i) # 54), 2, '0'), '' order by i), 'hex') as inner_pad,
           pg_catalog.decode(pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.get_byte(block.key, i) # 92), 2, '0'), '' order by i), 'hex') as outer_pad
      from block, pg_catalog.generate_series(0, 63) as i
  )
  select pg_catalog.sha256(pads.outer_pad || pg_catalog.sha256(pads.inner_pad || _message)) from pads;
$function$
;

CREATE OR REPLACE FUNCTION private.is_time_zone(_name text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.managed_booking(_token text)
 RETURNS consultation_bookings
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.mark_first_response_by_booking(_submission_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- the prospect has an answer, a time, so the reply clock stops as a reply would stop it.
  perform pg_catalog.set_config('kestrel.first_response_by_booking', 'on', true);
  update public.contact_submissions as submission
     set first_response_at = pg_catalog.now()
   where submission.id = _submission_id and submission.first_response_at is null;
  perform pg_catalog.set_config('kestrel.first_response_by_booking', '', true);
end;
$function$
;

CREATE OR REPLACE FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(pg_catalog.jsonb_agg(nearest.starts_at order by nearest.starts_at), '[]'::jsonb)
    from (
      select slot.starts_at from private.enquiry_free_slots(_assigned_to, _ignore_booking) as slot
       order by pg_catalog.abs(extract(epoch from slot.starts_at - _wanted)), slot.starts_at
       limit 6
    ) as nearest;
$function$
;

CREATE OR REPLACE FUNCTION private.place_consultation(_enquiry contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving consultation_bookings, _only_staff uuid)
 RETURNS consultation_bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
begin
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
      'manage_token', case when _booking.status = 'booked' then private.consultation_manage_token(_booking) end
    ))
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION private.queue_consultation_reminders(_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;


CREATE OR REPLACE FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.record_consultation_change(_booking consultation_bookings, _change text, _by text, _client text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into private.consultation_changes
    (booking_id, submission_id, change, changed_by, actor_email, client_address, starts_at, ends_at, staff_name)
  values (
    _booking.id, _booking.submission_id, _change, _by,
    case when _by = 'staff' then pg_catalog.left(auth.jwt() ->> 'email', 255) end,
    _client,
    _booking.starts_at, _booking.ends_at, private.staff_display_name(_booking.staff_id)
  );
$function$
;

CREATE OR REPLACE FUNCTION private.request_busy_calendar_sync()
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  mail_function_url text;
  service_key text;
begin
  -- No staff calendar to read: no call to the function.
  if not exists (select 1 from private.staff_busy_calendars) then
    return null;
  end if;
  -- Deployed beside the mail sender: its URL is the sender's with the last segment replaced,
  -- so an operator stores nothing more for it.
  select secret.decrypted_secret into mail_function_url
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_function_url';
  select secret.decrypted_secret into service_key
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_service_key';
  if mail_function_url is null or service_key is null then
    raise warning 'request_busy_calendar_sync: store enquiry_mail_function_url and enquiry_mail_service_key in Vault; staff calendars are not read until then';
    return null;
  end if;
  return net.http_post(
    url := pg_catalog.regexp_replace(mail_function_url, '/[^/]+/?$', '/sync-busy-calendars'),
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000);
end
$function$
;

CREATE OR REPLACE FUNCTION private.require_future_booking(_booking consultation_bookings)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if _booking.starts_at <= pg_catalog.now() then
    raise exception using
      errcode = 'P0001',
      message = 'This consultation has already started.',
      hint = 'consultation_past';
  end if;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
  placed public.consultation_bookings;
begin
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
$function$
;

CREATE OR REPLACE FUNCTION private.revoke_consultation_feed()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_enquiry_admin();
  delete from private.consultation_feeds as feed where feed.staff_id = auth.uid();
end;
$function$
;

CREATE OR REPLACE FUNCTION private.rotate_consultation_feed()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := private.base64url(private.random_bytes_32());
begin
  perform private.require_enquiry_admin();
  insert into private.consultation_feeds (staff_id, token_hash)
  values (auth.uid(), private.sha256_hex(pg_catalog.convert_to(token, 'UTF8')))
  on conflict (staff_id) do update set token_hash = excluded.token_hash, created_at = pg_catalog.now();
  return token;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.set_busy_calendar_url(p_url text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.sha256_hex(_data bytea)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.encode(pg_catalog.sha256(_data), 'hex');
$function$
;

CREATE OR REPLACE FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select claims || '.' || private.base64url(private.hmac_sha256(pg_catalog.convert_to(claims, 'UTF8'), settings.token_secret))
    from private.consultation_settings as settings,
         lateral (select _kind || '.' || _subject::text || '.' || _version::text || '.'
                         || pg_catalog.floor(extract(epoch from _expires_at))::bigint::text as claims) as token;
$function$
;

CREATE OR REPLACE FUNCTION private.staff_booking(_booking_id uuid)
 RETURNS consultation_bookings
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.staff_cancel_consultation(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  booking public.consultation_bookings;
begin
  booking := private.cancel_booking(private.staff_booking(p_booking_id), 'staff');
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking));
end;
$function$
;

CREATE OR REPLACE FUNCTION private.staff_consultation_slots(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid DEFAULT NULL::uuid, _now timestamp with time zone DEFAULT now())
 RETURNS TABLE(starts_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
  placed public.consultation_bookings;
begin
  booking := private.staff_booking(p_booking_id);
  perform private.require_future_booking(booking);
  select * into enquiry from public.contact_submissions as submission where submission.id = booking.submission_id;
  placed := private.place_consultation(enquiry, p_starts_at, booking.visitor_time_zone, booking, booking.staff_id);
  perform private.record_consultation_change(placed, 'moved', 'staff');
  perform private.queue_consultation_mail('consultation_moved', placed);
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(placed));
end;
$function$
;

CREATE OR REPLACE FUNCTION private.upcoming_consultations(p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.book_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$function$
;

CREATE OR REPLACE FUNCTION public.busy_calendar_status()
 RETURNS TABLE(has_url boolean, url_hint text, synced_at timestamp with time zone, last_error text, busy_count integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.busy_calendar_status();
$function$
;

CREATE OR REPLACE FUNCTION public.busy_calendars_to_read()
 RETURNS TABLE(staff_id uuid, url text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select calendar.staff_id, calendar.url from private.staff_busy_calendars as calendar order by calendar.staff_id;
$function$
;

CREATE OR REPLACE FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.cancel_consultation(p_token, p_forwarded_for);
$function$
;

CREATE OR REPLACE FUNCTION public.claim_consultation_token(p_enquiry_key text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.claim_consultation_token(p_enquiry_key);
$function$
;

CREATE OR REPLACE FUNCTION public.consultation_feed(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.consultation_feed_status()
 RETURNS TABLE(active boolean, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.consultation_feed_status();
$function$
;

CREATE OR REPLACE FUNCTION public.consultation_slots(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.consultation_slots(p_token);
$function$
;

CREATE OR REPLACE FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text DEFAULT NULL::text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.reschedule_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$function$
;

CREATE OR REPLACE FUNCTION public.revoke_consultation_feed()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.revoke_consultation_feed();
$function$
;

CREATE OR REPLACE FUNCTION public.rotate_consultation_feed()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.rotate_consultation_feed();
$function$
;

CREATE OR REPLACE FUNCTION public.set_busy_calendar_url(p_url text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.set_busy_calendar_url(p_url);
$function$
;

CREATE OR REPLACE FUNCTION public.staff_cancel_consultation(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.staff_cancel_consultation(p_booking_id);
$function$
;

CREATE OR REPLACE FUNCTION public.staff_consultation_slots(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.staff_consultation_slots(p_booking_id);
$function$
;

CREATE OR REPLACE FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.staff_move_consultation(p_booking_id, p_starts_at);
$function$
;

CREATE OR REPLACE FUNCTION public.upcoming_consultations(p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, submission_id uuid, name text, company text, staff_id uuid, staff_name text, starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.upcoming_consultations(p_limit);
$function$
;

CREATE OR REPLACE FUNCTION private.delete_enquiries(_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  id_texts text[] := coalesce(_ids::text[], '{}');
  note_count integer;
  follow_up_count integer;
  source_count integer;
  job_count integer;
  digest_count integer;
  enquiry_count integer;
  booking_count integer;
begin
  -- notes, follow-ups and consultations go with their enquiries (cascade): counted first.
  select pg_catalog.count(*)::integer into note_count
    from public.enquiry_notes as note where note.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into follow_up_count
    from public.enquiry_follow_ups as follow_up where follow_up.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into source_count
    from private.enquiry_sources as source where source.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into booking_count
    from public.consultation_bookings as booking where booking.submission_id = any(_ids);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.submission_id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  -- a digest carries snapshots of several enquiries: drop these ones, and the digest itself
  -- when nothing is left in it.
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not (entry ->> 'id') = any(id_texts)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where (entry ->> 'id') = any(id_texts)
     );
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  with removed as (
    delete from public.contact_submissions as enquiry
     where enquiry.id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into enquiry_count from removed;
  -- the delete trigger's per-enquiry audit entries: the caller writes one entry for the whole.
  delete from public.audit_log as entry
   where entry.action = 'admin_enquiry_deleted'
     and entry.resource = 'contact_submissions'
     and entry.resource_id = any(id_texts)
     and entry.created_at = pg_catalog.now();
  return pg_catalog.jsonb_build_object(
    'contact_submissions', enquiry_count,
    'enquiry_notes', note_count,
    'enquiry_follow_ups', follow_up_count,
    'enquiry_sources', source_count,
    'enquiry_mail_jobs', job_count + digest_count,
    'consultation_bookings', booking_count
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_client_address()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.client_address_of(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for');
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_timeline(_submission_id uuid)
 RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s timeline.';
  end if;
  return query
  select events.occurred_at, events.event, events.actor, events.details
    from (
      select enquiry.created_at as occurred_at, 0 as rank, 'received'::text as event, null::text as actor,
             pg_catalog.jsonb_build_object('held', enquiry.held_at is not null) as details
        from public.contact_submissions as enquiry
       where enquiry.id = _submission_id
      union all
      -- changes of status, assignee and last-contacted date, and other admin actions; notes,
      -- replies and contacts come from their own tables below, and a last-contacted change made
      -- by a reply or contact is that reply's (matched on its audit entry, which outlives an
      -- undone contact).
      select entry.created_at, 1,
             pg_catalog.regexp_replace(entry.action, '^admin_enquiry_', ''),
             entry.user_email,
             entry.details
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and pg_catalog.left(entry.action, 6) = 'admin_'
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent',
           'admin_enquiry_contact_recorded', 'admin_enquiry_contact_undone'
         )
         and not (
           entry.action = 'admin_enquiry_last_contacted_set'
           and exists (
             select 1 from public.audit_log as cause
              where cause.resource = 'contact_submissions'
                and cause.resource_id = entry.resource_id
                and cause.action in ('admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded')
                and cause.created_at = entry.created_at
           )
         )
      union all
      -- a bulk action writes one entry for all its enquiries: this enquiry's change in it, shown
      -- as the same event a change of one enquiry is.
      select entry.created_at, 1,
             case entry.action when 'admin_enquiries_assigned' then 'assigned' else 'status_changed' end,
             entry.user_email,
             pg_catalog.jsonb_build_object(
               'from', case entry.action
                         when 'admin_enquiries_marked_not_spam' then pg_catalog.to_jsonb('spam'::text)
                         else change -> 'from' end,
               'to', case entry.action
                       when 'admin_enquiries_marked_spam' then pg_catalog.to_jsonb('spam'::text)
                       when 'admin_enquiries_status_set' then entry.details -> 'status'
                       when 'admin_enquiries_marked_not_spam' then change -> 'to'
                       else entry.details -> 'assigned_to' end,
               'bulk', true
             )
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action in (
           'admin_enquiries_marked_spam', 'admin_enquiries_status_set',
           'admin_enquiries_marked_not_spam', 'admin_enquiries_assigned'
         )
         and change -> 'ids' ? _submission_id::text
      union all
      select entry.created_at, 1, 'hold_released', entry.user_email,
             pg_catalog.jsonb_build_object('bulk', true)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action = 'admin_enquiries_released'
         and pg_catalog.jsonb_typeof(entry.details -> 'ids') = 'array'
         and entry.details -> 'ids' ? _submission_id::text
      union all
      select note.created_at, 2, 'note_added', note.author_email,
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             reply.author_email,
             pg_catalog.jsonb_build_object(
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body,
               'outcome', reply.outcome, 'note', reply.note
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
      union all
      select change.created_at, 2, 'consultation_' || change.change,
             change.actor_email,
             pg_catalog.jsonb_build_object(
               'booking_id', change.booking_id, 'starts_at', change.starts_at,
               'ends_at', change.ends_at, 'staff_name', change.staff_name, 'by', change.changed_by
             )
        from private.consultation_changes as change
       where change.submission_id = _submission_id      union all
      -- each mail job once, at its outcome: sent, skipped (e.g. held), failed, or still queued.
      select coalesce(job.sent_at, case when job.status in ('failed', 'skipped') then job.updated_at end, job.created_at),
             3,
             'mail_' || job.kind || '_' || case job.status when 'sending' then 'pending' else job.status end,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'skip_reason', job.skip_reason,
               'last_error', job.last_error,
               'reply_id', job.payload -> 'reply_id'
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
    ) as events
   where exists (select 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id)
   order by events.occurred_at, events.rank, events.event;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.erase_subject_data(_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  ids uuid[];
  counts jsonb;
  reply_count integer;
  job_count integer;
  digest_count integer;
  note_author_count integer;
  note_mention_count integer;
  audit_count integer;
  reply_author_count integer;
  reply_mention_count integer;
  call_note_count integer;
  follow_up_staff_count integer;
  follow_up_mention_count integer;
  browser_count integer;
  release_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);
  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;
  -- replies on the address's enquiries go with them (cascade): counted first.
  select pg_catalog.count(*)::integer into reply_count
    from public.enquiry_replies as reply where reply.submission_id = any(ids);
  counts := private.delete_enquiries(ids);
  -- mail to or about the address that is no longer tied to one of its enquiries.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind <> 'staff_digest'
       and (pg_catalog.lower(job.recipient) = address or private.json_names_email(job.payload, address))
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not private.json_names_email(entry, address)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and private.json_names_email(job.payload, address);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  -- a staff member's address on notes they wrote about other enquiries: the note stays, the
  -- address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set author_email = null
     where pg_catalog.lower(note.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into note_author_count from scrubbed;
  -- a note on someone else's enquiry that names the address: the note is about that enquiry
  -- and stays, the address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set body = private.note_body_without_email(note.body, address)
     where private.text_names_email(note.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into note_mention_count from scrubbed;
  -- audit entries keep what happened and when, without the address: a staff member's trail is
  -- not deleted by looking up their address, only anonymised.
  with scrubbed as (
    update public.audit_log as entry
       set user_email = case when pg_catalog.lower(entry.user_email) = address then null else entry.user_email end,
           details = case when private.json_names_email(entry.details, address) then null else entry.details end
     where pg_catalog.lower(entry.user_email) = address
        or private.json_names_email(entry.details, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from scrubbed;
  -- replies the address wrote as staff, or whose text or call note names it, on other enquiries:
  -- each keeps the rest without the address.
  with scrubbed as (
    update public.enquiry_replies as reply
       set author_email = null, author_name = null
     where pg_catalog.lower(reply.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_author_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       set body = private.note_body_without_email(reply.body, address)
     where private.text_names_email(reply.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_mention_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       -- cut to the column's 2000: "[address removed]" is longer than a short address.
       set note = nullif(pg_catalog.left(private.note_body_without_email(reply.note, address), 2000), '')
     where private.text_names_email(reply.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into call_note_count from scrubbed;
  -- follow-ups on the address's enquiries went with them; those it set or closed, or whose note
  -- names it, keep the rest without the address.
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set set_by_email = case when pg_catalog.lower(follow_up.set_by_email) = address then null else follow_up.set_by_email end,
           closed_by_email = case when pg_catalog.lower(follow_up.closed_by_email) = address then null else follow_up.closed_by_email end
     where pg_catalog.lower(follow_up.set_by_email) = address
        or pg_catalog.lower(follow_up.closed_by_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_staff_count from scrubbed;
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set note = nullif(private.note_body_without_email(follow_up.note, address), '')
     where private.text_names_email(follow_up.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_mention_count from scrubbed;
  -- consultation changes a staff member with this address made on other enquiries keep the
  -- change without the address.
  update private.consultation_changes as change
     set actor_email = null
   where pg_catalog.lower(change.actor_email) = address;
  -- the rate records of the account with this address; the account itself stays.
  with removed as (
    delete from private.audit_browser_writes as write
     where write.user_id in (select account.id from auth.users as account
                              where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into browser_count from removed;
  with removed as (
    delete from private.reply_mail_releases as release
     where release.author_id in (select account.id from auth.users as account
                                  where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into release_count from removed;
  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + job_count + digest_count)
  ) || pg_catalog.jsonb_build_object(
    'enquiry_notes_author_removed', note_author_count,
    'enquiry_notes_mentions_removed', note_mention_count,
    'audit_log_scrubbed', audit_count,
    'enquiry_replies', reply_count,
    'enquiry_replies_author_removed', reply_author_count,
    'enquiry_replies_mentions_removed', reply_mention_count,
    'enquiry_replies_note_mentions_removed', call_note_count,
    'enquiry_follow_ups_staff_removed', follow_up_staff_count,
    'enquiry_follow_ups_mentions_removed', follow_up_mention_count,
    'audit_browser_writes', browser_count,
    'reply_mail_releases', release_count
  );
  perform private.write_privacy_audit('admin_subject_erasure', 'subject_data', null, counts, address);
  return counts;
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
  -- a booked consultation answers the prospect (private.mark_first_response_by_booking).
  if coalesce(pg_catalog.current_setting('kestrel.first_response_by_booking', true), '') <> ''
     and old.first_response_at is null then
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

CREATE OR REPLACE FUNCTION private.queue_enquiry_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  limits private.enquiry_limits;
  entry jsonb;
  recent_count integer;
  digest_id uuid;
  held boolean := new.held_at is not null;
begin
  select * into limits from private.enquiry_limits;

  entry := pg_catalog.jsonb_build_object(
    'id', new.id,
    'created_at', new.created_at,
    'name', new."Name",
    'email', new."Email",
    'company', new."Company",
    'job', new."Job",
    'phone', new."Phone",
    'interest', new."Interest",
    'timeline', new."Timeline",
    'message', new."Message",
    'held', held
  );

  -- the hourly counts decide alert or digest, send or skip: two inserts must not both read a
  -- count below the threshold.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('enquiry_mail_jobs_queue'));

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'staff_alert'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  if not held and recent_count < limits.staff_alerts_per_hour then
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    values ('staff_alert', new.id, pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)));
  else
    -- an open digest is one no sender has claimed yet and that is not full.
    select job.id
      into digest_id
      from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and job.status = 'pending'
       and job.attempts = 0
       and pg_catalog.jsonb_array_length(job.payload -> 'enquiries') < limits.digest_max_enquiries
     order by job.created_at
     limit 1
       for update;

    if digest_id is not null then
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(job.payload, '{enquiries}', (job.payload -> 'enquiries') || pg_catalog.jsonb_build_array(entry)),
             updated_at = pg_catalog.now()
       where job.id = digest_id;
    else
      select pg_catalog.count(*)
        into recent_count
        from private.enquiry_mail_jobs as job
       where job.kind = 'staff_digest'
         and job.created_at > pg_catalog.now() - interval '1 hour';
      -- past the cap the enquiry is only on the dashboard (Held, or the list), never lost.
      if recent_count < limits.staff_digests_per_hour then
        insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at)
        values (
          'staff_digest',
          pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)),
          pg_catalog.now() + pg_catalog.make_interval(secs => limits.digest_delay_seconds)
        );
      end if;
    end if;
  end if;

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'acknowledgement'
     and job.status <> 'skipped'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, skip_reason)
  values (
    'acknowledgement',
    new.id,
    new."Email",
    -- the acknowledgement offers the consultation through the enquiry's book token.
    case when held then '{}'::jsonb
         else pg_catalog.jsonb_build_object('book_token', private.consultation_book_token(new.id, new.created_at)) end,
    case when not held and recent_count < limits.acknowledgements_per_hour then 'pending' else 'skipped' end,
    case
      when held then 'enquiry_held'
      when recent_count < limits.acknowledgements_per_hour then null
      else 'acknowledgement_hourly_cap'
    end
  );

  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.subject_access(_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  ids uuid[];
  enquiries jsonb;
  notes jsonb;
  mentioning jsonb;
  sources jsonb;
  jobs jsonb;
  entries jsonb;
  replies jsonb;
  follow_ups jsonb;
  browser_writes jsonb;
  reply_releases jsonb;
  bookings jsonb;
  booking_changes jsonb;
  counts jsonb;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may look up the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(enquiry) order by enquiry.created_at), '[]')
    into enquiries
    from public.contact_submissions as enquiry
   where enquiry.id = any(ids);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into notes
    from public.enquiry_notes as note
   where note.submission_id = any(ids)
      or pg_catalog.lower(note.author_email) = address;

  -- notes on other people's enquiries that name the address in their text.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into mentioning
    from public.enquiry_notes as note
   where not (note.submission_id = any(ids))
     and pg_catalog.lower(note.author_email) is distinct from address
     and private.text_names_email(note.body, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source) order by source.created_at), '[]')
    into sources
    from private.enquiry_sources as source
   where source.submission_id = any(ids);

  select coalesce(
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'id', job.id,
               'kind', job.kind,
               'status', job.status,
               'submission_id', job.submission_id,
               'recipient', job.recipient,
               -- a digest also carries other people's enquiries: only this address's go out.
               'payload', case
                 when job.kind = 'staff_digest' then pg_catalog.jsonb_build_object(
                   'enquiries',
                   coalesce(
                     (select pg_catalog.jsonb_agg(entry)
                        from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
                       where private.json_names_email(entry, address)
                          or (entry ->> 'id') = any(ids::text[])),
                     '[]'::jsonb
                   )
                 )
                 else job.payload
               end,
               'created_at', job.created_at,
               'sent_at', job.sent_at
             )
             order by job.created_at
           ),
           '[]'
         )
    into jobs
    from private.enquiry_mail_jobs as job
   where job.submission_id = any(ids)
      or pg_catalog.lower(job.recipient) = address
      or private.json_names_email(job.payload, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(entry) order by entry.created_at), '[]')
    into entries
    from public.audit_log as entry
   where pg_catalog.lower(entry.user_email) = address
      or private.json_names_email(entry.details, address);

  -- replies and contacts on its enquiries, written by it, or whose text or call note names it.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(reply) order by reply.created_at), '[]')
    into replies
    from public.enquiry_replies as reply
   where reply.submission_id = any(ids)
      or pg_catalog.lower(reply.author_email) = address
      or private.text_names_email(reply.body, address)
      or private.text_names_email(reply.note, address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(follow_up) order by follow_up.created_at), '[]')
    into follow_ups
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = any(ids)
      or pg_catalog.lower(follow_up.set_by_email) = address
      or pg_catalog.lower(follow_up.closed_by_email) = address
      or private.text_names_email(follow_up.note, address);
  -- the rate records of the account with this address, if there is one.
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('created_at', write.created_at, 'client_address', write.client_address)
           order by write.created_at), '[]')
    into browser_writes
    from private.audit_browser_writes as write
   where write.user_id in (select account.id from auth.users as account
                            where pg_catalog.lower(account.email) = address);
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('released_at', release.released_at)
           order by release.released_at), '[]')
    into reply_releases
    from private.reply_mail_releases as release
   where release.author_id in (select account.id from auth.users as account
                                where pg_catalog.lower(account.email) = address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(booking) order by booking.created_at), '[]')
    into bookings
    from public.consultation_bookings as booking
   where booking.submission_id = any(ids);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(change) order by change.created_at), '[]')
    into booking_changes
    from private.consultation_changes as change
   where change.submission_id = any(ids)
      or pg_catalog.lower(change.actor_email) = address;
  counts := pg_catalog.jsonb_build_object(
    'contact_submissions', pg_catalog.jsonb_array_length(enquiries),
    'enquiry_notes', pg_catalog.jsonb_array_length(notes),
    'enquiry_notes_mentioning', pg_catalog.jsonb_array_length(mentioning),
    'enquiry_sources', pg_catalog.jsonb_array_length(sources),
    'enquiry_mail_jobs', pg_catalog.jsonb_array_length(jobs),
    'audit_log', pg_catalog.jsonb_array_length(entries),
    'enquiry_replies', pg_catalog.jsonb_array_length(replies),
    'enquiry_follow_ups', pg_catalog.jsonb_array_length(follow_ups),
    'audit_browser_writes', pg_catalog.jsonb_array_length(browser_writes),
    'reply_mail_releases', pg_catalog.jsonb_array_length(reply_releases),
    'consultation_bookings', pg_catalog.jsonb_array_length(bookings),
    'consultation_changes', pg_catalog.jsonb_array_length(booking_changes)
  );

  perform private.write_privacy_audit('admin_subject_access', 'subject_data', null, counts, address);

  return pg_catalog.jsonb_build_object(
    'email', address,
    'generated_at', pg_catalog.now(),
    'counts', counts,
    'contact_submissions', enquiries,
    'enquiry_notes', notes,
    'enquiry_notes_mentioning', mentioning,
    'enquiry_sources', sources,
    'enquiry_mail_jobs', jobs,
    'audit_log', entries,
    'enquiry_replies', replies,
    'enquiry_follow_ups', follow_ups,
    'audit_browser_writes', browser_writes,
    'reply_mail_releases', reply_releases,
    'consultation_bookings', bookings,
    'consultation_changes', booking_changes
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text DEFAULT NULL::text)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- claim is the claim the message was sent under. It need not be current any more: the mail
  -- API accepted the message, so the job was sent even if its lease ran out during the send.
  with done as (
    update private.enquiry_mail_jobs as job
       set status = 'sent',
           sent_at = pg_catalog.now(),
           provider_message_id = pg_catalog.left(message_id, 200),
           payload = case
             when job.kind = 'reply' then pg_catalog.jsonb_strip_nulls(
               pg_catalog.jsonb_build_object('reply_id', job.payload -> 'reply_id')
             )
             -- a sent link's token is not kept: the mail has it, the outbox need not.
             when job.kind = 'acknowledgement' then '{}'::jsonb
             when pg_catalog.left(job.kind, 13) = 'consultation_' then pg_catalog.jsonb_strip_nulls(
               pg_catalog.jsonb_build_object('booking_id', job.payload -> 'booking' -> 'id')
             )
             when job.payload ? 'enquiries' then pg_catalog.jsonb_build_object(
               'enquiries',
               coalesce(
                 (select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', entry -> 'id'))
                    from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry),
                 '[]'::jsonb
               )
             )
             else job.payload
           end,
           claim_token = null,
           lease_until = null,
           last_error = null,
           updated_at = pg_catalog.now()
     where job.id = job_id
       and job.status in ('sending', 'pending', 'failed')
    returning 1
  )
  select exists (select 1 from done)
      or exists (
        select 1 from private.enquiry_mail_jobs as job where job.id = job_id and job.status = 'sent'
      );
$function$
;

grant select on table "public"."consultation_bookings" to "authenticated";

grant delete on table "public"."consultation_bookings" to "service_role";

grant select on table "public"."consultation_bookings" to "service_role";

grant delete on table "public"."staff_availability" to "authenticated";

grant insert on table "public"."staff_availability" to "authenticated";

grant select on table "public"."staff_availability" to "authenticated";

grant update on table "public"."staff_availability" to "authenticated";

grant delete on table "public"."staff_availability" to "service_role";

grant insert on table "public"."staff_availability" to "service_role";

grant references on table "public"."staff_availability" to "service_role";

grant select on table "public"."staff_availability" to "service_role";

grant trigger on table "public"."staff_availability" to "service_role";

grant truncate on table "public"."staff_availability" to "service_role";

grant update on table "public"."staff_availability" to "service_role";

grant delete on table "public"."staff_date_hours" to "authenticated";

grant insert on table "public"."staff_date_hours" to "authenticated";

grant select on table "public"."staff_date_hours" to "authenticated";

grant update on table "public"."staff_date_hours" to "authenticated";

grant delete on table "public"."staff_date_hours" to "service_role";

grant insert on table "public"."staff_date_hours" to "service_role";

grant references on table "public"."staff_date_hours" to "service_role";

grant select on table "public"."staff_date_hours" to "service_role";

grant trigger on table "public"."staff_date_hours" to "service_role";

grant truncate on table "public"."staff_date_hours" to "service_role";

grant update on table "public"."staff_date_hours" to "service_role";

grant delete on table "public"."staff_time_off" to "authenticated";

grant insert on table "public"."staff_time_off" to "authenticated";

grant select on table "public"."staff_time_off" to "authenticated";

grant update on table "public"."staff_time_off" to "authenticated";

grant delete on table "public"."staff_time_off" to "service_role";

grant insert on table "public"."staff_time_off" to "service_role";

grant references on table "public"."staff_time_off" to "service_role";

grant select on table "public"."staff_time_off" to "service_role";

grant trigger on table "public"."staff_time_off" to "service_role";

grant truncate on table "public"."staff_time_off" to "service_role";

grant update on table "public"."staff_time_off" to "service_role";

grant delete on table "public"."staff_weekly_hours" to "authenticated";

grant insert on table "public"."staff_weekly_hours" to "authenticated";

grant select on table "public"."staff_weekly_hours" to "authenticated";

grant update on table "public"."staff_weekly_hours" to "authenticated";

grant delete on table "public"."staff_weekly_hours" to "service_role";

grant insert on table "public"."staff_weekly_hours" to "service_role";

grant references on table "public"."staff_weekly_hours" to "service_role";

grant select on table "public"."staff_weekly_hours" to "service_role";

grant trigger on table "public"."staff_weekly_hours" to "service_role";

grant truncate on table "public"."staff_weekly_hours" to "service_role";

grant update on table "public"."staff_weekly_hours" to "service_role";


  create policy "admins read consultation bookings"
  on "public"."consultation_bookings"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins add staff availability"
  on "public"."staff_availability"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins change staff availability"
  on "public"."staff_availability"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins read staff availability"
  on "public"."staff_availability"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins remove staff availability"
  on "public"."staff_availability"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins add date hours"
  on "public"."staff_date_hours"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins change date hours"
  on "public"."staff_date_hours"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins read date hours"
  on "public"."staff_date_hours"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins remove date hours"
  on "public"."staff_date_hours"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins add time off"
  on "public"."staff_time_off"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins change time off"
  on "public"."staff_time_off"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins read time off"
  on "public"."staff_time_off"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins remove time off"
  on "public"."staff_time_off"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins add weekly hours"
  on "public"."staff_weekly_hours"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins change weekly hours"
  on "public"."staff_weekly_hours"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));



  create policy "admins read weekly hours"
  on "public"."staff_weekly_hours"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "admins remove weekly hours"
  on "public"."staff_weekly_hours"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));


CREATE TRIGGER contact_submissions_booking_key BEFORE INSERT OR UPDATE OF booking_key ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.hash_enquiry_booking_key();

CREATE TRIGGER staff_availability_check BEFORE INSERT OR UPDATE ON public.staff_availability FOR EACH ROW EXECUTE FUNCTION private.check_staff_availability();

CREATE TRIGGER staff_date_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_date_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER staff_weekly_hours_no_overlap BEFORE INSERT OR UPDATE ON public.staff_weekly_hours FOR EACH ROW EXECUTE FUNCTION private.check_hours_do_not_overlap();

CREATE TRIGGER user_roles_default_hours AFTER INSERT ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.give_new_staff_default_hours();



REVOKE ALL ON FUNCTION private.base64url(_bytes bytea) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.base64url(_bytes bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;
GRANT INSERT(booking_key) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(booking_key) ON TABLE public.contact_submissions TO authenticated;
REVOKE ALL ON FUNCTION private.bookable_enquiry(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.bookable_enquiry(_submission_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.busy_calendar_status() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.busy_calendar_status() FROM PUBLIC;
GRANT ALL ON FUNCTION private.busy_calendar_status() TO authenticated;
GRANT ALL ON FUNCTION private.busy_calendar_status() TO service_role;
REVOKE ALL ON TABLE public.consultation_bookings FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE public.consultation_bookings TO authenticated;
GRANT SELECT,DELETE ON TABLE public.consultation_bookings TO service_role;
REVOKE ALL ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) TO service_role;
REVOKE ALL ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.check_hours_do_not_overlap() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.check_hours_do_not_overlap() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.check_staff_availability() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.check_staff_availability() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text) TO service_role;
REVOKE ALL ON FUNCTION private.client_address_of(_forwarded text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.client_address_of(_forwarded text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_feed_status() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_feed_status() FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultation_feed_status() TO authenticated;
GRANT ALL ON FUNCTION private.consultation_feed_status() TO service_role;
REVOKE ALL ON FUNCTION private.consultation_hosts(_assigned_to uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_hosts(_assigned_to uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_offer_ends(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_offer_ends(_now timestamp with time zone) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.consultation_slots(p_token text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.consultation_slots(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consultation_slots(p_token text) TO service_role;
REVOKE ALL ON FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.give_new_staff_default_hours() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.give_new_staff_default_hours() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.hash_enquiry_booking_key() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.hash_enquiry_booking_key() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.hmac_sha256(_message bytea, _key bytea) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.hmac_sha256(_message bytea, _key bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.is_time_zone(_name text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.is_time_zone(_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_time_zone(_name text) TO authenticated;
REVOKE ALL ON FUNCTION private.managed_booking(_token text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.managed_booking(_token text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.mark_first_response_by_booking(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.mark_first_response_by_booking(_submission_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION private.random_bytes_32() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.random_bytes_32() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.request_busy_calendar_sync() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.request_busy_calendar_sync() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_busy_calendar_sync() TO service_role;
REVOKE ALL ON FUNCTION private.require_future_booking(_booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.require_future_booking(_booking public.consultation_bookings) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;
REVOKE ALL ON FUNCTION private.revoke_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.revoke_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION private.revoke_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION private.revoke_consultation_feed() TO service_role;
REVOKE ALL ON FUNCTION private.rotate_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.rotate_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION private.rotate_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION private.rotate_consultation_feed() TO service_role;
REVOKE ALL ON FUNCTION private.set_busy_calendar_url(p_url text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.set_busy_calendar_url(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_busy_calendar_url(p_url text) TO authenticated;
GRANT ALL ON FUNCTION private.set_busy_calendar_url(p_url text) TO service_role;
REVOKE ALL ON FUNCTION private.sha256_hex(_data bytea) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.sha256_hex(_data bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.staff_booking(_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.staff_booking(_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_booking(_booking_id uuid) TO authenticated;
REVOKE ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION private.upcoming_consultations(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.upcoming_consultations(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.upcoming_consultations(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION private.upcoming_consultations(p_limit integer) TO service_role;
REVOKE ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;
REVOKE ALL ON FUNCTION public.busy_calendar_status() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.busy_calendar_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO authenticated;
GRANT ALL ON FUNCTION public.busy_calendar_status() TO service_role;
REVOKE ALL ON FUNCTION public.busy_calendars_to_read() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.busy_calendars_to_read() FROM PUBLIC;
GRANT ALL ON FUNCTION public.busy_calendars_to_read() TO service_role;
REVOKE ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) TO service_role;
REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text) TO service_role;
REVOKE ALL ON FUNCTION public.consultation_feed(p_token text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_feed(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_feed(p_token text) TO service_role;
REVOKE ALL ON FUNCTION public.consultation_feed_status() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_feed_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO authenticated;
GRANT ALL ON FUNCTION public.consultation_feed_status() TO service_role;
REVOKE ALL ON FUNCTION public.consultation_slots(p_token text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.consultation_slots(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.consultation_slots(p_token text) TO service_role;
REVOKE ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) TO service_role;
REVOKE ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;
REVOKE ALL ON FUNCTION public.revoke_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.revoke_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.revoke_consultation_feed() TO service_role;
REVOKE ALL ON FUNCTION public.rotate_consultation_feed() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.rotate_consultation_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO authenticated;
GRANT ALL ON FUNCTION public.rotate_consultation_feed() TO service_role;
REVOKE ALL ON FUNCTION public.set_busy_calendar_url(p_url text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_busy_calendar_url(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO authenticated;
GRANT ALL ON FUNCTION public.set_busy_calendar_url(p_url text) TO service_role;
REVOKE ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION public.upcoming_consultations(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.upcoming_consultations(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.upcoming_consultations(p_limit integer) TO service_role;
REVOKE ALL ON TABLE public.staff_availability FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff_availability TO authenticated;
GRANT ALL ON TABLE public.staff_availability TO service_role;
REVOKE ALL ON TABLE public.staff_date_hours FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff_date_hours TO authenticated;
GRANT ALL ON TABLE public.staff_date_hours TO service_role;
REVOKE ALL ON TABLE public.staff_time_off FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff_time_off TO authenticated;
GRANT ALL ON TABLE public.staff_time_off TO service_role;
REVOKE ALL ON TABLE public.staff_weekly_hours FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff_weekly_hours TO authenticated;
GRANT ALL ON TABLE public.staff_weekly_hours TO service_role;

COMMENT ON COLUMN private.consultation_settings.book_token_days IS 'How long after the enquiry its book token (the acknowledgement''s link) is valid.';
COMMENT ON COLUMN private.consultation_settings.changes_per_client_per_hour IS 'Bookings, moves and cancellations one client network address may make in any hour (as the enquiry form''s per-client limit).';
COMMENT ON COLUMN private.consultation_settings.changes_per_enquiry_per_hour IS 'Bookings, moves and cancellations one enquiry may make in any hour.';
COMMENT ON COLUMN private.consultation_settings.claim_minutes IS 'How long after the enquiry the browser that sent it may exchange its booking key for a book token.';
COMMENT ON COLUMN private.consultation_settings.meeting_minutes IS 'Length of a consultation, and the step between offered start times.';
COMMENT ON COLUMN private.consultation_settings.offer_days IS 'How many days ahead, from today in London, a visitor is offered times (two working weeks).';
COMMENT ON COLUMN private.consultation_settings.token_secret IS 'HMAC-SHA256 key of the book and manage tokens; replacing it voids every link already mailed.';
COMMENT ON COLUMN private.enquiry_mail_jobs.kind IS 'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary, follow_up_reminder, or consultation_booked, _moved, _cancelled or _reminder (to the enquirer, with the invitation).';
COMMENT ON COLUMN private.enquiry_mail_jobs.payload IS 'What the mail shows: {"enquiries": [...]} snapshots taken at insert for staff mail; {"book_token"} for an acknowledgement ({} when held); {"booking", "organizer", "enquiry", "manage_token"} for a consultation mail.';
COMMENT ON COLUMN public.consultation_bookings.blocked_until IS 'The end plus the staff member''s buffer when it was booked: the time the exclusion constraint keeps free of other bookings.';
COMMENT ON COLUMN public.consultation_bookings.reminder_queued_at IS 'When the reminder a day before was queued; null until then, and again after a move.';
COMMENT ON COLUMN public.consultation_bookings.sequence IS 'The invitation''s SEQUENCE: raised by each move and by cancellation; a manage token names the sequence it was made for.';
COMMENT ON COLUMN public.consultation_bookings.staff_id IS 'Who meets the prospect; null once that user is deleted.';
COMMENT ON COLUMN public.consultation_bookings.visitor_time_zone IS 'The IANA zone the prospect chose, used to show them the time in mail.';
COMMENT ON COLUMN public.contact_submissions.booking_key IS 'The SHA-256 (hex) of the random key the sending browser chose, which it alone can exchange for the enquiry''s consultation book token for a short while (public.claim_consultation_token); the key itself is never stored. Null when none was sent.';
COMMENT ON COLUMN public.staff_availability.accepts_bookings IS 'False: offered no consultations at all (holidays, leave).';
COMMENT ON COLUMN public.staff_availability.buffer_minutes IS 'Free time kept after each consultation before the next, and around busy times.';
COMMENT ON COLUMN public.staff_availability.horizon_days IS 'No consultation starts further ahead than this.';
COMMENT ON COLUMN public.staff_availability.min_notice_minutes IS 'No consultation starts sooner than this after it is booked.';
COMMENT ON COLUMN public.staff_availability.time_zone IS 'The IANA zone their hours and days off are in (one the database knows).';
COMMENT ON FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Anyone holding an enquiry''s book token: books its consultation at a free start time; mails the invitation, stops the reply clock, and returns the booking and its manage token. Called by public.book_consultation().';
COMMENT ON FUNCTION private.bookable_enquiry(_submission_id uuid) IS 'The enquiry, when a consultation may be booked for it: not held, neither won, lost nor spam (P0001, hint consultation_not_offered otherwise).';
COMMENT ON FUNCTION private.busy_calendar_status() IS 'Admins at aal2, for themselves: whether a busy calendar is set (only its host is shown), when it was last read, the last error and how many busy times it gave. Called by public.busy_calendar_status().';
COMMENT ON FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text) IS 'Anyone holding a booking''s current manage token: cancels it (the time is free again) and mails the cancellation (METHOD:CANCEL). Called by public.cancel_consultation().';
COMMENT ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) IS 'Refuses a visitor''s booking, move or cancellation past the hourly limits per enquiry and per client address (P0001, hint consultation_rate_limit).';
COMMENT ON FUNCTION private.check_hours_do_not_overlap() IS 'BEFORE INSERT/UPDATE trigger on staff_weekly_hours and staff_date_hours: ranges of one staff member on one weekday (or date) never overlap (P0001, hint staff_hours_overlap).';
COMMENT ON FUNCTION private.check_staff_availability() IS 'BEFORE INSERT/UPDATE trigger on staff_availability: the zone must be known (P0001, hint staff_availability_time_zone_invalid) and the person staff (hint staff_availability_not_staff); stamps updated_at.';
COMMENT ON FUNCTION private.claim_consultation_token(p_enquiry_key text) IS 'Anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise. Called by public.claim_consultation_token().';
COMMENT ON FUNCTION private.client_address_of(_forwarded text) IS 'The per-client key of an X-Forwarded-For value: its entry trusted_proxy_hops from the right, through private.client_address_key; null for none or an entry that is no address.';
COMMENT ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) IS 'The book token of an enquiry that arrived at _created_at: valid book_token_days.';
COMMENT ON FUNCTION private.consultation_booking_json(_booking public.consultation_bookings) IS 'What a visitor may see of their booking.';
COMMENT ON FUNCTION private.consultation_feed_status() IS 'Admins at aal2, for themselves: whether their bookings feed is on, and since when. Called by public.consultation_feed_status().';
COMMENT ON FUNCTION private.consultation_hosts(_assigned_to uuid) IS 'Who may meet an enquiry''s prospect: its assignee when they take consultations, otherwise every staff member who does.';
COMMENT ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) IS 'The manage token of a booking as it stands: valid until it ends, and only until its next move or cancellation.';
COMMENT ON FUNCTION private.consultation_offer_ends(_now timestamp with time zone) IS 'The end of the offer: midnight London after the last of offer_days days from today.';
COMMENT ON FUNCTION private.consultation_slots(p_token text) IS 'Anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked. Called by public.consultation_slots().';
COMMENT ON FUNCTION private.delete_enquiries(_ids uuid[]) IS 'Deletes enquiries with their notes, follow-ups, consultations (and their changes), client addresses, outbox jobs and digest entries, without per-enquiry audit entries; returns counts per table. For apply_retention, erase_subject_data and the bulk delete.';
COMMENT ON FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) IS 'Every start time at which at least one of the enquiry''s hosts is free, up to the end of the offer.';
COMMENT ON FUNCTION private.give_new_staff_default_hours() IS 'AFTER INSERT trigger on user_roles: a new admin takes consultations Monday to Friday, 09:00 to 17:00 London, until they change it.';
COMMENT ON FUNCTION private.guard_first_response() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set; an undo of a contact (kestrel.enquiry_contact_undo set) restores it itself, and a booked consultation (kestrel.first_response_by_booking set) stamps an unanswered one.';
COMMENT ON FUNCTION private.hash_enquiry_booking_key() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: stores the SHA-256 of the browser''s booking key, never the key (P0001, hint contact_submissions_booking_key_format, for one that is not 43 base64url characters); an update cannot change it.';
COMMENT ON FUNCTION private.hmac_sha256(_message bytea, _key bytea) IS 'HMAC-SHA256 (RFC 2104) of _message under _key, a key of at most 64 bytes.';
COMMENT ON FUNCTION private.is_time_zone(_name text) IS 'True when the database knows this time zone name (an IANA name such as Europe/London).';
COMMENT ON FUNCTION private.managed_booking(_token text) IS 'The booking a manage token is for, as long as it is booked and has not moved since the token was made.';
COMMENT ON FUNCTION private.mark_first_response_by_booking(_submission_id uuid) IS 'Stamps the enquiry''s first response now, when it has none: a booked consultation answers the prospect.';
COMMENT ON FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) IS 'Up to six free start times nearest _wanted, earliest first: what a visitor is offered when their time was just taken.';
COMMENT ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) IS 'Books (or, given _moving, moves) a consultation at _starts_at with a host free then, round robin; under concurrent requests the exclusion constraint lets one through and the other gets P0001 hint consultation_slot_taken with the nearest free times as a JSON array in DETAIL.';
COMMENT ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings) IS 'Queues a booking mail to the prospect (consultation_booked, _moved, _cancelled or _reminder) with what its invitation needs: the booking as it stands, its organizer and, while booked, its manage token.';
COMMENT ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) IS 'Queues the reminder mail of each consultation starting within a day, once, unless it was booked or last moved less than a day ahead. Every five minutes by pg_cron.';
COMMENT ON FUNCTION private.random_bytes_32() IS '32 bytes, 244 of their bits from the server''s strong random source (two version-4 UUIDs): signing keys and feed tokens.';
COMMENT ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) IS 'The subject and version of a token of this kind signed by private.sign_consultation_token; P0001 with hint consultation_token_invalid or consultation_token_expired otherwise.';
COMMENT ON FUNCTION private.record_consultation_change(_booking public.consultation_bookings, _change text, _by text, _client text) IS 'Records a booking, move or cancellation for the timeline and the hourly limits.';
COMMENT ON FUNCTION private.request_busy_calendar_sync() IS 'Asks the sync-busy-calendars Edge Function (through pg_net) to read every staff calendar, when any is set and the mail sender''s Vault secrets are stored (its URL is the sender''s, last segment replaced); returns the pg_net request id, or null when it asked nothing. Hourly by pg_cron.';
COMMENT ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation. Called by public.reschedule_consultation().';
COMMENT ON FUNCTION private.revoke_consultation_feed() IS 'Admins at aal2, for themselves: stops their bookings feed. Called by public.revoke_consultation_feed().';
COMMENT ON FUNCTION private.rotate_consultation_feed() IS 'Admins at aal2, for themselves: a new token for the private feed of their bookings (shown once; only its hash is kept); the old one stops working. Called by public.rotate_consultation_feed().';
COMMENT ON FUNCTION private.set_busy_calendar_url(p_url text) IS 'Admins at aal2, for themselves: the private iCal address of their own calendar, read for busy times (null or blank removes it and its busy times); https only (P0001, hint busy_calendar_url_invalid). Called by public.set_busy_calendar_url().';
COMMENT ON FUNCTION private.sha256_hex(_data bytea) IS 'The SHA-256 of _data, in lower-case hex.';
COMMENT ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) IS 'A token <kind>.<subject>.<version>.<expiry, epoch seconds>.<HMAC-SHA256, base64url>: kind b (book: subject the enquiry) or m (manage: subject the booking, version its sequence).';
COMMENT ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL). Called by public.staff_cancel_consultation().';
COMMENT ON FUNCTION private.staff_consultation_slots(p_booking_id uuid) IS 'Admins at aal2: the times a booked consultation could move to, with the same staff member. Called by public.staff_consultation_slots().';
COMMENT ON FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) IS 'Start times in [_from, _until) when the staff member can take a consultation: their hours on each day in their zone (a date''s exceptional hours replace its weekday''s; days off have none), in steps of meeting_minutes, no sooner than their notice and no further than their horizon after _now, clear of their bookings (but _ignore_booking) and busy times by their buffer.';
COMMENT ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1). Called by public.staff_move_consultation().';
COMMENT ON FUNCTION private.subject_access(_email text) IS 'Admins only: everything held about an e-mail address (any case) as one JSON document: its enquiries with their notes, sources and mail; other enquiries'' notes whose text names it (enquiry_notes_mentioning); replies and contacts on its enquiries, written by it, or whose text or call note names it; follow-ups on its enquiries, set or closed by it, or whose note names it; audit entries about it; the consultations of its enquiries and their changes, and changes it made as staff; and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases). Audited as admin_subject_access with counts only. Called by public.subject_access().';
COMMENT ON FUNCTION private.upcoming_consultations(p_limit integer) IS 'Admins at aal2: the next booked consultations not yet ended, soonest first (at most 100). Called by public.upcoming_consultations().';
COMMENT ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding an enquiry''s book token: books its consultation at a free start time; mails the invitation, stops the reply clock, and returns the booking and its manage token.';
COMMENT ON FUNCTION public.busy_calendar_status() IS 'Admins at aal2, for themselves: whether a busy calendar is set (only its host is shown), when it was last read, the last error and how many busy times it gave.';
COMMENT ON FUNCTION public.busy_calendars_to_read() IS 'Service role only (the busy-calendar reader): every staff calendar address to read.';
COMMENT ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: cancels it (the time is free again) and mails the cancellation (METHOD:CANCEL).';
COMMENT ON FUNCTION public.claim_consultation_token(p_enquiry_key text) IS 'Service role only (the consultation Edge Function), for anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise.';
COMMENT ON FUNCTION public.consultation_feed(p_token text) IS 'Service role only (the feed function): the bookings (from 30 days back) of the staff member whose feed token this is, or null for an unknown or revoked token.';
COMMENT ON FUNCTION public.consultation_feed_status() IS 'Admins at aal2, for themselves: whether their bookings feed is on, and since when.';
COMMENT ON FUNCTION public.consultation_slots(p_token text) IS 'Service role only (the consultation Edge Function), for anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked.';
COMMENT ON FUNCTION public.record_busy_times(p_staff_id uuid, p_busy jsonb, p_error text) IS 'Service role only (the busy-calendar reader): replaces a staff member''s busy times with those read (past ones dropped), or records why the read failed and keeps the last ones.';
COMMENT ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation.';
COMMENT ON FUNCTION public.revoke_consultation_feed() IS 'Admins at aal2, for themselves: stops their bookings feed.';
COMMENT ON FUNCTION public.rotate_consultation_feed() IS 'Admins at aal2, for themselves: a new token for the private feed of their bookings (shown once; only its hash is kept); the old one stops working.';
COMMENT ON FUNCTION public.set_busy_calendar_url(p_url text) IS 'Admins at aal2, for themselves: the private iCal address of their own calendar, read for busy times (null or blank removes it and its busy times); https only (P0001, hint busy_calendar_url_invalid).';
COMMENT ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL).';
COMMENT ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) IS 'Admins at aal2: the times a booked consultation could move to, with the same staff member.';
COMMENT ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1).';
COMMENT ON FUNCTION public.upcoming_consultations(p_limit integer) IS 'Admins at aal2: the next booked consultations not yet ended, soonest first (at most 100).';
COMMENT ON TABLE private.consultation_changes IS 'Each booking, move and cancellation, for the enquiry''s timeline and the per-enquiry and per-client limits. Goes with its enquiry.';
COMMENT ON TABLE private.consultation_feeds IS 'The SHA-256 of each staff member''s bookings feed token; rotating replaces it, revoking deletes it.';
COMMENT ON TABLE private.consultation_settings IS 'One row: how consultations are offered and the key their links are signed with. Change with update, never insert.';
COMMENT ON TABLE private.staff_busy_calendars IS 'The private iCal address of each staff member''s own calendar, read on a schedule for busy times. A secret: never shown back, not even to its owner.';
COMMENT ON TABLE private.staff_busy_times IS 'Busy times read from a staff member''s calendar; replaced whole at each read.';
COMMENT ON TABLE public.consultation_bookings IS 'Consultations booked with an enquiry: at most one booked at a time per enquiry, never two overlapping (buffer included) for one staff member. Admins read; changes go through the booking functions.';
COMMENT ON TABLE public.staff_availability IS 'When each staff member takes consultations: their time zone, buffer, notice and horizon. Admins at aal2 read and write.';
COMMENT ON TABLE public.staff_date_hours IS 'Exceptional hours on one date: when a date has any, they replace that weekday''s hours. Ranges of one date never overlap.';
COMMENT ON TABLE public.staff_time_off IS 'Whole days (first and last, inclusive, in the staff member''s time zone) when they take no consultations.';
COMMENT ON TABLE public.staff_weekly_hours IS 'The hours a staff member takes consultations on each weekday (ISO: 1 = Monday), in their time zone. Ranges of one day never overlap.';

-- Rows and schedules (hand-written: a schema diff carries neither).

-- The one row of settings, with a fresh signing key.
INSERT INTO private.consultation_settings DEFAULT VALUES ON CONFLICT DO NOTHING;

-- Staff who are admins already take consultations Monday to Friday, 09:00 to 17:00 London, as a
-- new admin does (private.give_new_staff_default_hours), until they change it.
INSERT INTO public.staff_availability (staff_id)
SELECT DISTINCT role.user_id FROM public.user_roles AS role WHERE role.role = 'admin'
ON CONFLICT DO NOTHING;

INSERT INTO public.staff_weekly_hours (staff_id, weekday, starts_at, ends_at)
SELECT availability.staff_id, day, time '09:00', time '17:00'
  FROM public.staff_availability AS availability, pg_catalog.generate_series(1, 5) AS day
 WHERE NOT EXISTS (
   SELECT 1 FROM public.staff_weekly_hours AS hours WHERE hours.staff_id = availability.staff_id);

DO $$
begin
  perform cron.schedule('send-consultation-reminders', '*/5 * * * *', 'select private.queue_consultation_reminders()');
  perform cron.schedule('sync-busy-calendars', '11 * * * *', 'select private.request_busy_calendar_sync()');
end
$$;
