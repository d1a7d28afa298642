-- Migration: retention also purges the hourly rate records.
--
-- Purpose: private.audit_browser_writes (the account id and client address of each browser audit
-- entry) and private.reply_mail_releases (the staff member of each reply mail) count writes over
-- the last hour. Each new write purges what is older, but after a quiet spell the last rows
-- stayed until the next write, however long that took. The daily retention run now deletes every
-- row older than an hour and reports them as rate_records.
--
-- Objects: function private.apply_retention(timestamptz) (replaced: same signature and grants;
-- its counts gain rate_records).

create or replace function private.apply_retention(_now timestamptz default pg_catalog.now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  periods record;
  enquiry_cutoff timestamptz;
  audit_cutoff timestamptz;
  expired uuid[];
  counts jsonb;
  orphan_count integer;
  audit_count integer;
  rate_count integer;
  total integer;
begin
  -- two runs at once would count the same rows twice.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('private.apply_retention'));

  select * into periods from private.retention_periods();
  enquiry_cutoff := _now - pg_catalog.make_interval(months => periods.enquiry_months);
  audit_cutoff := _now - pg_catalog.make_interval(months => periods.audit_log_months);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into expired
    from public.contact_submissions as enquiry
   where coalesce(enquiry.last_contacted_at, enquiry.created_at) < enquiry_cutoff;

  counts := private.delete_enquiries(expired);

  -- mail about enquiries deleted before: a digest past the period keeps only the entries of
  -- enquiries that still exist...
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where private.digest_entry_is_live(entry)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and job.created_at < enquiry_cutoff
     and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
     and pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where not private.digest_entry_is_live(entry)
     );

  -- ...and a job past the period whose enquiry is gone, or a digest left empty, is deleted.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.created_at < enquiry_cutoff
       and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
       and (
         (job.kind <> 'staff_digest' and job.submission_id is null)
         or (
           job.kind = 'staff_digest'
           and pg_catalog.jsonb_array_length(
                 case
                   when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                     then job.payload -> 'enquiries'
                   else '[]'::jsonb
                 end
               ) = 0
         )
       )
    returning 1
  )
  select pg_catalog.count(*)::integer into orphan_count from removed;

  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + orphan_count)
  );

  with removed as (
    delete from public.audit_log as entry
     where entry.created_at < audit_cutoff
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from removed;

  counts := counts || pg_catalog.jsonb_build_object('audit_log', audit_count);

  -- the hourly rate counts of browser audit entries and reply mail need no row older than an
  -- hour; each write purges them too, but a quiet hour leaves the last ones standing.
  with removed as (
    delete from private.audit_browser_writes as old
     where old.created_at <= _now - interval '1 hour'
    returning 1
  ), removed_releases as (
    delete from private.reply_mail_releases as old
     where old.released_at <= _now - interval '1 hour'
    returning 1
  )
  select (select pg_catalog.count(*) from removed) + (select pg_catalog.count(*) from removed_releases)
    into rate_count;

  counts := counts || pg_catalog.jsonb_build_object('rate_records', rate_count);

  select pg_catalog.sum(value::integer)::integer into total
    from pg_catalog.jsonb_each_text(counts);

  if total > 0 then
    perform private.write_privacy_audit(
      'admin_retention_applied',
      'retention',
      null,
      counts || pg_catalog.jsonb_build_object(
        'enquiry_months', periods.enquiry_months,
        'audit_log_months', periods.audit_log_months
      )
    );
  end if;

  return counts;
end;
$$;

comment on function private.apply_retention(timestamptz) is
  'Deletes enquiries (and their notes, client addresses and mail) past the retention period after their last contact, mail whose enquiry was deleted once it was queued longer ago than that period, audit entries past theirs, and the hourly rate records (browser audit writes, reply mail releases) older than an hour, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';

revoke execute on function private.apply_retention(timestamptz) from public, anon, authenticated;
grant execute on function private.apply_retention(timestamptz) to service_role;
