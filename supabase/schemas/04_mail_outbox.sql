-- The mail outbox: every e-mail the site sends is queued here by the database.
--
-- The send-enquiry-mail Edge Function claims due jobs with a lease, sends them and records the
-- outcome; a failed job is retried with backoff until its attempts run out, then shown to staff.
-- Staff replies are capped per hour, per author and overall.

CREATE TABLE private.enquiry_mail_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    submission_id uuid,
    recipient text,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    skip_reason text,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    claim_token uuid,
    lease_until timestamp with time zone,
    last_error text,
    provider_message_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    delivery_state text,
    delivery_changed_at timestamp with time zone,
    delivery_detail text,
    CONSTRAINT enquiry_mail_jobs_delivery_detail_length CHECK (((delivery_detail IS NULL) OR (char_length(delivery_detail) <= 500))),
    CONSTRAINT enquiry_mail_jobs_delivery_state_valid CHECK (((delivery_state IS NULL) OR (delivery_state = ANY (ARRAY['sent'::text, 'delivered'::text, 'delayed'::text, 'bounced'::text, 'complained'::text])))),
    CONSTRAINT enquiry_mail_jobs_kind_valid CHECK ((kind = ANY (ARRAY['staff_alert'::text, 'staff_digest'::text, 'acknowledgement'::text, 'reply'::text, 'reply_reminder'::text, 'reply_escalation'::text, 'weekly_summary'::text, 'follow_up_reminder'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text, 'answer_alert'::text]))),
    CONSTRAINT enquiry_mail_jobs_last_error_length CHECK (((last_error IS NULL) OR (char_length(last_error) <= 1000))),
    CONSTRAINT enquiry_mail_jobs_payload_object CHECK ((jsonb_typeof(payload) = 'object'::text)),
    CONSTRAINT enquiry_mail_jobs_recipient_by_kind CHECK (
CASE
    WHEN (kind = ANY (ARRAY['acknowledgement'::text, 'reply'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text])) THEN (recipient IS NOT NULL)
    WHEN (kind = ANY (ARRAY['reply_reminder'::text, 'follow_up_reminder'::text, 'answer_alert'::text])) THEN true
    ELSE (recipient IS NULL)
END),
    CONSTRAINT enquiry_mail_jobs_skip_reason CHECK (((status = 'skipped'::text) = (skip_reason IS NOT NULL))),
    CONSTRAINT enquiry_mail_jobs_status_valid CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'skipped'::text])))
);

COMMENT ON TABLE private.enquiry_mail_jobs IS 'Outbox of enquiry e-mails, written in the enquiry insert transaction and drained by the send-enquiry-mail Edge Function.';

COMMENT ON COLUMN private.enquiry_mail_jobs.id IS 'Job key; also the Idempotency-Key of the mail request, so a job is mailed at most once.';

COMMENT ON COLUMN private.enquiry_mail_jobs.kind IS 'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary, follow_up_reminder, consultation_booked, _moved, _cancelled or _reminder (to the enquirer, with the invitation), consultation_host_invite (to the booking''s host: their own invitation or cancellation), or answer_alert (to the assignee or the team: the enquirer answered by mail).';

COMMENT ON COLUMN private.enquiry_mail_jobs.submission_id IS 'The enquiry of a staff alert or acknowledgement; null for a digest, or once the enquiry is deleted.';

COMMENT ON COLUMN private.enquiry_mail_jobs.recipient IS 'The enquirer''s address (acknowledgement, reply), the assignee''s (reply_reminder), the assignee''s or setter''s (follow_up_reminder), or the host''s login address when queued (consultation_host_invite); null for other staff mail, which goes to the sender''s configured address.';

COMMENT ON COLUMN private.enquiry_mail_jobs.payload IS 'What the mail shows: {"enquiries": [...]} snapshots taken at insert for staff mail; {"book_token"} for an acknowledgement ({} when held); {"booking", "organizer", "enquiry", "manage_token"} for a consultation mail; {"method" (REQUEST or CANCEL), "change", "booking", "previous", "host", "enquiry"} for a host''s invitation, "enquiry" with the prospect''s name, company and address.';

COMMENT ON COLUMN private.enquiry_mail_jobs.status IS 'pending, sending (claimed), sent, failed (parked after max_attempts) or skipped (never sent).';

COMMENT ON COLUMN private.enquiry_mail_jobs.skip_reason IS 'Why a skipped job is not sent, e.g. acknowledgement_hourly_cap.';

COMMENT ON COLUMN private.enquiry_mail_jobs.attempts IS 'Claims so far; each claim is one send attempt.';

