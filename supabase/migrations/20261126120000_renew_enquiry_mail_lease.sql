-- Migration: the enquiry mail sender holds each job's lease while it sends it, and the mail
-- provider's answer is the record of a send.
--
-- Purpose: a sender run claims up to 10 jobs at once with a lease of lease_seconds (120 s), and
-- one send may take up to 15 s, so the jobs at the end of a batch could outlive their lease while
-- the run was still busy with the first ones; another run then claimed them and both mailed them.
-- Now the sender renews a job's lease right before it sends it (renew_enquiry_mail_job) and skips
-- the job when the claim is no longer its own. After a renewal the job is the run's alone for
-- lease_seconds, which must therefore outlast one send (the sender gives up on a send after 15 s):
-- lease_seconds is now at least 30.
--
-- Once the mail API has accepted a message, the job was sent, whoever holds its claim by the time
-- the sender records it: complete_enquiry_mail_job now records the send (status sent, the
-- provider's message id) even when the claim was lost meanwhile or the job has gone back to
-- pending or been parked as failed, so no later attempt mails it again. Only a skipped job, which
-- is never sent, cannot be completed.
--
-- Objects: new function public.renew_enquiry_mail_job(uuid, uuid); function
-- public.complete_enquiry_mail_job(uuid, uuid, text) replaced with the same signature and grants;
-- new check constraint private.enquiry_limits.enquiry_limits_lease_outlasts_send.

alter table private.enquiry_limits
  add constraint enquiry_limits_lease_outlasts_send check (lease_seconds >= 30);

comment on column private.enquiry_limits.lease_seconds is
  'How long a claimed mail job belongs to one sender run before another run may take it over; renewed right before each send, so at least 30 (a send is abandoned after 15 s).';

-- security invoker, like the other sender RPCs: it runs as service_role, the only role that may
-- execute it.
create function public.renew_enquiry_mail_job(job_id uuid, claim uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
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

comment on function public.renew_enquiry_mail_job(uuid, uuid) is
  'Sender only (service_role): extends a claimed job''s lease by lease_seconds from now, right before the job is sent. False when the claim is no longer current (another run took the job over, or it was recorded as sent): the job must not be sent.';

revoke execute on function public.renew_enquiry_mail_job(uuid, uuid) from public, anon, authenticated;
grant execute on function public.renew_enquiry_mail_job(uuid, uuid) to service_role;

create or replace function public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  -- claim is the claim the message was sent under. It need not be current any more: the mail
  -- API accepted the message, so the job was sent even if its lease ran out during the send.
  with done as (
    update private.enquiry_mail_jobs as job
       set status = 'sent',
           sent_at = pg_catalog.now(),
           provider_message_id = pg_catalog.left(message_id, 200),
           payload = case
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

comment on function public.complete_enquiry_mail_job(uuid, uuid, text) is
  'Sender only (service_role): records that the mail API accepted a job''s message (status sent, its message id) and keeps only the enquiry ids of its snapshot, whether or not the claim is still current. True when the job is now recorded as sent (an earlier record is kept), false for an unknown or skipped job.';
