-- Consultation bookings: booking, moving and cancelling, by the visitor and by staff.
--
-- Every change is recorded (for the timeline and the hourly limits), mails the prospect and the
-- host (their own calendar invitation) and keeps the reply clock right; the exclusion constraint on public.consultation_bookings (09a)
-- lets only one of two concurrent requests for a time through. Reminders are queued here.

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
    CONSTRAINT consultation_changes_by CHECK ((changed_by = ANY (ARRAY['visitor'::text, 'staff'::text, 'system'::text])))
);

COMMENT ON TABLE private.consultation_changes IS 'Each booking, move and cancellation, for the enquiry''s timeline and the per-enquiry and per-client limits. Goes with its enquiry.';

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.consultation_bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.consultation_changes
    ADD CONSTRAINT consultation_changes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX consultation_changes_booking_idx ON private.consultation_changes USING btree (booking_id);

CREATE INDEX consultation_changes_submission_idx ON private.consultation_changes USING btree (submission_id, created_at);

CREATE INDEX consultation_changes_client_idx ON private.consultation_changes USING btree (client_address, created_at) WHERE (client_address IS NOT NULL);

ALTER TABLE private.consultation_changes ENABLE ROW LEVEL SECURITY;

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
    'cancelled_by', _booking.cancelled_by,
    'confirmed_at', _booking.confirmed_at,
    'hold_until', _booking.hold_until
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
  prefix text := private.client_prefix_key(_client);
begin
  -- Requests for one enquiry, from one address and from one /48 wait here for each other until
  -- the one before commits, and each then counts with a fresh snapshot (hence VOLATILE): two can
  -- no longer both see the last free place under the limit. Always in that order.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation enquiry ' || _submission_id::text, 0));
  if _client is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation client ' || _client, 0));
  end if;
  if prefix is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation prefix ' || prefix, 0));
  end if;
  select * into settings from private.consultation_settings;
  if (select pg_catalog.count(*) from private.consultation_changes as change
       where change.submission_id = _submission_id and change.changed_by = 'visitor'
         and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.changes_per_enquiry_per_hour
     or (_client is not null and (select pg_catalog.count(*) from private.consultation_changes as change
          where change.client_address = _client
            and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.changes_per_client_per_hour)
     or (prefix is not null and (select pg_catalog.count(*) from private.consultation_changes as change
          where change.client_address is not null and pg_catalog.strpos(change.client_address, ':') > 0
            and private.client_prefix_key(change.client_address) = prefix
            and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.changes_per_prefix_per_hour) then
    raise exception using
      errcode = 'P0001',
      message = 'There have been too many changes to this consultation in the last hour. Please try again later, or reply to our e-mail.',
      hint = 'consultation_rate_limit';
  end if;
end;
$$;

COMMENT ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) IS 'Refuses a visitor''s booking, move or cancellation past the hourly limits per enquiry, per client address and per IPv6 /48 (P0001, hint consultation_rate_limit); holds a transaction lock per enquiry, address and /48, so concurrent requests are counted one after another.';

REVOKE ALL ON FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) FROM PUBLIC;

CREATE FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings, _held_reason text DEFAULT NULL::text) RETURNS void
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

COMMENT ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings, _held_reason text) IS 'Queues a booking mail to the prospect (consultation_booked, _moved, _cancelled or _reminder) with what its invitation needs: the booking as it stands, its host''s name and, while booked, its manage token; a cancellation carries the enquiry''s book token instead while it may book again online. With _held_reason the mail is parked for review (failed, unsent) instead.';

REVOKE ALL ON FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings, _held_reason text) FROM PUBLIC, anon, authenticated, service_role;

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

COMMENT ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) IS 'Books (or, given _moving, moves) a consultation at _starts_at with a host free then, round robin; under concurrent requests the exclusion constraint lets one through and the other gets P0001 hint consultation_slot_taken with the nearest free times as a JSON array in DETAIL; a time no host ever offered gets hint consultation_slot_not_offered, with the same DETAIL.';

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