COMMENT ON COLUMN private.enquiry_mail_jobs.next_attempt_at IS 'Not claimed before this time (backoff, digest gathering).';

COMMENT ON COLUMN private.enquiry_mail_jobs.claim_token IS 'Token of the current claim; completing or failing needs it, so a run whose lease expired cannot change a job another run owns.';

COMMENT ON COLUMN private.enquiry_mail_jobs.lease_until IS 'A sending job whose lease passed may be claimed again.';

COMMENT ON COLUMN private.enquiry_mail_jobs.last_error IS 'The last send failure, for admins.';

COMMENT ON COLUMN private.enquiry_mail_jobs.provider_message_id IS 'The mail API''s id of the sent message.';

COMMENT ON COLUMN private.enquiry_mail_jobs.created_at IS 'When the job was queued.';

COMMENT ON COLUMN private.enquiry_mail_jobs.updated_at IS 'When the job last changed.';

COMMENT ON COLUMN private.enquiry_mail_jobs.sent_at IS 'When the mail API accepted the message.';

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_state IS 'What the mail API last reported of the sent message: sent, delayed, delivered, bounced or complained (marked as spam); null before its first event. Only ever moves up that order (public.apply_mail_event).';

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_changed_at IS 'When the event that set delivery_state happened.';

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_detail IS 'For a bounce, what the mail API said of it (bounded); else null.';

CREATE TABLE private.reply_mail_limits (
    only_row boolean DEFAULT true NOT NULL,
    per_staff_per_hour integer DEFAULT 20 NOT NULL,
    per_hour integer DEFAULT 60 NOT NULL,
    CONSTRAINT reply_mail_limits_one_row CHECK (only_row),
    CONSTRAINT reply_mail_limits_positive CHECK (((per_staff_per_hour > 0) AND (per_hour > 0)))
);

COMMENT ON TABLE private.reply_mail_limits IS 'How many reply mails may leave in an hour: per staff member and for the whole team. One row.';

COMMENT ON COLUMN private.reply_mail_limits.only_row IS 'Always true: the table holds one row.';

COMMENT ON COLUMN private.reply_mail_limits.per_staff_per_hour IS 'Reply mails one staff member may send in any hour.';

COMMENT ON COLUMN private.reply_mail_limits.per_hour IS 'Reply mails the whole team may send in any hour.';

