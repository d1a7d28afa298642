-- Migration: keep less personal data in the enquiry outbox, and audit admin retries.
--
-- Purpose: a staff job holds a snapshot of each enquiry so it can be mailed even if the enquiry
-- is deleted first. Once the mail is sent the snapshot has done its job, so completing a job now
-- keeps only the enquiry ids (a deleted enquiry then leaves no copy behind in the outbox). Jobs
-- that failed keep their snapshot until an admin retries them or they are deleted.
-- An admin re-queuing a failed e-mail is now recorded in public.audit_log
-- (action admin_enquiry_mail_retried, resource enquiry_mail_jobs, resource_id the job id).
--
-- Objects: functions public.complete_enquiry_mail_job(uuid, uuid, text) and
-- public.retry_failed_enquiry_mail(uuid), replaced with the same signatures and grants.

create or replace function public.complete_enquiry_mail_job(job_id uuid, claim uuid, message_id text default null)
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
       and job.claim_token = claim
       and job.status = 'sending'
    returning 1
  )
  select exists (select 1 from done);
$$;

comment on function public.complete_enquiry_mail_job(uuid, uuid, text) is
  'Sender only (service_role): marks a claimed job sent and keeps only the enquiry ids of its snapshot. False when the claim is no longer current.';

create or replace function public.retry_failed_enquiry_mail(job_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
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

  insert into public.audit_log (action, resource, resource_id, details)
  values (
    'admin_enquiry_mail_retried',
    'enquiry_mail_jobs',
    retried.id::text,
    pg_catalog.jsonb_build_object('kind', retried.kind, 'last_error', pg_catalog.left(retried.last_error, 300))
  );
  return true;
end;
$$;

comment on function public.retry_failed_enquiry_mail(uuid) is
  'Admins only: puts a failed notification e-mail back in the queue with fresh attempts, and records it in audit_log. False when it is not a failed job.';
