-- The host gets their own calendar invitation. A staff member heard of a booking only through
-- their subscribed feed, which a calendar reads every few hours: a meeting booked this afternoon
-- for tomorrow morning could be missing when it matters. Now each booking, move, cancellation and
-- release of an unconfirmed hold also queues a consultation_host_invite to the host's login
-- address, in the same transaction as the prospect's mail: METHOD:REQUEST or CANCEL with the UID
-- and SEQUENCE of the prospect's invitation, so both are one event that updates in place. It is
-- staff mail: not counted against the prospect's mail budget and never held with their mail.

ALTER TABLE private.enquiry_mail_jobs DROP CONSTRAINT enquiry_mail_jobs_kind_valid;

ALTER TABLE private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_kind_valid CHECK ((kind = ANY (ARRAY['staff_alert'::text, 'staff_digest'::text, 'acknowledgement'::text, 'reply'::text, 'reply_reminder'::text, 'reply_escalation'::text, 'weekly_summary'::text, 'follow_up_reminder'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text])));

ALTER TABLE private.enquiry_mail_jobs DROP CONSTRAINT enquiry_mail_jobs_recipient_by_kind;

ALTER TABLE private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_recipient_by_kind CHECK (
CASE
    WHEN (kind = ANY (ARRAY['acknowledgement'::text, 'reply'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text])) THEN (recipient IS NOT NULL)
    WHEN (kind = ANY (ARRAY['reply_reminder'::text, 'follow_up_reminder'::text])) THEN true
    ELSE (recipient IS NULL)
END);

COMMENT ON COLUMN private.enquiry_mail_jobs.kind IS 'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary, follow_up_reminder, consultation_booked, _moved, _cancelled or _reminder (to the enquirer, with the invitation), or consultation_host_invite (to the booking''s host: their own invitation or cancellation).';

COMMENT ON COLUMN private.enquiry_mail_jobs.recipient IS 'The enquirer''s address (acknowledgement, reply), the assignee''s (reply_reminder), the assignee''s or setter''s (follow_up_reminder), or the host''s login address when queued (consultation_host_invite); null for other staff mail, which goes to the sender''s configured address.';

COMMENT ON COLUMN private.enquiry_mail_jobs.payload IS 'What the mail shows: {"enquiries": [...]} snapshots taken at insert for staff mail; {"book_token"} for an acknowledgement ({} when held); {"booking", "organizer", "enquiry", "manage_token"} for a consultation mail; {"method" (REQUEST or CANCEL), "change", "booking", "previous", "host", "enquiry"} for a host''s invitation, "enquiry" with the prospect''s name, company and address.';

CREATE FUNCTION private.queue_consultation_host_invite(_booking public.consultation_bookings, _change text, _previous public.consultation_bookings DEFAULT NULL::public.consultation_bookings) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  -- the prospect moved it to a time another host takes: off one calendar, onto the other.
  handed_over boolean := _change = 'moved' and _previous.staff_id is distinct from _booking.staff_id;
  booking_json jsonb;
  previous_json jsonb;
begin
  select * into enquiry from public.contact_submissions as submission where submission.id = _booking.submission_id;
  -- the prospect's invitation carries the same booking: one UID and SEQUENCE for both copies.
  booking_json := pg_catalog.jsonb_build_object(
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
  );
  if _change = 'moved' then
    previous_json := pg_catalog.jsonb_build_object('starts_at', _previous.starts_at, 'ends_at', _previous.ends_at);
  end if;
  -- staff mail: neither counted against the prospect's mail budget nor held with their mail.
  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
  select 'consultation_host_invite', enquiry.id, account.email,
         pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
           'method', invite.method,
           'change', invite.change,
           'booking', booking_json,
           'previous', invite.previous,
           'host', pg_catalog.jsonb_build_object('name', private.staff_display_name(invite.staff_id)),
           'enquiry', pg_catalog.jsonb_build_object(
             'id', enquiry.id, 'name', enquiry."Name", 'company', enquiry."Company", 'email', enquiry."Email")
         ))
    from (
      select _previous.staff_id, 'CANCEL', 'handed_over', previous_json where handed_over
      union all
      select _booking.staff_id,
             case when _change in ('booked', 'moved') then 'REQUEST' else 'CANCEL' end,
             case when handed_over then 'booked' else _change end,
             case when not handed_over then previous_json end
    ) as invite (staff_id, method, change, previous)
    join auth.users as account on account.id = invite.staff_id
   where account.email is not null;