CREATE TABLE private.reply_mail_releases (
    job_id uuid NOT NULL,
    author_id uuid,
    released_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.reply_mail_releases IS 'Each reply mail put on its way in the last hour (queued or re-queued), counted against the caps in private.reply_mail_limits; rows older than an hour are deleted by the next reply.';

COMMENT ON COLUMN private.reply_mail_releases.job_id IS 'The reply''s mail job.';

COMMENT ON COLUMN private.reply_mail_releases.author_id IS 'The staff member whose reply it is (auth.users.id).';

COMMENT ON COLUMN private.reply_mail_releases.released_at IS 'When it was queued or re-queued.';

ALTER TABLE ONLY private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.reply_mail_limits
    ADD CONSTRAINT reply_mail_limits_pkey PRIMARY KEY (only_row);

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_pkey PRIMARY KEY (job_id);

ALTER TABLE private.enquiry_mail_jobs ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.reply_mail_limits ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.reply_mail_releases ENABLE ROW LEVEL SECURITY;

GRANT SELECT ON TABLE private.enquiry_mail_jobs TO authenticated;
GRANT SELECT,UPDATE ON TABLE private.enquiry_mail_jobs TO service_role;

GRANT UPDATE(status) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(attempts) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(next_attempt_at) ON TABLE private.enquiry_mail_jobs TO authenticated;

GRANT UPDATE(updated_at) ON TABLE private.enquiry_mail_jobs TO authenticated;

-- The one row of reply caps, at the defaults above.
INSERT INTO private.reply_mail_limits DEFAULT VALUES ON CONFLICT DO NOTHING;

ALTER TABLE ONLY private.enquiry_mail_jobs
    ADD CONSTRAINT enquiry_mail_jobs_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.reply_mail_releases
    ADD CONSTRAINT reply_mail_releases_job_id_fkey FOREIGN KEY (job_id) REFERENCES private.enquiry_mail_jobs(id) ON DELETE CASCADE;

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

CREATE FUNCTION private.reply_mail_over_cap(_author_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits private.reply_mail_limits;
  recent integer;
begin
  select * into limits from private.reply_mail_limits;
  -- one lock for every reply: two replies must not both take the last free place.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('reply_mail_releases'));

  delete from private.reply_mail_releases as old
   where old.released_at <= pg_catalog.now() - interval '1 hour';

  select pg_catalog.count(*)::integer into recent
    from private.reply_mail_releases as earlier
   where earlier.author_id = _author_id;
  if recent >= limits.per_staff_per_hour then
    return pg_catalog.format(
      'Held for review: more than %s replies from one staff member in an hour.',
      limits.per_staff_per_hour
    );
  end if;

  select pg_catalog.count(*)::integer into recent from private.reply_mail_releases;
  if recent >= limits.per_hour then
    return pg_catalog.format('Held for review: more than %s replies from the team in an hour.', limits.per_hour);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.reply_mail_over_cap(_author_id uuid) IS 'Null when one more reply mail from _author_id stays within the hourly caps, else the reason it would not; takes the lock the caller holds until it records the release in private.reply_mail_releases.';

REVOKE ALL ON FUNCTION private.reply_mail_over_cap(_author_id uuid) FROM PUBLIC;

CREATE FUNCTION private.check_reply_mail_requeue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  author uuid;
  held_reason text;
begin
  if new.kind = 'reply' and old.status = 'failed' and new.status = 'pending' then
    select reply.author_id into author
      from public.enquiry_replies as reply
     where reply.id::text = new.payload ->> 'reply_id';
    held_reason := private.reply_mail_over_cap(author);
    if held_reason is not null then
      raise exception using
        errcode = 'P0001',
        message = 'Too many replies have left in the last hour to re-send this one now. Try again later.',
        detail = held_reason,
        hint = 'enquiry_reply_hourly_limit';
    end if;
    insert into private.reply_mail_releases (job_id, author_id)
    values (new.id, author)
    on conflict (job_id) do update set released_at = excluded.released_at;
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_reply_mail_requeue() IS 'BEFORE UPDATE trigger on enquiry_mail_jobs: a reply mail re-queued from failed counts against the hourly caps and is refused past them (P0001, hint enquiry_reply_hourly_limit).';

REVOKE ALL ON FUNCTION private.check_reply_mail_requeue() FROM PUBLIC;

CREATE FUNCTION private.digest_entry_is_live(_entry jsonb) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  -- an id that is not a uuid names no enquiry (and must not stop a retention run with a cast
  -- error).
  select exists (
    select 1
      from public.contact_submissions as enquiry
     where enquiry.id = case
             when _entry ->> 'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then (_entry ->> 'id')::uuid
           end
  );
$_$;

COMMENT ON FUNCTION private.digest_entry_is_live(_entry jsonb) IS 'True when a digest entry''s id names an enquiry that still exists.';

REVOKE ALL ON FUNCTION private.digest_entry_is_live(_entry jsonb) FROM PUBLIC;

CREATE FUNCTION private.queue_enquiry_mail() RETURNS trigger
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

REVOKE ALL ON FUNCTION private.queue_enquiry_mail() FROM PUBLIC;

CREATE FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer DEFAULT 10) RETURNS TABLE(id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid, thread jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
begin
  select * into limits from private.enquiry_limits;

  -- a claim whose lease ran out on its last allowed attempt is parked rather than tried again.
  update private.enquiry_mail_jobs as job
     set status = 'failed',
         claim_token = null,
         lease_until = null,
         last_error = coalesce(job.last_error, 'The sender stopped before it finished the last attempt.'),
         updated_at = pg_catalog.now()
   where job.status = 'sending'
     and job.lease_until <= pg_catalog.now()
     and job.attempts >= limits.max_attempts;

  -- mail to the enquirer at an address that bounced for good or complained is never sent again
  -- (until an admin clears it): such a job is parked when it falls due, with the reason, and not
  -- retried. Staff mail is never parked, whatever its address.
  with suppressed as (
    select job.id, private.mail_suppression_of(job.recipient) as reason
      from private.enquiry_mail_jobs as job
     where job.recipient is not null
       and private.is_enquirer_mail(job.kind)
       and ((job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
            or (job.status = 'sending' and job.lease_until <= pg_catalog.now()))
       for update skip locked
  )
  update private.enquiry_mail_jobs as job
     set status = 'skipped',
         skip_reason = 'suppressed_' || suppressed.reason,
         claim_token = null,
         lease_until = null,
         updated_at = pg_catalog.now()
    from suppressed
   where job.id = suppressed.id
     and suppressed.reason is not null;

  return query
  with due as (
    select job.id
      from private.enquiry_mail_jobs as job
     where (job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
        or (job.status = 'sending' and job.lease_until <= pg_catalog.now())
     order by job.next_attempt_at
     limit greatest(1, least(coalesce(max_jobs, 10), 50))
       for update skip locked
  )
  update private.enquiry_mail_jobs as job
     set status = 'sending',
         attempts = job.attempts + 1,
         claim_token = gen_random_uuid(),
         lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => limits.lease_seconds),
         updated_at = pg_catalog.now()
    from due
   where job.id = due.id
  returning job.id, job.kind, job.recipient, job.payload, job.attempts, job.claim_token,
            private.mail_thread(job.submission_id, job.recipient);
end;
$$;

COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): parks due jobs to the enquirer (private.is_enquirer_mail) at a suppressed address as skipped (suppressed_bounced, suppressed_complained), then claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens and, for mail to the enquirer, its thread (private.mail_thread).';

REVOKE ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) TO service_role;

