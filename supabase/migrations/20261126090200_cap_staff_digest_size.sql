-- Migration: a staff digest lists at most digest_max_enquiries enquiries; a full one is closed and
-- the next enquiry opens another.
--
-- Purpose: each enquiry past the alert cap was appended to the one open digest, and appending
-- rewrites the whole row: a flood of n held enquiries wrote n digest versions of growing size
-- (quadratic). Measured with scripts/measure-enquiry-flood.ts on the embedded backend: 300 stored
-- enquiries grew the database by about 10 KB each, 1,000 by about 28 KB each, nearly all of it the
-- digest. With at most 100 entries a digest, each write is bounded and the cost grows linearly;
-- staff get one digest per 100 enquiries gathered (still one mail in ordinary times).
--
-- Objects: column private.enquiry_limits.digest_max_enquiries; function
-- private.queue_enquiry_mail() (replaced, otherwise as in 20261126090000).

alter table private.enquiry_limits
  add column digest_max_enquiries integer not null default 100,
  add constraint enquiry_limits_digest_max_enquiries check (digest_max_enquiries between 1 and 1000);

comment on column private.enquiry_limits.digest_max_enquiries is
  'Most enquiries one staff digest lists; a full digest is closed and the next enquiry opens another.';

create or replace function private.queue_enquiry_mail()
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
  held boolean := new.held_at is not null;
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
    case when not held and recent_count < limits.acknowledgements_per_hour then 'pending' else 'skipped' end,
    case
      when held then 'enquiry_held'
      when recent_count < limits.acknowledgements_per_hour then null
      else 'acknowledgement_hourly_cap'
    end
  );

  return null;
end;
$$;

comment on function private.queue_enquiry_mail() is
  'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry, at most digest_max_enquiries a digest) and the acknowledgement in the same transaction; a held enquiry goes to a digest and its acknowledgement is skipped (enquiry_held).';
