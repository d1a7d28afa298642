-- Mail to a prospect's address is budgeted where it is queued. Anyone can send an enquiry in any
-- address's name and book, move and cancel with its links, and each of those mails that address
-- a calendar invitation, which many calendars add on their own: without a bound, one network
-- could mail a stranger over a hundred invitations an hour and ruin the sending domain's name,
-- which every other mail of the site depends on.
--
-- One mailbox (its address lower-cased, without a +tag, Gmail's dots dropped) gets at most a
-- few acknowledgements and booking mails a day, and the site at most so many booking mails an
-- hour. A visitor's change past either is refused before it is made, with what to do instead;
-- an acknowledgement past it is skipped (the enquiry still reaches staff); a staff member's move
-- or cancellation is made, and its mail is parked for review, as replies past their caps are.
-- Booking changes also get the enquiry form's bound per IPv6 /48, and staff changes a cap per
-- staff member an hour.

ALTER TABLE private.enquiry_limits
    ADD COLUMN mails_per_mailbox_per_day integer DEFAULT 6 NOT NULL,
    ADD COLUMN booking_mails_per_hour integer DEFAULT 60 NOT NULL,
    ADD CONSTRAINT enquiry_limits_mail_budget CHECK (((mails_per_mailbox_per_day >= 1) AND (booking_mails_per_hour >= 1)));

COMMENT ON COLUMN private.enquiry_limits.mails_per_mailbox_per_day IS 'Acknowledgements and booking mails (booked, moved, cancelled) one mailbox (private.mailbox_key) receives in any 24 hours; past it a visitor''s booking change is refused, an acknowledgement skipped and a staff change''s mail parked for review.';

COMMENT ON COLUMN private.enquiry_limits.booking_mails_per_hour IS 'Booking mails (booked, moved, cancelled) the site queues in any hour, to everyone together; past it as mails_per_mailbox_per_day.';

ALTER TABLE private.consultation_settings
    ADD COLUMN changes_per_prefix_per_hour integer DEFAULT 30 NOT NULL,
    ADD COLUMN staff_changes_per_hour integer DEFAULT 20 NOT NULL,
    ADD CONSTRAINT consultation_settings_change_caps CHECK (((changes_per_prefix_per_hour >= 1) AND (staff_changes_per_hour >= 1)));

COMMENT ON COLUMN private.consultation_settings.changes_per_prefix_per_hour IS 'Bookings, moves and cancellations from one IPv6 /48 network in any hour (as the enquiry form''s per-prefix limit).';

COMMENT ON COLUMN private.consultation_settings.staff_changes_per_hour IS 'Moves and cancellations one staff member makes in any hour before their mails are parked for review.';

CREATE FUNCTION private.prospect_mail_over_budget(_recipient text, _booking_mail boolean) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  mailbox text := private.mailbox_key(_recipient);
  recent integer;
begin
  select * into limits from private.enquiry_limits;
  -- mail to one mailbox, and booking mail from the site, is counted one request at a time: the
  -- lock holds until the caller's mail is queued and committed.
  if _booking_mail then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('prospect mail site', 0));
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('prospect mail ' || coalesce(mailbox, ''), 0));

  -- a parked mail (failed before any attempt) and a skipped one never left. The hourly caps
  -- bound a day's prospect mail to a few thousand jobs, which the (kind, created_at) index finds.
  select pg_catalog.count(*)::integer into recent
    from private.enquiry_mail_jobs as job
   where job.kind in ('acknowledgement', 'consultation_booked', 'consultation_moved', 'consultation_cancelled')
     and job.created_at > pg_catalog.now() - interval '1 day'
     and private.mailbox_key(job.recipient) = mailbox
     and (job.status in ('pending', 'sending', 'sent') or (job.status = 'failed' and job.attempts > 0));
  if recent >= limits.mails_per_mailbox_per_day then
    return 'mailbox';
  end if;

  if _booking_mail then
    select pg_catalog.count(*)::integer into recent
      from private.enquiry_mail_jobs as job
     where job.kind in ('consultation_booked', 'consultation_moved', 'consultation_cancelled')
       and job.created_at > pg_catalog.now() - interval '1 hour'
       and (job.status in ('pending', 'sending', 'sent') or (job.status = 'failed' and job.attempts > 0));
    if recent >= limits.booking_mails_per_hour then
      return 'site';
    end if;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.prospect_mail_over_budget(_recipient text, _booking_mail boolean) IS 'Null when one more mail to _recipient stays within its mailbox''s daily budget (and, for a booking mail, the site''s hourly one), else which budget it would pass: mailbox or site. Holds a transaction lock per mailbox (and for booking mail) until the caller commits.';