CREATE FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text DEFAULT NULL::text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) IS 'Sender only (service_role): records that the mail API accepted a job''s message (status sent, its message id), whether or not the claim is still current, and trims what the job carried: a staff job keeps only the enquiry ids of its snapshot, a reply only its reply_id. True when the job is now recorded as sent (an earlier record is kept), false for an unknown or skipped job.';

REVOKE ALL ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text) TO service_role;

CREATE FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  new_status text;
begin
  select * into limits from private.enquiry_limits;

  update private.enquiry_mail_jobs as job
     set status = case when job.attempts >= limits.max_attempts then 'failed' else 'pending' end,
         next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(
           secs => least(3600, limits.retry_base_seconds * pg_catalog.power(2, greatest(job.attempts - 1, 0)))
         ),
         last_error = pg_catalog.left(coalesce(error, 'unknown error'), 1000),
         claim_token = null,
         lease_until = null,
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.claim_token = claim
     and job.status = 'sending'
  returning job.status into new_status;

  return new_status;
end;
$$;

COMMENT ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) IS 'Sender only (service_role): records a failed send; the job is retried with exponential backoff, or parked as failed after max_attempts. Returns the new status, null when the claim is no longer current.';

REVOKE ALL ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text) TO service_role;

CREATE FUNCTION public.list_failed_enquiry_mail() RETURNS TABLE(id uuid, kind text, submission_id uuid, recipient text, enquiry_count integer, attempts integer, last_error text, created_at timestamp with time zone, updated_at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list notification e-mails that could not be sent.';
  end if;

  return query
  select job.id, job.kind, job.submission_id, job.recipient,
         coalesce(pg_catalog.jsonb_array_length(job.payload -> 'enquiries'), 0)::integer,
         job.attempts, job.last_error, job.created_at, job.updated_at
    from private.enquiry_mail_jobs as job
   where job.status = 'failed'
   order by job.created_at desc
   limit 200;
end;
$$;

COMMENT ON FUNCTION public.list_failed_enquiry_mail() IS 'Admins only: notification e-mails parked after their last attempt, newest first (at most 200).';

REVOKE ALL ON FUNCTION public.list_failed_enquiry_mail() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.list_failed_enquiry_mail() TO authenticated;
GRANT ALL ON FUNCTION public.list_failed_enquiry_mail() TO service_role;

CREATE FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  limits private.enquiry_limits;
  renewed_id uuid;
begin
  select * into limits from private.enquiry_limits;

  -- a lease that ran out may still be renewed while no other run has claimed the job: claiming
  -- replaces the token under the row lock, so a stale claim never matches.
  update private.enquiry_mail_jobs as job
     set lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => limits.lease_seconds),
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.claim_token = claim
     and job.status = 'sending'
  returning job.id into renewed_id;

  return renewed_id is not null;
end;
$$;

COMMENT ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) IS 'Sender only (service_role): extends a claimed job''s lease by lease_seconds from now, right before the job is sent. False when the claim is no longer current (another run took the job over, or it was recorded as sent): the job must not be sent.';

REVOKE ALL ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.renew_enquiry_mail_job(job_id uuid, claim uuid) TO service_role;

CREATE FUNCTION public.retry_failed_enquiry_mail(job_id uuid) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  retried private.enquiry_mail_jobs;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may re-send notification e-mails.';
  end if;

  update private.enquiry_mail_jobs as job
     set status = 'pending',
         attempts = 0,
         next_attempt_at = pg_catalog.now(),
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.status = 'failed'
  returning job.* into retried;

  if retried.id is null then
    return false;
  end if;

  perform private.write_admin_audit(
    'admin_enquiry_mail_retried',
    'enquiry_mail_jobs',
    retried.id::text,
    pg_catalog.jsonb_build_object('kind', retried.kind, 'last_error', pg_catalog.left(retried.last_error, 300))
  );
  return true;
end;
$$;

COMMENT ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) IS 'Admins only: puts a failed notification e-mail back in the queue with fresh attempts, and records it in audit_log. False when it is not a failed job.';