end;
$$;

COMMENT ON FUNCTION private.queue_consultation_host_invite(_booking public.consultation_bookings, _change text, _previous public.consultation_bookings) IS 'Queues the host''s own calendar invitation (consultation_host_invite, to their login address) for a booking _change: booked or moved (METHOD:REQUEST; a move carries _previous''s time), cancelled or released (METHOD:CANCEL), with the UID and SEQUENCE of the prospect''s invitation. A move to another host cancels it for _previous''s host (handed_over) and books it for the new one. Never held: staff mail is outside the prospect''s mail budget.';

REVOKE ALL ON FUNCTION private.queue_consultation_host_invite(_booking public.consultation_bookings, _change text, _previous public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
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
  perform private.require_booking_mail_budget(enquiry."Email");
  placed := private.place_consultation(enquiry, p_starts_at, p_time_zone, null, null);
  perform private.record_consultation_change(placed, 'booked', 'visitor', private.client_address_of(p_forwarded_for));
  perform private.mark_first_response_by_booking(enquiry.id);
  perform private.queue_consultation_mail('consultation_booked', placed);
  perform private.queue_consultation_host_invite(placed, 'booked');
  return pg_catalog.jsonb_build_object(
    'booking', private.consultation_booking_json(placed),
    'manage_token', private.consultation_manage_token(placed)
  );
end;
$$;

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
  perform private.require_booking_mail_budget(enquiry."Email");
  placed := private.place_consultation(enquiry, p_starts_at, p_time_zone, booking, null);
  perform private.record_consultation_change(placed, 'moved', 'visitor', private.client_address_of(p_forwarded_for));
  perform private.queue_consultation_mail('consultation_moved', placed);
  perform private.queue_consultation_host_invite(placed, 'moved', booking);
  return pg_catalog.jsonb_build_object(
    'booking', private.consultation_booking_json(placed),
    'manage_token', private.consultation_manage_token(placed)
  );
end;
$$;

CREATE OR REPLACE FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text DEFAULT NULL::text, _held_reason text DEFAULT NULL::text) RETURNS public.consultation_bookings
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
  perform private.queue_consultation_mail('consultation_cancelled', cancelled, _held_reason);
  perform private.queue_consultation_host_invite(cancelled, 'cancelled');
  return cancelled;
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
  held_reason text;
begin
  perform private.require_enquiry_admin();
  perform private.lock_consultation_booking(p_booking_id);
  booking := private.staff_booking(p_booking_id);
  perform private.require_future_booking(booking);
  select * into enquiry from public.contact_submissions as submission where submission.id = booking.submission_id;
  held_reason := private.staff_booking_mail_hold(enquiry."Email");
  placed := private.place_consultation(enquiry, p_starts_at, booking.visitor_time_zone, booking, booking.staff_id);
  perform private.record_consultation_change(placed, 'moved', 'staff');
  perform private.queue_consultation_mail('consultation_moved', placed, held_reason);
  perform private.queue_consultation_host_invite(placed, 'moved', booking);
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(placed))
    || case when held_reason is null then '{}'::jsonb else pg_catalog.jsonb_build_object('mail_held', held_reason) end;
end;
$$;

CREATE OR REPLACE FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone DEFAULT now()) RETURNS integer
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
    -- the host was sent the held booking, so it comes off their calendar; the prospect, whose
    -- address was never proven, hears nothing.
    perform private.queue_consultation_host_invite(due, 'released');
    released := released + 1;
  end loop;
  return released;
end;
$$;

COMMENT ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) IS 'Releases each booking still held (unconfirmed) at its hold_until: cancelled by unconfirmed, the change recorded as the system''s, the enquiry back on the reply clock, no mail to the prospect (the address was never proven) and a cancellation to the host. Returns how many. Every five minutes by pg_cron.';
