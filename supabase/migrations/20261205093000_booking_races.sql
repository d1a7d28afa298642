-- Races that real PostgreSQL shows and the old in-process engine hid, closed in the database.
-- A manage link sent eight times at once moved its booking four times: each request read the
-- booking before any had committed. A move or cancellation now locks the booking row first and
-- reads it after. The hourly limits counted changes before any concurrent one had committed, so
-- 25 bookings at once from one address passed a limit of 10 twelve times: the count now runs
-- under a transaction lock per enquiry and per address, with a fresh snapshot (VOLATILE).

CREATE OR REPLACE FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) RETURNS void
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

CREATE FUNCTION private.lock_consultation_booking(_booking_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform 1 from public.consultation_bookings as booking where booking.id = _booking_id for update;
end;
$$;

COMMENT ON FUNCTION private.lock_consultation_booking(_booking_id uuid) IS 'Locks a booking row until the transaction ends, so a move or cancellation reads it only after any other change to it has committed: a replayed manage link then finds its SEQUENCE gone and is refused.';

REVOKE ALL ON FUNCTION private.lock_consultation_booking(_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
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

CREATE OR REPLACE FUNCTION private.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
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

CREATE OR REPLACE FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) RETURNS jsonb
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

CREATE OR REPLACE FUNCTION private.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
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