REVOKE ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.retry_failed_enquiry_mail(job_id uuid) TO service_role;

CREATE INDEX enquiry_mail_jobs_kind_created_at_idx ON private.enquiry_mail_jobs USING btree (kind, created_at DESC);

CREATE INDEX enquiry_mail_jobs_mailbox_created_at_idx ON private.enquiry_mail_jobs USING btree (private.mailbox_key(recipient), created_at DESC);

CREATE UNIQUE INDEX enquiry_mail_jobs_one_reply_reminder_idx ON private.enquiry_mail_jobs USING btree (submission_id, kind, ((payload ->> 'opened_at'::text))) WHERE (kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text]));

CREATE UNIQUE INDEX enquiry_mail_jobs_one_weekly_summary_idx ON private.enquiry_mail_jobs USING btree (((payload ->> 'week_start'::text))) WHERE (kind = 'weekly_summary'::text);

CREATE INDEX enquiry_mail_jobs_status_next_attempt_at_idx ON private.enquiry_mail_jobs USING btree (status, next_attempt_at);

CREATE INDEX enquiry_mail_jobs_submission_id_idx ON private.enquiry_mail_jobs USING btree (submission_id);

CREATE INDEX reply_mail_releases_author_idx ON private.reply_mail_releases USING btree (author_id, released_at);

CREATE INDEX reply_mail_releases_released_at_idx ON private.reply_mail_releases USING btree (released_at);

CREATE TRIGGER enquiry_mail_jobs_reply_requeue BEFORE UPDATE OF status ON private.enquiry_mail_jobs FOR EACH ROW EXECUTE FUNCTION private.check_reply_mail_requeue();

CREATE TRIGGER contact_submissions_queue_mail AFTER INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.queue_enquiry_mail();

CREATE POLICY "admins re-queue failed mail jobs" ON private.enquiry_mail_jobs FOR UPDATE TO authenticated USING ((( SELECT private.is_admin() AS is_admin) AND (status = 'failed'::text))) WITH CHECK ((( SELECT private.is_admin() AS is_admin) AND (status = 'pending'::text)));

CREATE POLICY "admins read mail jobs" ON private.enquiry_mail_jobs FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE TABLE private.mail_events (
    event_id text NOT NULL,
    event_type text NOT NULL,
    message_id text,
    occurred_at timestamp with time zone NOT NULL,
    bounce_type text,
    detail text,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mail_events_bounce_type_valid CHECK (((bounce_type IS NULL) OR (bounce_type = ANY (ARRAY['hard'::text, 'soft'::text])))),
    CONSTRAINT mail_events_detail_length CHECK (((detail IS NULL) OR (char_length(detail) <= 500))),
    CONSTRAINT mail_events_event_id_length CHECK (((char_length(event_id) >= 1) AND (char_length(event_id) <= 200))),
    CONSTRAINT mail_events_event_type_length CHECK ((char_length(event_type) <= 100)),
    CONSTRAINT mail_events_message_id_length CHECK (((message_id IS NULL) OR (char_length(message_id) <= 200)))
);

COMMENT ON TABLE private.mail_events IS 'Each delivery event of the mail API applied so far (webhook id), so a redelivered event changes nothing; kept, so an event that arrives before its message id is recorded is applied when it is.';

COMMENT ON COLUMN private.mail_events.event_id IS 'The webhook''s message id (svix-id / webhook-id): one per event, the same on every redelivery.';

COMMENT ON COLUMN private.mail_events.event_type IS 'The event''s type as the mail API names it, e.g. email.bounced; kept also when it is not one applied.';

COMMENT ON COLUMN private.mail_events.message_id IS 'The mail API''s id of the message (enquiry_mail_jobs.provider_message_id).';

COMMENT ON COLUMN private.mail_events.occurred_at IS 'When the mail API says the event happened.';

COMMENT ON COLUMN private.mail_events.bounce_type IS 'hard (permanent) or soft (transient or undetermined), for a bounce; else null.';

COMMENT ON COLUMN private.mail_events.detail IS 'What the mail API says of a bounce, bounded.';

COMMENT ON COLUMN private.mail_events.applied_at IS 'When it arrived.';

CREATE TABLE private.mail_suppressions (
    mailbox text NOT NULL,
    reason text NOT NULL,
    event_id text,
    detail text,
    suppressed_at timestamp with time zone DEFAULT now() NOT NULL,
    acknowledgement_of uuid,
    CONSTRAINT mail_suppressions_detail_length CHECK (((detail IS NULL) OR (char_length(detail) <= 500))),
    CONSTRAINT mail_suppressions_reason_valid CHECK ((reason = ANY (ARRAY['bounced'::text, 'complained'::text])))
);

