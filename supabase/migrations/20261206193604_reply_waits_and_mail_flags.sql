-- The mail loop, completed from a read of the whole of it.
--
-- Reply reminders and escalations for every wait for a reply, not only the first: an enquirer's
-- answer by mail since the last contact is reminded before and escalated at its due time like a
-- new enquiry. private.reply_waits() is the one definition of a wait; what has been queued is
-- recorded per enquiry, kind and wait (opened_at: the arrival, or the contact then answered), and
-- the outbox's second guard keys on that wait in UTC text. The reminders queued so far were all for
-- a first reply, opened at arrival.
--
-- An enquiry whose own acknowledgement bounced for good says so (acknowledgement_bounced), kept on
-- the block itself since sent mail is purged; and staff mail is never parked by a block, only mail
-- to the enquirer (private.is_enquirer_mail, the kinds a bounce or complaint may block).

alter table "private"."enquiry_reply_alerts" drop constraint "enquiry_reply_alerts_pkey";

drop index if exists "private"."enquiry_mail_jobs_one_reply_reminder_idx";

drop index if exists "private"."enquiry_reply_alerts_pkey";

alter table "private"."enquiry_reply_alerts" add column "opened_at" timestamp with time zone;

update private.enquiry_reply_alerts as alert
   set opened_at = enquiry.created_at
  from public.contact_submissions as enquiry
 where enquiry.id = alert.submission_id;

alter table "private"."enquiry_reply_alerts" alter column "opened_at" set not null;

update private.enquiry_mail_jobs as job
   set payload = job.payload || pg_catalog.jsonb_build_object(
         'opened_at',
         pg_catalog.to_char(enquiry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
  from public.contact_submissions as enquiry
 where enquiry.id = job.submission_id
   and job.kind in ('reply_reminder', 'reply_escalation');

alter table "private"."mail_suppressions" add column "acknowledgement_of" uuid;

CREATE INDEX mail_suppressions_acknowledgement_of_idx ON private.mail_suppressions USING btree (acknowledgement_of) WHERE (acknowledgement_of IS NOT NULL);

CREATE UNIQUE INDEX enquiry_mail_jobs_one_reply_reminder_idx ON private.enquiry_mail_jobs USING btree (submission_id, kind, ((payload ->> 'opened_at'::text))) WHERE (kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text]));

CREATE UNIQUE INDEX enquiry_reply_alerts_pkey ON private.enquiry_reply_alerts USING btree (submission_id, kind, opened_at);

alter table "private"."enquiry_reply_alerts" add constraint "enquiry_reply_alerts_pkey" PRIMARY KEY using index "enquiry_reply_alerts_pkey";

alter table "private"."mail_suppressions" add constraint "mail_suppressions_acknowledgement_of_fkey" FOREIGN KEY (acknowledgement_of) REFERENCES public.contact_submissions(id) ON DELETE SET NULL not valid;

alter table "private"."mail_suppressions" validate constraint "mail_suppressions_acknowledgement_of_fkey";

update private.mail_suppressions as suppression
   set acknowledgement_of = job.submission_id
  from private.mail_events as event
  join private.enquiry_mail_jobs as job on job.provider_message_id = event.message_id
 where event.event_id = suppression.event_id
   and suppression.reason = 'bounced'
   and job.kind = 'acknowledgement';

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

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