CREATE FUNCTION private.require_booking_mail_budget(_recipient text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  over text := private.prospect_mail_over_budget(_recipient, true);
begin
  if over = 'mailbox' then
    raise exception using
      errcode = 'P0001',
      message = 'We have sent this address as many booking e-mails as we can today, so this change was not made. Please reply to our e-mail and we will arrange the time with you.',
      hint = 'consultation_mail_limit';
  elsif over = 'site' then
    raise exception using
      errcode = 'P0001',
      message = 'Our booking system is very busy just now, so this change was not made. Please try again in an hour, or reply to our e-mail.',
      hint = 'consultation_mail_limit';
  end if;
end;
$$;

COMMENT ON FUNCTION private.require_booking_mail_budget(_recipient text) IS 'Refuses a visitor''s booking change whose mail would pass the mail budget (P0001, hint consultation_mail_limit), before anything is changed.';

REVOKE ALL ON FUNCTION private.require_booking_mail_budget(_recipient text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.staff_booking_mail_hold(_recipient text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.consultation_settings;
  limits private.enquiry_limits;
  over text;
  actor text := pg_catalog.left(auth.jwt() ->> 'email', 255);
begin
  select * into settings from private.consultation_settings;
  select * into limits from private.enquiry_limits;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation staff ' || coalesce(actor, ''), 0));
  if (select pg_catalog.count(*) from private.consultation_changes as change
       where change.changed_by = 'staff' and change.actor_email is not distinct from actor
         and change.created_at > pg_catalog.now() - interval '1 hour') >= settings.staff_changes_per_hour then
    return pg_catalog.format('Held for review: more than %s booking changes from one staff member in an hour.', settings.staff_changes_per_hour);
  end if;
  over := private.prospect_mail_over_budget(_recipient, true);
  if over = 'mailbox' then
    return pg_catalog.format('Held for review: this address has had %s e-mails about its enquiry in a day.', limits.mails_per_mailbox_per_day);
  elsif over = 'site' then
    return pg_catalog.format('Held for review: more than %s booking e-mails from the site in an hour.', limits.booking_mails_per_hour);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.staff_booking_mail_hold(_recipient text) IS 'Null when a staff member''s booking change may mail the prospect now, else why its mail is parked for review: past the staff member''s hourly changes, the mailbox''s daily budget or the site''s hourly one.';

REVOKE ALL ON FUNCTION private.staff_booking_mail_hold(_recipient text) FROM PUBLIC, anon, authenticated, service_role;

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

COMMENT ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation. Called by public.reschedule_consultation().';

REVOKE ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text DEFAULT NULL::text, _held_reason text DEFAULT NULL::text) RETURNS public.consultation_bookings
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

COMMENT ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text, _held_reason text) IS 'Cancels a booked consultation (SEQUENCE + 1), records the change, puts the enquiry back on the reply clock unless a reply or contact answered it, and mails the prospect the cancellation (parked for review with _held_reason).';

REVOKE ALL ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text, _held_reason text) FROM PUBLIC, anon, authenticated, service_role;

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
  perform private.require_booking_mail_budget(
    (select enquiry."Email" from public.contact_submissions as enquiry where enquiry.id = booking.submission_id));
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

COMMENT ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1); past the staff member''s hourly changes or the mail budget the mail is parked for review and "mail_held" says why. Called by public.staff_move_consultation().';

REVOKE ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;

CREATE FUNCTION private.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.consultation_bookings;
  held_reason text;
begin
  perform private.require_enquiry_admin();
  perform private.lock_consultation_booking(p_booking_id);
  booking := private.staff_booking(p_booking_id);
  held_reason := private.staff_booking_mail_hold(
    (select enquiry."Email" from public.contact_submissions as enquiry where enquiry.id = booking.submission_id));
  booking := private.cancel_booking(booking, 'staff', null, held_reason);
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(booking))
    || case when held_reason is null then '{}'::jsonb else pg_catalog.jsonb_build_object('mail_held', held_reason) end;
end;
$$;

COMMENT ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL); past the staff member''s hourly changes or the mail budget the mail is parked for review and "mail_held" says why. Called by public.staff_cancel_consultation().';

REVOKE ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.staff_cancel_consultation(p_booking_id uuid) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Reminders

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
    -- the host was sent the held booking, so it comes off their calendar; the prospect, whose
    -- address was never proven, hears nothing.
    perform private.queue_consultation_host_invite(due, 'released');
    released := released + 1;
  end loop;
  return released;
end;
$$;

COMMENT ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) IS 'Releases each booking still held (unconfirmed) at its hold_until: cancelled by unconfirmed, the change recorded as the system''s, the enquiry back on the reply clock, no mail to the prospect (the address was never proven) and a cancellation to the host. Returns how many. Every five minutes by pg_cron.';

REVOKE ALL ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.release_unconfirmed_consultations(_now timestamp with time zone) TO service_role;

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

COMMENT ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) IS 'Queues the reminder mail of each consultation starting within a day, once, unless it was booked or last moved less than a day ahead. Every five minutes by pg_cron.';

REVOKE ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_consultation_reminders(_now timestamp with time zone) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: SECURITY INVOKER wrappers of the functions above. The visitor's
-- are the service role's alone (the consultation Edge Function calls them); the staff's need an
-- admin at aal2, which the private functions check.

CREATE FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.book_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding an enquiry''s book token: books its consultation at a free start time; mails the invitation, stops the reply clock, and returns the booking and its manage token.';

REVOKE ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.book_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.reschedule_consultation(p_token, p_starts_at, p_time_zone, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: moves it to another free start time (SEQUENCE + 1, so older links stop working) and mails the updated invitation.';

REVOKE ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.reschedule_consultation(p_token text, p_starts_at timestamp with time zone, p_time_zone text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.cancel_consultation(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s current manage token: cancels it (the time is free again) and mails the cancellation (METHOD:CANCEL).';

REVOKE ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.cancel_consultation(p_token text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.confirm_consultation(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a booking''s confirm token: makes a held booking firm.';

REVOKE ALL ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_consultation(p_token text, p_forwarded_for text) TO service_role;

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

CREATE FUNCTION public.staff_consultation_slots(p_booking_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.staff_consultation_slots(p_booking_id);
$$;

COMMENT ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) IS 'Admins at aal2: the times a booked consultation could move to, with the same staff member.';

REVOKE ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_consultation_slots(p_booking_id uuid) TO service_role;

CREATE FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.staff_move_consultation(p_booking_id, p_starts_at);
$$;

COMMENT ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1).';

REVOKE ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) TO service_role;

CREATE FUNCTION public.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.staff_cancel_consultation(p_booking_id);
$$;

COMMENT ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) IS 'Admins at aal2: cancels a booked consultation and mails the prospect the cancellation (METHOD:CANCEL).';

REVOKE ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_consultation(p_booking_id uuid) TO service_role;
