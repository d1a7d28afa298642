-- Staff mail is never parked by a suppression: only mail to the enquirer (private.is_enquirer_mail,
-- the kinds a bounce or complaint may suppress) is. A staff address that matched a blocked mailbox
-- (a colleague testing the form with their own address) lost its alerts and host invitations.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.is_enquirer_mail(_kind text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select _kind in ('acknowledgement', 'reply', 'consultation_booked', 'consultation_moved',
                   'consultation_cancelled', 'consultation_reminder');
$function$
;

CREATE OR REPLACE FUNCTION private.apply_delivery_event(_job_id uuid, _event private.mail_events)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    insert into private.mail_suppressions (mailbox, reason, event_id, detail, suppressed_at)
    values (private.mailbox_key(job.recipient), state, _event.event_id, _event.detail, _event.occurred_at)
    on conflict (mailbox) do nothing;
  end if;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer DEFAULT 10)
 RETURNS TABLE(id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid, thread jsonb)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;



REVOKE ALL ON FUNCTION private.is_enquirer_mail(_kind text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.is_enquirer_mail(_kind text) TO service_role;

COMMENT ON FUNCTION private.is_enquirer_mail(_kind text) IS 'True for the kinds of mail that go to the enquirer (acknowledgement, reply, the consultation mails), the only mail a bounce or complaint suppresses and the only mail a suppression parks; staff mail (alerts, reminders, summaries, the host''s invitation) is never suppressed.';
COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): parks due jobs to the enquirer (private.is_enquirer_mail) at a suppressed address as skipped (suppressed_bounced, suppressed_complained), then claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens and, for mail to the enquirer, its thread (private.mail_thread).';
