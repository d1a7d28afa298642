-- Reply reminders and escalations for every wait for a reply, not only the first: an enquirer's
-- answer by mail since the last contact is reminded before and escalated at its due time like a
-- new enquiry. What has been queued is recorded per enquiry, kind and due time (private.reply_waits()
-- is the one definition of a wait); the reminders queued so far were all for a first reply, due at
-- arrival plus the promise.

alter table "private"."enquiry_reply_alerts" drop constraint "enquiry_reply_alerts_pkey";

drop index if exists "private"."enquiry_mail_jobs_one_reply_reminder_idx";

drop index if exists "private"."enquiry_reply_alerts_pkey";

alter table "private"."enquiry_reply_alerts" add column "due_at" timestamp with time zone;

update private.enquiry_reply_alerts as alert
   set due_at = enquiry.created_at + private.reply_promise()
  from public.contact_submissions as enquiry
 where enquiry.id = alert.submission_id;

alter table "private"."enquiry_reply_alerts" alter column "due_at" set not null;

CREATE UNIQUE INDEX enquiry_mail_jobs_one_reply_reminder_idx ON private.enquiry_mail_jobs USING btree (submission_id, kind, ((payload ->> 'due_at'::text))) WHERE (kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text]));

CREATE UNIQUE INDEX enquiry_reply_alerts_pkey ON private.enquiry_reply_alerts USING btree (submission_id, kind, due_at);

alter table "private"."enquiry_reply_alerts" add constraint "enquiry_reply_alerts_pkey" PRIMARY KEY using index "enquiry_reply_alerts_pkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.reply_waits()
 RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return query
  -- never answered (the conditions of contact_submissions_awaiting_reply_idx)...
  select enquiry.id, enquiry.created_at, null::timestamptz
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
  union all
  -- ...or answered, and the enquirer has written back by mail since the last contact: the clock
  -- runs from their first answer not yet replied to, whatever the status (bar spam).
  select enquiry.id, pg_catalog.min(answer.received_at), pg_catalog.min(answer.received_at)
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
           waiting.since + promise as due_at,
           waiting.answered_at,
           case when waiting.since + promise > _now then 'reply_reminder' else 'reply_escalation' end
             as kind
      from private.reply_waits() as waiting
     where waiting.since + promise - interval '4 hours' <= _now
       and waiting.since + promise > _now - interval '7 days'
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind, due_at)
    select due.id, due.kind, due.due_at from due
    on conflict (submission_id, kind, due_at) do nothing
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
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join due on due.id = recorded.submission_id
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind, (payload ->> 'due_at'))
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



REVOKE ALL ON FUNCTION private.reply_waits() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.reply_waits() FROM PUBLIC;

COMMENT ON COLUMN private.enquiry_reply_alerts.due_at IS 'The due time of the wait it was about: the enquiry''s arrival, or the enquirer''s first answer by mail not yet replied to, plus the reply promise. A later answer after a reply starts a new wait with its own due time.';
COMMENT ON FUNCTION private.enquiries_owed_reply() IS 'Admins only: private.reply_waits(), each enquiry owed a reply and since when; behind the Needs a reply list and the dashboard''s awaiting and overdue counts.';
COMMENT ON FUNCTION private.reply_waits() IS 'Each enquiry owed a reply and since when: open ones (new or in_progress, not held) without a first response since arrival, and others (not spam or held) whose enquirer answered by mail since the last contact, since that first answer (answered_at). The one definition of the reply clock, behind Needs a reply, the dashboard''s counts and the reminders; no API role may call it (private.enquiries_owed_reply checks the caller first).';
COMMENT ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) IS 'Queues, as of _now, for each wait for a reply (an open unanswered enquiry, or the enquirer''s answer by mail since the last contact; private.reply_waits()), one reply_reminder from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); each at most once per wait, recorded in private.enquiry_reply_alerts so that erasing or trimming the mail does not send it again; answered_at in the payload says the wait is for an answer. None for held or spam enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';
COMMENT ON TABLE private.enquiry_reply_alerts IS 'Which reply reminders and escalations have been queued, one row per enquiry, kind and wait for a reply (its due time), so each is mailed at most once per wait even after its mail job is erased or trimmed. Written only by private.send_reply_reminders(); deleted with the enquiry.';