CREATE OR REPLACE FUNCTION private.reply_waits()
 RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone, opened_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return query
  -- never answered (the conditions of contact_submissions_awaiting_reply_idx)...
  select enquiry.id, enquiry.created_at, null::timestamptz, enquiry.created_at
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
  union all
  -- ...or answered, and the enquirer has written back by mail since the last contact: the clock
  -- runs from their first answer not yet replied to, whatever the status (bar spam); the wait is
  -- named by that contact, which stays while it lasts.
  select enquiry.id, pg_catalog.min(answer.received_at), pg_catalog.min(answer.received_at),
         coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
    from private.enquiry_answers as answer
    join public.contact_submissions as enquiry on enquiry.id = answer.submission_id
   where answer.state = 'attached'
     and enquiry.first_response_at is not null
     and enquiry.held_at is null
     and enquiry.status <> 'spam'
     and answer.received_at > coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
   group by enquiry.id;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.utc_text(_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.to_char(_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
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
    insert into private.mail_suppressions (mailbox, reason, event_id, detail, suppressed_at, acknowledgement_of)
    values (private.mailbox_key(job.recipient), state, _event.event_id, _event.detail, _event.occurred_at,
            case when job.kind = 'acknowledgement' and state = 'bounced' then job.submission_id end)
    on conflict (mailbox) do nothing;
  end if;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiries_needing_reply()
 RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         waiting.since + private.reply_promise(),
         waiting.since + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         private.enquiry_mail_problem_of(enquiry.id, enquiry."Email"),
         waiting.answered_at
    from private.enquiries_owed_reply() as waiting
    join public.contact_submissions as enquiry on enquiry.id = waiting.id
    left join auth.users as account on account.id = enquiry.assigned_to
   order by waiting.since, enquiry.id
   limit 500;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiries_owed_reply()
 RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query select waiting.id, waiting.since, waiting.answered_at from private.reply_waits() as waiting;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_mail_problem(_submission_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.send_reply_reminders(_now timestamp with time zone DEFAULT now())
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  promise interval := private.reply_promise();
  counts jsonb;
begin
  -- each wait for a reply (a new enquiry, or the enquirer's answer by mail since the last contact)
  -- is due a reminder from 4 hours before its due time until it, and an escalation from then
  -- until 7 days after; a late run that finds the due time passed skips the reminder (the
  -- escalation says more). recorded holds the alerts not queued before; only those get a job.
  with due as (
    select waiting.id,
           waiting.opened_at,
           waiting.since + promise as due_at,
           waiting.answered_at,
           case when waiting.since + promise > _now then 'reply_reminder' else 'reply_escalation' end
             as kind
      from private.reply_waits() as waiting
     where waiting.since + promise - interval '4 hours' <= _now
       and waiting.since + promise > _now - interval '7 days'
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind, opened_at)
    select due.id, due.kind, due.opened_at from due
    on conflict (submission_id, kind, opened_at) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select due.kind,
           enquiry.id,
           -- a reminder goes to the assignee (the staff address when none), an escalation to the
           -- staff address.
           case when due.kind = 'reply_reminder' then account.email end,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', due.due_at,
             'answered_at', due.answered_at,
             -- the wait, in one spelling whatever the session's time zone: the outbox's second
             -- guard is a unique index on it.
             'opened_at', private.utc_text(due.opened_at),
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join due on due.id = recorded.submission_id
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind, (payload ->> 'opened_at'))
      where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning kind
  )
  select pg_catalog.jsonb_build_object(
           'reminders', pg_catalog.count(*) filter (where queued.kind = 'reply_reminder'),
           'escalations', pg_catalog.count(*) filter (where queued.kind = 'reply_escalation')
         )
    into counts
    from queued;

  return counts;
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

CREATE OR REPLACE VIEW public.enquiry_list WITH (security_invoker='true') AS
 SELECT s.id,
    s.created_at,
    s."Name",
    s."Email",
    s."Company",
    s."Job",
    s."Phone",
    s."Interest",
    s."Timeline",
    s."Message",
    s.status,
    s.assigned_to,
    s.last_contacted_at,
    s.held_at,
    s.first_response_at,
    s.landing_page,
    s.referrer_host,
    s.utm_source,
    s.utm_medium,
    s.utm_campaign,
    (EXISTS ( SELECT 1
           FROM public.enquiry_reads r
          WHERE ((r.submission_id = s.id) AND (r.user_id = ( SELECT auth.uid() AS uid))))) AS read_by_me,
    lower(s."Name") AS name_key,
    lower(s."Company") AS company_key,
    array_position(ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text], s.status) AS status_rank,
    private.enquiry_mail_problem_of(s.id, s."Email") AS mail_problem
   FROM public.contact_submissions s;




-- Answers by mail already past their due time when this ships are not escalated all at once:
-- Needs a reply shows them overdue already. Their reminder and escalation count as sent.
insert into private.enquiry_reply_alerts (submission_id, kind, opened_at)
select waiting.id, alert.kind, waiting.opened_at
  from private.reply_waits() as waiting
 cross join (values ('reply_reminder'), ('reply_escalation')) as alert (kind)
 where waiting.answered_at is not null
   and waiting.since + private.reply_promise() <= pg_catalog.now()
on conflict do nothing;

REVOKE ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO service_role;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO authenticated;
REVOKE ALL ON FUNCTION private.is_enquirer_mail(_kind text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.is_enquirer_mail(_kind text) TO service_role;
REVOKE ALL ON FUNCTION private.reply_waits() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.utc_text(_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;

COMMENT ON COLUMN private.enquiry_reply_alerts.opened_at IS 'Which wait it was about (private.reply_waits().opened_at): the enquiry''s arrival for its first reply, or the last contact the enquirer then answered by mail. It stays while the wait lasts, even when an older answer attached later brings the due time forward; a reply or contact ends the wait, and a later answer opens another.';
COMMENT ON COLUMN private.mail_suppressions.acknowledgement_of IS 'The enquiry whose own acknowledgement bounced for good and so blocked the mailbox (its address was wrong from the start); null for any other mail. Kept here, not read from the outbox, whose sent mail is purged.';
COMMENT ON COLUMN public.enquiry_list.mail_problem IS 'acknowledgement_bounced, bounced or complained when mail to the enquiry''s address is blocked (private.enquiry_mail_problem_of), else null.';
COMMENT ON FUNCTION private.enquiries_owed_reply() IS 'Admins only: private.reply_waits(), each enquiry owed a reply and since when; behind the Needs a reply list and the dashboard''s awaiting and overdue counts.';
COMMENT ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) IS 'Why no mail reaches an enquiry''s address, in the words staff act on: acknowledgement_bounced (the hard bounce that blocked it was of this enquiry''s own acknowledgement), bounced (of other mail to the address), complained (marked as spam), or null. For the list view, Needs a reply and the record.';
COMMENT ON FUNCTION private.is_enquirer_mail(_kind text) IS 'True for the kinds of mail that go to the enquirer (acknowledgement, reply, the consultation mails), the only mail a bounce or complaint suppresses and the only mail a suppression parks; staff mail (alerts, reminders, summaries, the host''s invitation) is never suppressed.';
COMMENT ON FUNCTION private.reply_waits() IS 'Each enquiry owed a reply and since when: open ones (new or in_progress, not held) without a first response since arrival, and others (not spam or held) whose enquirer answered by mail since the last contact, since that first answer (answered_at); opened_at names the wait (the arrival, or that last contact). The one definition of the reply clock, behind Needs a reply, the dashboard''s counts and the reminders; no API role may call it (private.enquiries_owed_reply checks the caller first).';
COMMENT ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) IS 'Queues, as of _now, for each wait for a reply (an open unanswered enquiry, or the enquirer''s answer by mail since the last contact; private.reply_waits()), one reply_reminder from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); each at most once per wait (opened_at), recorded in private.enquiry_reply_alerts so that erasing or trimming the mail does not send it again; answered_at in the payload says the wait is for an answer. None for held or spam enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';
COMMENT ON FUNCTION private.utc_text(_at timestamp with time zone) IS 'An instant as ISO 8601 text in UTC to the microsecond, the same whatever the session''s TimeZone (unlike timestamptz''s own text or its JSON), for keys compared as text.';
COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): parks due jobs to the enquirer (private.is_enquirer_mail) at a suppressed address as skipped (suppressed_bounced, suppressed_complained), then claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens and, for mail to the enquirer, its thread (private.mail_thread).';
COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise), assignee, mail_problem (acknowledgement_bounced, bounced, complained or null) and answered_at: for an enquiry back on the clock because the enquirer answered by mail since the last contact, the time of their first answer not yet replied to (due 24 hours after it), else null. Oldest due first. 42501 for others.';
COMMENT ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) IS 'Admins only (aal2): why the enquiry''s address gets no mail: acknowledgement_bounced (its own acknowledgement bounced for good), bounced (other mail to it did) or complained (marked as spam); null when it does, or for an unknown enquiry.';
COMMENT ON TABLE private.enquiry_reply_alerts IS 'Which reply reminders and escalations have been queued, one row per enquiry, kind and wait for a reply (opened_at), so each is mailed at most once per wait even after its mail job is erased or trimmed. Written only by private.send_reply_reminders(); deleted with the enquiry.';