COMMENT ON TABLE private.mail_suppressions IS 'Mailboxes the outbox no longer mails: one bounced for good or its owner marked our mail as spam. Cleared by an admin from an enquiry (public.clear_mail_suppression).';

COMMENT ON COLUMN private.mail_suppressions.mailbox IS 'private.mailbox_key() of the address.';

COMMENT ON COLUMN private.mail_suppressions.reason IS 'bounced (a hard bounce) or complained (marked as spam).';

COMMENT ON COLUMN private.mail_suppressions.event_id IS 'The delivery event that caused it (mail_events.event_id).';

COMMENT ON COLUMN private.mail_suppressions.detail IS 'What the mail API said of the bounce, bounded.';

COMMENT ON COLUMN private.mail_suppressions.suppressed_at IS 'When the event happened.';

COMMENT ON COLUMN private.mail_suppressions.acknowledgement_of IS 'The enquiry whose own acknowledgement bounced for good and so blocked the mailbox (its address was wrong from the start); null for any other mail. Kept here, not read from the outbox, whose sent mail is purged.';

ALTER TABLE ONLY private.mail_events
    ADD CONSTRAINT mail_events_pkey PRIMARY KEY (event_id);

ALTER TABLE ONLY private.mail_suppressions
    ADD CONSTRAINT mail_suppressions_pkey PRIMARY KEY (mailbox);

ALTER TABLE private.mail_events ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.mail_suppressions ENABLE ROW LEVEL SECURITY;

ALTER TABLE ONLY private.mail_suppressions
    ADD CONSTRAINT mail_suppressions_acknowledgement_of_fkey FOREIGN KEY (acknowledgement_of) REFERENCES public.contact_submissions(id) ON DELETE SET NULL;

CREATE INDEX mail_suppressions_acknowledgement_of_idx ON private.mail_suppressions USING btree (acknowledgement_of) WHERE (acknowledgement_of IS NOT NULL);

CREATE INDEX enquiry_mail_jobs_provider_message_id_idx ON private.enquiry_mail_jobs USING btree (provider_message_id) WHERE (provider_message_id IS NOT NULL);

CREATE INDEX mail_events_message_id_idx ON private.mail_events USING btree (message_id) WHERE (message_id IS NOT NULL);

