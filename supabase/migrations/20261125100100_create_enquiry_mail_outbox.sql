-- Migration: a transactional outbox for the e-mails each enquiry sends.
--
-- Purpose: an accepted enquiry must always reach the team. An AFTER INSERT trigger on
-- contact_submissions queues the e-mails in private.enquiry_mail_jobs inside the insert's own
-- transaction: if the enquiry commits, its e-mails are queued; if the insert fails, nothing is.
-- The sender (the send-enquiry-mail Edge Function) drains the queue over the Data API with the
-- service role.
--
-- Per accepted enquiry:
--   staff alert      kind staff_alert, to the configured staff address, one per enquiry while
--                    fewer than staff_alerts_per_hour were queued in the last hour; beyond that
--                    the enquiry joins the open staff_digest job (created when none is open, sent
--                    digest_delay_seconds later), so a flood sends a few digests, not one mail each
--   acknowledgement  kind acknowledgement, to the visitor; it carries no data at all (the sender
--                    writes a fixed text), so it can never carry a message of the visitor's
--                    choosing. Beyond acknowledgements_per_hour it is queued as skipped
--                    (skip_reason acknowledgement_hourly_cap) and never sent
--
-- Job life: pending -> sending (claimed with a lease) -> sent; a failed send goes back to
-- pending with exponential backoff, and after max_attempts is parked as failed, listed to admins
-- by public.list_failed_enquiry_mail() and re-queued by public.retry_failed_enquiry_mail().
-- A claim whose lease expired (the sender died) is claimed again; the mail request carries the
-- job id as its Idempotency-Key, so the provider does not send it twice.
--
-- Who may do what:
--   anon                 nothing (the schema is not exposed; the RPCs refuse them)
--   authenticated        admins only, through the two admin RPCs (security invoker: RLS decides)
--   service_role         the sender RPCs claim / complete / fail
--
-- Objects: table private.enquiry_mail_jobs, trigger function private.queue_enquiry_mail(),
-- functions public.claim_enquiry_mail_jobs, public.complete_enquiry_mail_job,
-- public.fail_enquiry_mail_job, public.list_failed_enquiry_mail, public.retry_failed_enquiry_mail.

create table private.enquiry_mail_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  submission_id uuid references public.contact_submissions (id) on delete set null,
  recipient text,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending',
  skip_reason text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claim_token uuid,
  lease_until timestamptz,
  last_error text,
  provider_message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,

  constraint enquiry_mail_jobs_kind_valid check (kind in ('staff_alert', 'staff_digest', 'acknowledgement')),
  constraint enquiry_mail_jobs_status_valid check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  constraint enquiry_mail_jobs_recipient_for_acknowledgement check ((kind = 'acknowledgement') = (recipient is not null)),
  constraint enquiry_mail_jobs_payload_object check (jsonb_typeof(payload) = 'object'),
  constraint enquiry_mail_jobs_skip_reason check ((status = 'skipped') = (skip_reason is not null)),
  constraint enquiry_mail_jobs_last_error_length check (last_error is null or char_length(last_error) <= 1000)
);

comment on table private.enquiry_mail_jobs is 'Outbox of enquiry e-mails, written in the enquiry insert transaction and drained by the send-enquiry-mail Edge Function.';
comment on column private.enquiry_mail_jobs.id is 'Job key; also the Idempotency-Key of the mail request, so a job is mailed at most once.';
comment on column private.enquiry_mail_jobs.kind is 'staff_alert (one enquiry), staff_digest (several enquiries) or acknowledgement (fixed text to the visitor).';
comment on column private.enquiry_mail_jobs.submission_id is 'The enquiry of a staff alert or acknowledgement; null for a digest, or once the enquiry is deleted.';
comment on column private.enquiry_mail_jobs.recipient is 'The visitor address of an acknowledgement; null for staff mail, which goes to the sender''s configured address.';
comment on column private.enquiry_mail_jobs.payload is 'What staff mail shows: {"enquiries": [...]} snapshots taken at insert; {} for acknowledgements.';
comment on column private.enquiry_mail_jobs.status is 'pending, sending (claimed), sent, failed (parked after max_attempts) or skipped (never sent).';
comment on column private.enquiry_mail_jobs.skip_reason is 'Why a skipped job is not sent, e.g. acknowledgement_hourly_cap.';
comment on column private.enquiry_mail_jobs.attempts is 'Claims so far; each claim is one send attempt.';
comment on column private.enquiry_mail_jobs.next_attempt_at is 'Not claimed before this time (backoff, digest gathering).';
comment on column private.enquiry_mail_jobs.claim_token is 'Token of the current claim; completing or failing needs it, so a run whose lease expired cannot change a job another run owns.';
comment on column private.enquiry_mail_jobs.lease_until is 'A sending job whose lease passed may be claimed again.';
comment on column private.enquiry_mail_jobs.last_error is 'The last send failure, for admins.';
comment on column private.enquiry_mail_jobs.provider_message_id is 'The mail API''s id of the sent message.';
comment on column private.enquiry_mail_jobs.created_at is 'When the job was queued.';
comment on column private.enquiry_mail_jobs.updated_at is 'When the job last changed.';
comment on column private.enquiry_mail_jobs.sent_at is 'When the mail API accepted the message.';

-- claims: due pending jobs and expired leases, oldest first.
create index enquiry_mail_jobs_status_next_attempt_at_idx
  on private.enquiry_mail_jobs (status, next_attempt_at);
-- the hourly counts of alerts and acknowledgements.
create index enquiry_mail_jobs_kind_created_at_idx
  on private.enquiry_mail_jobs (kind, created_at desc);
create index enquiry_mail_jobs_submission_id_idx on private.enquiry_mail_jobs (submission_id);

alter table private.enquiry_mail_jobs enable row level security;

