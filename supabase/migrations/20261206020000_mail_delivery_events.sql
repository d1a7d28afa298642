-- Mail delivery on the record, and suppression. The mail API reports what became of each sent
-- message through signed webhooks (the mail-events Edge Function), applied here once per event
-- and in any order: each mail job gets a delivery state that only moves up (sent, delayed,
-- delivered, bounced, complained). A hard bounce or a complaint of mail to the enquirer suppresses
-- the address: the outbox parks its later mail as skipped rather than send to a mailbox that
-- does not exist or whose owner called us spam, which would harm the sending domain's name. An
-- admin clears it from the enquiry, audited. The timeline shows each mail's delivery state, and
-- a bounce or complaint as its own event.

ALTER TABLE private.enquiry_mail_jobs
    ADD COLUMN delivery_state text,
    ADD COLUMN delivery_changed_at timestamp with time zone,
    ADD COLUMN delivery_detail text,
    ADD CONSTRAINT enquiry_mail_jobs_delivery_detail_length CHECK (((delivery_detail IS NULL) OR (char_length(delivery_detail) <= 500))),
    ADD CONSTRAINT enquiry_mail_jobs_delivery_state_valid CHECK (((delivery_state IS NULL) OR (delivery_state = ANY (ARRAY['sent'::text, 'delivered'::text, 'delayed'::text, 'bounced'::text, 'complained'::text]))));

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_state IS 'What the mail API last reported of the sent message: sent, delayed, delivered, bounced or complained (marked as spam); null before its first event. Only ever moves up that order (public.apply_mail_event).';

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_changed_at IS 'When the event that set delivery_state happened.';

COMMENT ON COLUMN private.enquiry_mail_jobs.delivery_detail IS 'For a bounce, what the mail API said of it (bounded); else null.';

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
    CONSTRAINT mail_suppressions_detail_length CHECK (((detail IS NULL) OR (char_length(detail) <= 500))),
    CONSTRAINT mail_suppressions_reason_valid CHECK ((reason = ANY (ARRAY['bounced'::text, 'complained'::text])))
);

COMMENT ON TABLE private.mail_suppressions IS 'Mailboxes the outbox no longer mails: one bounced for good or its owner marked our mail as spam. Cleared by an admin from an enquiry (public.clear_mail_suppression).';

COMMENT ON COLUMN private.mail_suppressions.mailbox IS 'private.mailbox_key() of the address.';

COMMENT ON COLUMN private.mail_suppressions.reason IS 'bounced (a hard bounce) or complained (marked as spam).';

COMMENT ON COLUMN private.mail_suppressions.event_id IS 'The delivery event that caused it (mail_events.event_id).';

COMMENT ON COLUMN private.mail_suppressions.detail IS 'What the mail API said of the bounce, bounded.';

COMMENT ON COLUMN private.mail_suppressions.suppressed_at IS 'When the event happened.';

ALTER TABLE ONLY private.mail_events
    ADD CONSTRAINT mail_events_pkey PRIMARY KEY (event_id);

ALTER TABLE ONLY private.mail_suppressions
    ADD CONSTRAINT mail_suppressions_pkey PRIMARY KEY (mailbox);

ALTER TABLE private.mail_events ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.mail_suppressions ENABLE ROW LEVEL SECURITY;

CREATE INDEX enquiry_mail_jobs_provider_message_id_idx ON private.enquiry_mail_jobs USING btree (provider_message_id) WHERE (provider_message_id IS NOT NULL);

CREATE INDEX mail_events_message_id_idx ON private.mail_events USING btree (message_id) WHERE (message_id IS NOT NULL);

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
     and job.kind in ('acknowledgement', 'reply', 'consultation_booked', 'consultation_moved',
                      'consultation_cancelled', 'consultation_reminder')
     and ((state = 'bounced' and _event.bounce_type = 'hard') or state = 'complained') then
    insert into private.mail_suppressions (mailbox, reason, event_id, detail, suppressed_at)
    values (private.mailbox_key(job.recipient), state, _event.event_id, _event.detail, _event.occurred_at)
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
    select private.mail_suppression_of(enquiry."Email")
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

