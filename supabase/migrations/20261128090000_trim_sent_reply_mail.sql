-- Migration: a reply's mail job stops carrying the reply once the mail is sent.
--
-- Purpose: a staff reply is stored on its enquiry (public.enquiry_replies: the record of what was
-- said) and queued as a reply job whose payload carries a second copy of the text, the staff
-- member's name and their address. That copy is only there so the sender can mail it. Sent mail
-- is already trimmed (a staff job keeps only the enquiry ids of its snapshot); a reply job now
-- keeps only {"reply_id": ...} once sent: the kind, recipient, status, sent_at and the job id
-- (the mail request's Idempotency-Key) stay, and the timeline reads the text and the author from
-- the reply itself. The rule for failed jobs is unchanged: a reply parked as failed keeps its
-- payload, because an admin may still re-queue it (retry_failed_enquiry_mail), and it goes with
-- its enquiry as every job does. Reply jobs recorded as sent before this migration are trimmed
-- here too.
--
-- Objects: function public.complete_enquiry_mail_job(uuid, uuid, text) (replaced: same
-- signature, grants and behaviour otherwise).

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
             when job.kind = 'reply' then pg_catalog.jsonb_strip_nulls(
               pg_catalog.jsonb_build_object('reply_id', job.payload -> 'reply_id')
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

comment on function public.complete_enquiry_mail_job(uuid, uuid, text) is
  'Sender only (service_role): records that the mail API accepted a job''s message (status sent, its message id), whether or not the claim is still current, and trims what the job carried: a staff job keeps only the enquiry ids of its snapshot, a reply only its reply_id. True when the job is now recorded as sent (an earlier record is kept), false for an unknown or skipped job.';

update private.enquiry_mail_jobs as job
   set payload = pg_catalog.jsonb_strip_nulls(
         pg_catalog.jsonb_build_object('reply_id', job.payload -> 'reply_id')
       ),
       updated_at = pg_catalog.now()
 where job.kind = 'reply'
   and job.status = 'sent'
   and job.payload - 'reply_id' <> '{}'::jsonb;
