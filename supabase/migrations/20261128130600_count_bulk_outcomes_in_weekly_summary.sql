-- Migration: the weekly summary's won and lost count enquiries set so in bulk too.
--
-- Purpose: won and lost count each enquiry by its last status change in the week, read from the
-- per-enquiry audit entries. A bulk action (status, spam, not spam) writes one entry for all its
-- enquiries instead, so an enquiry set won in bulk was never counted, and one set won singly and
-- then marked spam in bulk still was, until the status check took it out. Each enquiry in a bulk
-- entry now counts as changed to the status the action set.
--
-- Objects: function private.queue_weekly_summary(timestamptz) (replaced: same signature, grants
-- and behaviour otherwise).

create or replace function private.queue_weekly_summary(_now timestamptz default pg_catalog.now())
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone constant text := 'Europe/London';
  promise interval := private.reply_promise();
  local_now timestamp := _now at time zone zone;
  week_start timestamp := pg_catalog.date_trunc('week', local_now);
  range_start timestamptz := (week_start - interval '7 days') at time zone zone;
  range_end timestamptz := week_start at time zone zone;
  summary jsonb;
  queued_id uuid;
begin
  if local_now < week_start + interval '8 hours' then
    return false;
  end if;

  with last_week as (
    select enquiry.*
      from public.contact_submissions as enquiry
     where enquiry.created_at >= range_start
       and enquiry.created_at < range_end
  ),
  -- each enquiry's last status change in the week, whenever it arrived; it counts when that
  -- change was to won or lost and the enquiry still has that status (a later correction or a
  -- deletion takes it out). A bulk action writes one entry for all its enquiries (details
  -- changes[].ids): each enquiry in it changed to the status it set, spam for a spam marking.
  last_changes as (
    select distinct on (changes.resource_id) changes.resource_id, changes.outcome
      from (
        select entry.resource_id, entry.created_at, entry.details ->> 'to' as outcome
          from public.audit_log as entry
         where entry.action = 'admin_enquiry_status_changed'
           and entry.resource = 'contact_submissions'
           and entry.created_at >= range_start
           and entry.created_at < range_end
        union all
        select marked.id, entry.created_at,
               case entry.action
                 when 'admin_enquiries_status_set' then entry.details ->> 'status'
                 when 'admin_enquiries_marked_spam' then 'spam'
                 else change ->> 'to'
               end
          from public.audit_log as entry
         cross join lateral pg_catalog.jsonb_array_elements(
                 case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                      then entry.details -> 'changes' else '[]'::jsonb end
               ) as change
         cross join lateral pg_catalog.jsonb_array_elements_text(change -> 'ids') as marked (id)
         where entry.action in (
                 'admin_enquiries_status_set', 'admin_enquiries_marked_spam',
                 'admin_enquiries_marked_not_spam'
               )
           and entry.resource = 'contact_submissions'
           and entry.created_at >= range_start
           and entry.created_at < range_end
      ) as changes
     order by changes.resource_id, changes.created_at desc
  ),
  outcomes as (
    select last_changes.outcome
      from last_changes
      join public.contact_submissions as enquiry on enquiry.id::text = last_changes.resource_id
     where last_changes.outcome in ('won', 'lost')
       and enquiry.status = last_changes.outcome
  )
  select pg_catalog.jsonb_build_object(
           'week_start', pg_catalog.to_char(week_start - interval '7 days', 'YYYY-MM-DD'),
           'received', (select pg_catalog.count(*) from last_week where status <> 'spam'),
           'by_interest', coalesce((
             select pg_catalog.jsonb_object_agg(grouped.interest, grouped.n)
               from (select "Interest" as interest, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped), '{}'::jsonb),
           'by_source', coalesce((
             select pg_catalog.jsonb_object_agg(grouped.source, grouped.n)
               from (select coalesce(utm_source, referrer_host, '(direct)') as source, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped), '{}'::jsonb),
           'median_first_response_seconds', (
             select pg_catalog.round(pg_catalog.percentile_cont(0.5) within group (
                      order by extract(epoch from (first_response_at - created_at))))::integer
               from last_week where first_response_at is not null),
           'answered_within_promise', (
             select pg_catalog.count(*) from last_week
              where first_response_at is not null and first_response_at - created_at <= promise),
           'overdue_now', (
             select pg_catalog.count(*) from public.contact_submissions as enquiry
              where enquiry.first_response_at is null and enquiry.held_at is null
                and enquiry.status in ('new', 'in_progress')
                and enquiry.created_at + promise <= _now),
           'won', (select pg_catalog.count(*) from outcomes where outcome = 'won'),
           'lost', (select pg_catalog.count(*) from outcomes where outcome = 'lost'),
           'promise_hours', extract(epoch from promise)::integer / 3600
         )
    into summary;

  insert into private.enquiry_mail_jobs (kind, payload)
  values ('weekly_summary', summary)
  on conflict ((payload ->> 'week_start')) where kind = 'weekly_summary' do nothing
  returning id into queued_id;

  return queued_id is not null;
end;
$$;

comment on function private.queue_weekly_summary(timestamptz) is
  'Queues one weekly_summary mail per week to the staff address, from Monday 08:00 Europe/London (as of _now): last week''s enquiries by interest and source, median first response, answered within the promise, overdue now, and won and lost: enquiries whose last status change in that week set them won or lost and which still are, whenever they arrived. True when it queued one. Hourly by pg_cron or the embedded backend.';
