-- Migration: a reply reminder or escalation is sent at most once per enquiry, whatever happens to
-- its mail job afterwards.
--
-- Purpose: private.send_reply_reminders() decided "already queued" from the outbox rows alone
-- (a unique index on submission_id and kind). Those rows do not last: erasing a staff member's
-- address deletes the mail addressed to them or naming them (their reminders, and the
-- escalations naming them as assignee), and the next run, five minutes later, queued the same
-- mail again, with the address just erased. The fact "this enquiry's reminder was queued" now
-- lives apart from the mail, in private.enquiry_reply_alerts: one row per enquiry and kind,
-- holding no personal data (the enquiry's id, the kind, when), deleted only with its enquiry.
-- Privacy code keeps deleting or trimming mail as it likes; the promise "once" no longer rests on
-- it. See docs/decisions (reply alerts recorded per enquiry).
--
-- The rows come only from send_reply_reminders(), which records the alert and queues its job in
-- one statement: a row that already exists queues nothing. Jobs queued before this migration are
-- recorded here from the outbox.
--
-- Objects: table private.enquiry_reply_alerts; function private.send_reply_reminders(timestamptz)
-- (replaced: same signature, grants and timing).

create table private.enquiry_reply_alerts (
  submission_id uuid not null references public.contact_submissions (id) on delete cascade,
  kind text not null,
  queued_at timestamptz not null default pg_catalog.now(),
  primary key (submission_id, kind),

  constraint enquiry_reply_alerts_kind_valid check (kind in ('reply_reminder', 'reply_escalation'))
);

comment on table private.enquiry_reply_alerts is
  'Which reply reminders and escalations have been queued, one row per enquiry and kind, so each is mailed at most once even after its mail job is erased or trimmed. Written only by private.send_reply_reminders(); deleted with the enquiry.';
comment on column private.enquiry_reply_alerts.submission_id is 'The enquiry the alert was about.';
comment on column private.enquiry_reply_alerts.kind is 'reply_reminder (before the due time) or reply_escalation (at it).';
comment on column private.enquiry_reply_alerts.queued_at is 'When the alert''s mail was queued, by the database clock.';

alter table private.enquiry_reply_alerts enable row level security;

-- no API role reads or writes it: only the security definer reminder function (its owner) does,
-- so no policy either.
revoke all on table private.enquiry_reply_alerts from public, anon, authenticated, service_role;

insert into private.enquiry_reply_alerts (submission_id, kind, queued_at)
select job.submission_id, job.kind, pg_catalog.min(job.created_at)
  from private.enquiry_mail_jobs as job
 where job.kind in ('reply_reminder', 'reply_escalation')
   and job.submission_id is not null
 group by job.submission_id, job.kind
on conflict (submission_id, kind) do nothing;

create or replace function private.send_reply_reminders(_now timestamptz default pg_catalog.now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  promise interval := private.reply_promise();
  reminder_count integer;
  escalation_count integer;
begin
  -- reminder: from 4 hours before the due time until it; skipped when a late run finds the due
  -- time already passed (the escalation says more). recorded holds the enquiries not reminded
  -- before; only those get a job.
  with due as (
    select enquiry.id
      from public.contact_submissions as enquiry
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise - interval '4 hours' <= _now
       and enquiry.created_at + promise > _now
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind)
    select due.id, 'reply_reminder' from due
    on conflict (submission_id, kind) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'reply_reminder',
           enquiry.id,
           account.email,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into reminder_count from queued;

  with due as (
    select enquiry.id
      from public.contact_submissions as enquiry
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise <= _now
       and enquiry.created_at + promise > _now - interval '7 days'
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind)
    select due.id, 'reply_escalation' from due
    on conflict (submission_id, kind) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    select 'reply_escalation',
           enquiry.id,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into escalation_count from queued;

  return pg_catalog.jsonb_build_object('reminders', reminder_count, 'escalations', escalation_count);
end;
$$;

comment on function private.send_reply_reminders(timestamptz) is
  'Queues, as of _now, one reply_reminder per open unanswered enquiry from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); each at most once per enquiry, recorded in private.enquiry_reply_alerts so that erasing or trimming the mail does not send it again; none for held, spam, won, lost or answered enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';