revoke all on table private.enquiry_mail_jobs from public, anon, authenticated;
-- admins reach the table only through the two security invoker admin RPCs; the policies below
-- decide what those may read and change.
grant select on table private.enquiry_mail_jobs to authenticated;
grant update (status, attempts, next_attempt_at, updated_at) on table private.enquiry_mail_jobs to authenticated;
-- the sender RPCs are security invoker too and run as service_role, which bypasses RLS.
grant usage on schema private to service_role;
grant select, update on table private.enquiry_mail_jobs to service_role;
grant select on table private.enquiry_limits to service_role;

create policy "admins read mail jobs"
  on private.enquiry_mail_jobs
  for select
  to authenticated
  using ((select private.is_admin()));

create policy "admins re-queue failed mail jobs"
  on private.enquiry_mail_jobs
  for update
  to authenticated
  using ((select private.is_admin()) and status = 'failed')
  with check ((select private.is_admin()) and status = 'pending');

-- security definer: the inserting role (anon) may not write the outbox or read the counts.
create function private.queue_enquiry_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.enquiry_limits;
  entry jsonb;
  recent_count integer;
  digest_id uuid;
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
    'message', new."Message"
  );

  -- the hourly counts decide alert or digest, send or skip: two inserts must not both read a
  -- count below the threshold.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('enquiry_mail_jobs_queue'));

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'staff_alert'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  if recent_count < limits.staff_alerts_per_hour then
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    values ('staff_alert', new.id, pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)));
  else
    -- an open digest is one no sender has claimed yet.
    select job.id
      into digest_id
      from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and job.status = 'pending'
       and job.attempts = 0
     order by job.created_at
     limit 1
       for update;

    if digest_id is null then
      insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at)
      values (
        'staff_digest',
        pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)),
        pg_catalog.now() + pg_catalog.make_interval(secs => limits.digest_delay_seconds)
      );
    else
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(job.payload, '{enquiries}', (job.payload -> 'enquiries') || pg_catalog.jsonb_build_array(entry)),
             updated_at = pg_catalog.now()
       where job.id = digest_id;
    end if;
  end if;

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'acknowledgement'
     and job.status <> 'skipped'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, status, skip_reason)
  values (
    'acknowledgement',
    new.id,
    new."Email",
    case when recent_count < limits.acknowledgements_per_hour then 'pending' else 'skipped' end,
    case when recent_count < limits.acknowledgements_per_hour then null else 'acknowledgement_hourly_cap' end
  );

  return null;
end;
$$;

comment on function private.queue_enquiry_mail() is
  'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry) and the acknowledgement in the same transaction.';

revoke execute on function private.queue_enquiry_mail() from public, anon, authenticated;

create trigger contact_submissions_queue_mail
  after insert on public.contact_submissions
  for each row
  execute function private.queue_enquiry_mail();

-- Sender RPCs. security invoker: they run as service_role (the only role that may execute them).

create function public.claim_enquiry_mail_jobs(max_jobs integer default 10)
returns table (id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid)
language plpgsql
security invoker
set search_path = ''
as $$
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

comment on function public.claim_enquiry_mail_jobs(integer) is
  'Sender only (service_role): claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens.';

create function public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with done as (
    update private.enquiry_mail_jobs as job
       set status = 'sent',
           sent_at = pg_catalog.now(),
           provider_message_id = pg_catalog.left(message_id, 200),
           claim_token = null,
           lease_until = null,
           last_error = null,
           updated_at = pg_catalog.now()
     where job.id = job_id
       and job.claim_token = claim
       and job.status = 'sending'
    returning 1
  )
  select exists (select 1 from done);
$$;

comment on function public.complete_enquiry_mail_job(uuid, uuid, text) is
  'Sender only (service_role): marks a claimed job sent. False when the claim is no longer current.';

create function public.fail_enquiry_mail_job(job_id uuid, claim uuid, error text)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
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

comment on function public.fail_enquiry_mail_job(uuid, uuid, text) is
  'Sender only (service_role): records a failed send; the job is retried with exponential backoff, or parked as failed after max_attempts. Returns the new status, null when the claim is no longer current.';

revoke execute on function public.claim_enquiry_mail_jobs(integer) from public, anon, authenticated;
revoke execute on function public.complete_enquiry_mail_job(uuid, uuid, text) from public, anon, authenticated;
revoke execute on function public.fail_enquiry_mail_job(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.claim_enquiry_mail_jobs(integer) to service_role;
grant execute on function public.complete_enquiry_mail_job(uuid, uuid, text) to service_role;
grant execute on function public.fail_enquiry_mail_job(uuid, uuid, text) to service_role;

-- Admin RPCs. security invoker: the table's RLS policies apply as well as the explicit check,
-- which turns "no rows" for a non-admin into a clear refusal.

create function public.list_failed_enquiry_mail()
returns table (
  id uuid,
  kind text,
  submission_id uuid,
  recipient text,
  enquiry_count integer,
  attempts integer,
  last_error text,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
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

comment on function public.list_failed_enquiry_mail() is
  'Admins only: notification e-mails parked after their last attempt, newest first (at most 200).';

create function public.retry_failed_enquiry_mail(job_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  found_id uuid;
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
  returning job.id into found_id;

  return found_id is not null;
end;
$$;

comment on function public.retry_failed_enquiry_mail(uuid) is
  'Admins only: puts a failed notification e-mail back in the queue with fresh attempts. False when it is not a failed job.';

revoke execute on function public.list_failed_enquiry_mail() from public, anon;
revoke execute on function public.retry_failed_enquiry_mail(uuid) from public, anon;
grant execute on function public.list_failed_enquiry_mail() to authenticated;
grant execute on function public.retry_failed_enquiry_mail(uuid) to authenticated;