CREATE FUNCTION private.is_enquirer_mail(_kind text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _kind in ('acknowledgement', 'reply', 'consultation_booked', 'consultation_moved',
                   'consultation_cancelled', 'consultation_reminder');
$$;

COMMENT ON FUNCTION private.is_enquirer_mail(_kind text) IS 'True for the kinds of mail that go to the enquirer (acknowledgement, reply, the consultation mails), the only mail a bounce or complaint suppresses and the only mail a suppression parks; staff mail (alerts, reminders, summaries, the host''s invitation) is never suppressed.';

REVOKE ALL ON FUNCTION private.is_enquirer_mail(_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_enquirer_mail(_kind text) TO service_role;

CREATE FUNCTION private.delivery_state_rank(_state text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case _state
           when 'sent' then 1
           when 'delayed' then 2
           when 'delivered' then 3
           when 'bounced' then 4
           when 'complained' then 5
           else 0
         end;
$$;

COMMENT ON FUNCTION private.delivery_state_rank(_state text) IS 'The order of delivery states: a state replaces only a lower one, so events applied in any order end in the same state (sent < delayed < delivered < bounced < complained; 0 for none).';

REVOKE ALL ON FUNCTION private.delivery_state_rank(_state text) FROM PUBLIC;

CREATE FUNCTION private.delivery_state_of_event(_event_type text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case _event_type
           when 'email.sent' then 'sent'
           when 'email.delivered' then 'delivered'
           when 'email.delivery_delayed' then 'delayed'
           when 'email.bounced' then 'bounced'
           when 'email.complained' then 'complained'
         end;
$$;

COMMENT ON FUNCTION private.delivery_state_of_event(_event_type text) IS 'The delivery state a mail API event type sets, or null for one not applied.';

REVOKE ALL ON FUNCTION private.delivery_state_of_event(_event_type text) FROM PUBLIC;

CREATE FUNCTION private.apply_delivery_event(_job_id uuid, _event private.mail_events) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  state text := private.delivery_state_of_event(_event.event_type);
  job private.enquiry_mail_jobs;
begin
  if state is null then
    return;
  end if;
  update private.enquiry_mail_jobs as target
     set delivery_state = state,
         delivery_changed_at = _event.occurred_at,
         delivery_detail = case when state in ('bounced', 'complained') then _event.detail end
   where target.id = _job_id
     and private.delivery_state_rank(state) > private.delivery_state_rank(target.delivery_state);

  -- only the enquirer's mail suppresses its address: staff mail has no recipient, and a staff
  -- member's reminder bouncing is for an admin to fix, not to silence.
  select * into job from private.enquiry_mail_jobs as target where target.id = _job_id;
  if job.recipient is not null
     and private.is_enquirer_mail(job.kind)
     and ((state = 'bounced' and _event.bounce_type = 'hard') or state = 'complained') then
    insert into private.mail_suppressions (mailbox, reason, event_id, detail, suppressed_at, acknowledgement_of)
    values (private.mailbox_key(job.recipient), state, _event.event_id, _event.detail, _event.occurred_at,
            case when job.kind = 'acknowledgement' and state = 'bounced' then job.submission_id end)
    on conflict (mailbox) do nothing;
  end if;
end;
$$;

COMMENT ON FUNCTION private.apply_delivery_event(_job_id uuid, _event private.mail_events) IS 'Applies one delivery event to its mail job: the state moves only up its order (private.delivery_state_rank); a hard bounce or a complaint of mail to the enquirer suppresses the recipient''s mailbox.';

REVOKE ALL ON FUNCTION private.apply_delivery_event(_job_id uuid, _event private.mail_events) FROM PUBLIC;

CREATE FUNCTION private.apply_earlier_delivery_events() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  earlier private.mail_events;
begin
  -- a webhook may outrun the sender's record of the message id: its events wait here.
  for earlier in
    select * from private.mail_events as event
     where event.message_id = new.provider_message_id
     order by event.occurred_at
  loop
    perform private.apply_delivery_event(new.id, earlier);
  end loop;
  return null;
end;
$$;

COMMENT ON FUNCTION private.apply_earlier_delivery_events() IS 'AFTER UPDATE trigger on enquiry_mail_jobs: once a job''s message id is recorded, the delivery events that arrived for it before are applied.';

REVOKE ALL ON FUNCTION private.apply_earlier_delivery_events() FROM PUBLIC;

CREATE FUNCTION private.mail_suppression_of(_recipient text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select suppression.reason
    from private.mail_suppressions as suppression
   where _recipient is not null
     and suppression.mailbox = private.mailbox_key(_recipient);
$$;

COMMENT ON FUNCTION private.mail_suppression_of(_recipient text) IS 'Why mail to _recipient is suppressed (bounced, complained), or null.';

REVOKE ALL ON FUNCTION private.mail_suppression_of(_recipient text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_suppression_of(_recipient text) TO service_role;
GRANT ALL ON FUNCTION private.mail_suppression_of(_recipient text) TO authenticated;

CREATE FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- a hard bounce of the enquiry's own acknowledgement says most: the address given was wrong
  -- from the start (a typing slip), and no mail of ours has ever reached it.
  select case
           when suppression.reason = 'bounced' and suppression.acknowledgement_of = _submission_id
             then 'acknowledgement_bounced'
           else suppression.reason
         end
    from private.mail_suppressions as suppression
   where _email is not null
     and suppression.mailbox = private.mailbox_key(_email);
$$;

COMMENT ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) IS 'Why no mail reaches an enquiry''s address, in the words staff act on: acknowledgement_bounced (the hard bounce that blocked it was of this enquiry''s own acknowledgement), bounced (of other mail to the address), complained (marked as spam), or null. For the list view, Needs a reply and the record.';

REVOKE ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO service_role;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO authenticated;

CREATE FUNCTION public.apply_mail_event(event_id text, event_type text, occurred_at timestamp with time zone, message_id text, bounce_type text DEFAULT NULL::text, detail text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  event private.mail_events;
  job_id uuid;
begin
  if event_id is null or pg_catalog.char_length(event_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'A mail event needs its id (1 to 200 characters).';
  end if;
  if event_type is null or occurred_at is null then
    raise exception using errcode = '22023', message = 'A mail event needs its type and time.';
  end if;
  if bounce_type is not null and bounce_type not in ('hard', 'soft') then
    raise exception using errcode = '22023', message = 'A bounce is hard or soft.';
  end if;

  insert into private.mail_events as stored (event_id, event_type, message_id, occurred_at, bounce_type, detail)
  values (
    apply_mail_event.event_id,
    pg_catalog.left(apply_mail_event.event_type, 100),
    nullif(pg_catalog.left(apply_mail_event.message_id, 200), ''),
    apply_mail_event.occurred_at,
    case when apply_mail_event.event_type = 'email.bounced'
         then coalesce(apply_mail_event.bounce_type, 'soft') end,
    pg_catalog.left(apply_mail_event.detail, 500)
  )
  on conflict on constraint mail_events_pkey do nothing
  returning stored.* into event;
  if event.event_id is null then
    return 'duplicate';
  end if;
  if private.delivery_state_of_event(event.event_type) is null then
    return 'ignored';
  end if;

  select job.id into job_id
    from private.enquiry_mail_jobs as job
   where job.provider_message_id = event.message_id
   limit 1;
  if job_id is null then
    return 'unknown_message';
  end if;
  perform private.apply_delivery_event(job_id, event);
  return 'applied';
end;
$$;

COMMENT ON FUNCTION public.apply_mail_event(event_id text, event_type text, occurred_at timestamp with time zone, message_id text, bounce_type text, detail text) IS 'mail-events function only (service_role): applies one verified delivery event of the mail API once per event_id: email.sent, .delivered, .delivery_delayed, .bounced (bounce_type hard or soft) or .complained move the message''s job up its delivery states; a hard bounce or complaint of mail to the enquirer suppresses the address. Returns applied, duplicate (already applied), ignored (a type not applied) or unknown_message (kept, and applied if the message id is recorded later).';

REVOKE ALL ON FUNCTION public.apply_mail_event(event_id text, event_type text, occurred_at timestamp with time zone, message_id text, bounce_type text, detail text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.apply_mail_event(event_id text, event_type text, occurred_at timestamp with time zone, message_id text, bounce_type text, detail text) TO service_role;

CREATE FUNCTION private.clear_mail_suppression(_submission_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  address text;
  cleared private.mail_suppressions;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may let mail go to a blocked address again.';
  end if;
  select enquiry."Email" into address
    from public.contact_submissions as enquiry
   where enquiry.id = _submission_id;
  if address is null then
    raise exception using errcode = 'P0002', message = 'No such enquiry.';
  end if;

  delete from private.mail_suppressions as suppression
   where suppression.mailbox = private.mailbox_key(address)
  returning suppression.* into cleared;
  if cleared.mailbox is null then
    return false;
  end if;

  perform private.write_admin_audit(
    'admin_enquiry_mail_suppression_cleared',
    'contact_submissions',
    _submission_id::text,
    pg_catalog.jsonb_build_object('reason', cleared.reason, 'suppressed_at', cleared.suppressed_at)
  );
  return true;
end;
$$;

CREATE FUNCTION public.clear_mail_suppression(_submission_id uuid) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.clear_mail_suppression(_submission_id);
$$;

COMMENT ON FUNCTION private.clear_mail_suppression(_submission_id uuid) IS 'Admins only: does what public.clear_mail_suppression() says; called by it.';

COMMENT ON FUNCTION public.clear_mail_suppression(_submission_id uuid) IS 'Admins only (aal2): lets mail go to the enquiry''s address again after a hard bounce or complaint, and records it in audit_log (admin_enquiry_mail_suppression_cleared). False when the address was not suppressed; P0002 for an unknown enquiry. Mail skipped meanwhile stays skipped.';

REVOKE ALL ON FUNCTION private.clear_mail_suppression(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.clear_mail_suppression(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.clear_mail_suppression(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.clear_mail_suppression(_submission_id uuid) TO authenticated;

CREATE FUNCTION private.enquiry_mail_problem(_submission_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s mail problems.';
  end if;
  return (
    select private.enquiry_mail_problem_of(enquiry.id, enquiry."Email")
      from public.contact_submissions as enquiry
     where enquiry.id = _submission_id
  );
end;
$$;

CREATE FUNCTION public.enquiry_mail_problem(_submission_id uuid) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.enquiry_mail_problem(_submission_id);
$$;

COMMENT ON FUNCTION private.enquiry_mail_problem(_submission_id uuid) IS 'Admins only: does what public.enquiry_mail_problem() says; called by it.';

COMMENT ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) IS 'Admins only (aal2): why the enquiry''s address gets no mail: acknowledgement_bounced (its own acknowledgement bounced for good), bounced (other mail to it did) or complained (marked as spam); null when it does, or for an unknown enquiry.';

REVOKE ALL ON FUNCTION private.enquiry_mail_problem(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_mail_problem(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) TO authenticated;

CREATE TRIGGER enquiry_mail_jobs_earlier_delivery_events AFTER UPDATE OF provider_message_id ON private.enquiry_mail_jobs FOR EACH ROW WHEN (((new.provider_message_id IS NOT NULL) AND (new.provider_message_id IS DISTINCT FROM old.provider_message_id))) EXECUTE FUNCTION private.apply_earlier_delivery_events();