COMMENT ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) IS 'Admins only (aal2): why the enquiry''s address gets no mail: bounced (a hard bounce) or complained (marked as spam); null when it does, or for an unknown enquiry.';

REVOKE ALL ON FUNCTION private.enquiry_mail_problem(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_mail_problem(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) TO authenticated;

CREATE TRIGGER enquiry_mail_jobs_earlier_delivery_events AFTER UPDATE OF provider_message_id ON private.enquiry_mail_jobs FOR EACH ROW WHEN (((new.provider_message_id IS NOT NULL) AND (new.provider_message_id IS DISTINCT FROM old.provider_message_id))) EXECUTE FUNCTION private.apply_earlier_delivery_events();

CREATE OR REPLACE FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer DEFAULT 10) RETURNS TABLE(id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid)
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

  -- mail to an address that bounced for good or complained is never sent again (until an admin
  -- clears it): such a job is parked when it falls due, with the reason, and not retried.
  with suppressed as (
    select job.id, private.mail_suppression_of(job.recipient) as reason
      from private.enquiry_mail_jobs as job
     where job.recipient is not null
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
  returning job.id, job.kind, job.recipient, job.payload, job.attempts, job.claim_token;
end;
$$;

COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): parks due jobs to a suppressed address as skipped (suppressed_bounced, suppressed_complained), then claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens.';

CREATE OR REPLACE FUNCTION private.enquiry_timeline(_submission_id uuid) RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
             coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             entry.details || pg_catalog.jsonb_build_object('actor_id', entry.user_id)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and pg_catalog.left(entry.action, 6) = 'admin_'
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded'
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
             coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             pg_catalog.jsonb_build_object(
               'actor_id', entry.user_id,
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
      select entry.created_at, 1, 'hold_released', coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             pg_catalog.jsonb_build_object('bulk', true, 'actor_id', entry.user_id)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action = 'admin_enquiries_released'
         and pg_catalog.jsonb_typeof(entry.details -> 'ids') = 'array'
         and entry.details -> 'ids' ? _submission_id::text
      union all
      select note.created_at, 2, 'note_added',
             coalesce(private.staff_display_name(note.author_id), note.author_email),
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body, 'actor_id', note.author_id)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             coalesce(reply.author_name, private.staff_display_name(reply.author_id), reply.author_email),
             pg_catalog.jsonb_build_object(
               'actor_id', reply.author_id,
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body,
               'outcome', reply.outcome, 'note', reply.note
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
      union all
      select change.created_at, 2, 'consultation_' || change.change,
             coalesce(
               (select private.staff_display_name(account.id)
                  from auth.users as account
                 where account.email = change.actor_email
                 limit 1),
               change.actor_email
             ),
             pg_catalog.jsonb_build_object(
               'booking_id', change.booking_id, 'starts_at', change.starts_at,
               'ends_at', change.ends_at, 'staff_name', change.staff_name, 'by', change.changed_by
             )
        from private.consultation_changes as change
       where change.submission_id = _submission_id
      union all
      -- each mail job once, at its outcome: sent, skipped (e.g. held), failed, or still queued.
      select coalesce(job.sent_at, case when job.status in ('failed', 'skipped') then job.updated_at end, job.created_at),
             3,
             'mail_' || job.kind || '_' || case job.status when 'sending' then 'pending' else job.status end,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'skip_reason', job.skip_reason,
               'last_error', job.last_error,
               'reply_id', job.payload -> 'reply_id',
               'delivery_state', job.delivery_state
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
      union all
      -- a bounce or a complaint is an event of its own, when the mail API reported it.
      select job.delivery_changed_at, 4,
             'mail_' || job.kind || '_' || job.delivery_state,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'delivery_detail', job.delivery_detail
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
         and job.delivery_state in ('bounced', 'complained')
    ) as events
   where exists (select 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id)
   order by events.occurred_at, events.rank, events.event;
end;
$$;

COMMENT ON FUNCTION public.enquiry_timeline(_submission_id uuid) IS 'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome and delivery_state, a bounce or complaint as its own event (mail_<kind>_bounced, _complained). Empty for an unknown enquiry; 42501 for others.';