REVOKE ALL ON FUNCTION private.prospect_mail_over_budget(_recipient text, _booking_mail boolean) FROM PUBLIC, anon, authenticated, service_role;

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

-- The acknowledgement: skipped past the mailbox's budget, as past the hourly cap.
CREATE OR REPLACE FUNCTION private.queue_enquiry_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  entry jsonb;
  recent_count integer;
  digest_id uuid;
  held boolean := new.held_at is not null;
  skip_reason text;
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

  skip_reason := case
    when held then 'enquiry_held'
    when recent_count >= limits.acknowledgements_per_hour then 'acknowledgement_hourly_cap'
    when private.prospect_mail_over_budget(new."Email", false) is not null then 'mailbox_daily_budget'
  end;

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, skip_reason)
  values (
    'acknowledgement',
    new.id,
    new."Email",
    -- the acknowledgement offers the consultation through the enquiry's book token.
    case when held then '{}'::jsonb
         else pg_catalog.jsonb_build_object('book_token', private.consultation_book_token(new.id, new.created_at)) end,
    case when skip_reason is null then 'pending' else 'skipped' end,
    skip_reason
  );

  return null;
end;
$$;

COMMENT ON FUNCTION private.queue_enquiry_mail() IS 'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry, at most digest_max_enquiries a digest and staff_digests_per_hour digests an hour) and the acknowledgement in the same transaction; a held enquiry goes to a digest and its acknowledgement is skipped (enquiry_held), as is one past the hourly cap or its mailbox''s daily budget.';

-- Booking mail: parked for review when the caller says why.
DROP FUNCTION private.queue_consultation_mail(_kind text, _booking public.consultation_bookings);

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

DROP FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text);

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
  return cancelled;
end;
$$;

COMMENT ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text, _held_reason text) IS 'Cancels a booked consultation (SEQUENCE + 1), records the change, puts the enquiry back on the reply clock unless a reply or contact answered it, and mails the prospect the cancellation (parked for review with _held_reason).';

REVOKE ALL ON FUNCTION private.cancel_booking(_booking public.consultation_bookings, _by text, _client text, _held_reason text) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_consultation_limits(_submission_id uuid, _client text) RETURNS void
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
  perform private.require_booking_mail_budget(
    (select enquiry."Email" from public.contact_submissions as enquiry where enquiry.id = booking.submission_id));
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
  return pg_catalog.jsonb_build_object('booking', private.consultation_booking_json(placed))
    || case when held_reason is null then '{}'::jsonb else pg_catalog.jsonb_build_object('mail_held', held_reason) end;
end;
$$;

COMMENT ON FUNCTION private.staff_move_consultation(p_booking_id uuid, p_starts_at timestamp with time zone) IS 'Admins at aal2: moves a booked consultation to another free time of its staff member and mails the prospect the updated invitation (SEQUENCE + 1); past the staff member''s hourly changes or the mail budget the mail is parked for review and "mail_held" says why. Called by public.staff_move_consultation().';

CREATE OR REPLACE FUNCTION private.staff_cancel_consultation(p_booking_id uuid) RETURNS jsonb
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
