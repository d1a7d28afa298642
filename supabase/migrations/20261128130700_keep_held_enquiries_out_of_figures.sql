-- Migration: held enquiries stay out of every figure, and where leads came from is bounded.
--
-- Purpose: a held enquiry is one the flood limits parked without an alert (held_at set by the
-- insert trigger); until staff release it (held_at cleared) it is not part of the funnel. A flood
-- of held rows inflated the dashboard's counts and weekly charts, the sources overview and the
-- weekly summary mail, and each distinct utm_source, referrer host or landing page of a flood
-- became a row of its own, without limit. Now:
--   * the overview, the sources overview and the weekly summary count only enquiries that are not
--     held (the response figures already did);
--   * the sources overview lists at most the top 20 values of each dimension (most enquiries
--     first, ties by value) and one row "(other)" adding up the rest;
--   * the weekly summary's by_source lists at most the top 20 sources and "(other)" for the rest.
-- "(other)" cannot be a real value: utm_source and referrer_host hold no parentheses, and a landing
-- page always starts with "/".
-- And the weekly summary's won and lost count enquiries set so in bulk too. They count each
-- enquiry by its last status change in the week, read from the per-enquiry audit entries; a bulk
-- action (status, spam, not spam) writes one entry for all its enquiries instead, so an enquiry
-- set won in bulk was never counted. Each enquiry in a bulk entry now counts as changed to the
-- status the action set.
--
-- Objects: functions public.enquiry_overview(timestamptz), public.enquiry_source_overview(
-- timestamptz) and private.queue_weekly_summary(timestamptz) (replaced: same signatures and
-- grants); private.ranked_with_other(jsonb, integer) (new, internal).

create function private.ranked_with_other(_counts jsonb, _keep integer default 20)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- {"value": count, ...} to the _keep largest (ties by value) plus "(other)" summing the rest.
  with ranked as (
    select entry.key, entry.value::integer as n,
           pg_catalog.row_number() over (order by entry.value::integer desc, entry.key) as place
      from pg_catalog.jsonb_each_text(coalesce(_counts, '{}'::jsonb)) as entry
  )
  select coalesce(pg_catalog.jsonb_object_agg(grouped.key, grouped.n), '{}'::jsonb)
    from (
      select case when ranked.place <= _keep then ranked.key else '(other)' end as key,
             sum(ranked.n)::integer as n
        from ranked
       group by 1
    ) as grouped;
$$;

comment on function private.ranked_with_other(jsonb, integer) is
  'A {value: count} object cut to its _keep largest counts (ties by value), the rest added up under "(other)". For the weekly summary''s sources.';

revoke execute on function private.ranked_with_other(jsonb, integer) from public, anon, authenticated;

create or replace function public.enquiry_overview(_since timestamptz default null)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  zone constant text := 'Europe/London';
  local_now timestamp := pg_catalog.now() at time zone zone;
  week_start timestamp := pg_catalog.date_trunc('week', local_now);
  month_start timestamp := pg_catalog.date_trunc('month', local_now);
  -- the 12 Mondays 00:00 London time as instants, oldest first, and the end of this week.
  starts timestamptz[] := array(
    select week_list.week at time zone zone
      from pg_catalog.generate_series(
             week_start - interval '11 weeks', week_start, interval '1 week'
           ) as week_list (week)
     order by week_list.week
  );
  week_end timestamptz := (week_start + interval '1 week') at time zone zone;
  totals jsonb;
  by_status jsonb;
  weekly jsonb;
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see the enquiry overview.';
  end if;

  select pg_catalog.jsonb_build_object(
           'this_week', count(*) filter (where s.created_at >= (week_start at time zone zone)),
           'previous_week', count(*) filter (
             where s.created_at >= ((week_start - interval '7 days') at time zone zone)
               and s.created_at < ((local_now - interval '7 days') at time zone zone)
           ),
           'this_month', count(*) filter (where s.created_at >= (month_start at time zone zone)),
           'previous_month', count(*) filter (
             where s.created_at >= ((month_start - interval '1 month') at time zone zone)
               and s.created_at < (
                 least(local_now - interval '1 month', month_start) at time zone zone
               )
           ),
           'open', count(*) filter (where s.status in ('new', 'in_progress')),
           -- closed: worked to an outcome, won or lost; spam is neither open nor closed.
           'closed', count(*) filter (where s.status in ('won', 'lost')),
           'total', count(*),
           'latest_created_at', max(s.created_at),
           'arrived_since', count(*) filter (where _since is not null and s.created_at > _since)
         )
    into totals
    from public.contact_submissions as s
   where s.held_at is null;

  select coalesce(pg_catalog.jsonb_object_agg(counted.status, counted.n), '{}'::jsonb)
    into by_status
    from (
      select s.status, count(*)::int as n
        from public.contact_submissions as s
       where s.held_at is null
       group by s.status
    ) as counted;

  select coalesce(
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'week_start', pg_catalog.to_char(weeks.week, 'YYYY-MM-DD'),
               'total', coalesce(per_week.total, 0),
               'by_interest', coalesce(per_week.by_interest, '{}'::jsonb)
             )
             order by weeks.week
           ),
           '[]'::jsonb
         )
    into weekly
    from pg_catalog.generate_series(
           week_start - interval '11 weeks', week_start, interval '1 week'
         ) with ordinality as weeks (week, bucket)
    left join (
      select grouped.bucket,
             sum(grouped.n)::int as total,
             pg_catalog.jsonb_object_agg(grouped.interest, grouped.n) as by_interest
        from (
          -- each arrival's week by a binary search of the 12 Mondays, not by converting it.
          select pg_catalog.width_bucket(s.created_at, starts) as bucket,
                 s."Interest" as interest,
                 count(*)::int as n
            from public.contact_submissions as s
           where s.created_at >= starts[1]
             and s.created_at < week_end
             and s.held_at is null
           group by 1, 2
        ) as grouped
       group by grouped.bucket
    ) as per_week on per_week.bucket = weeks.bucket;

  return totals
    || pg_catalog.jsonb_build_object('by_status', by_status, 'weekly', weekly);
end;
$$;

comment on function public.enquiry_overview(timestamptz) is
  'Admin-only dashboard figures over every enquiry that is not held; refuses non-admins (42501). open is new and in progress, closed is won and lost (spam is neither). Each arrival''s week is found by width_bucket over the 12 London week starts.';

create or replace function public.enquiry_source_overview(_now timestamptz default pg_catalog.now())
returns table (dimension text, value text, enquiries integer, won integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see where enquiries come from.';
  end if;
  return query
  with recent as materialized (
    select coalesce(enquiry.utm_source, enquiry.referrer_host, '(direct)') as source,
           coalesce(enquiry.landing_page, '(unknown)') as landing_page,
           enquiry.status = 'won' as is_won
      from public.contact_submissions as enquiry
     where enquiry.created_at >= _now - interval '12 weeks'
       and enquiry.created_at <= _now
       and enquiry.status <> 'spam'
       and enquiry.held_at is null
  ),
  grouped as (
    select 'source'::text as dimension,
           recent.source as value,
           pg_catalog.count(*)::integer as enquiries,
           (pg_catalog.count(*) filter (where recent.is_won))::integer as won
      from recent group by 2
    union all
    select 'landing_page'::text,
           recent.landing_page,
           pg_catalog.count(*)::integer,
           (pg_catalog.count(*) filter (where recent.is_won))::integer
      from recent group by 2
  ),
  ranked as (
    select grouped.*,
           pg_catalog.row_number() over (
             partition by grouped.dimension order by grouped.enquiries desc, grouped.value
           ) as place
      from grouped
  )
  select kept.dimension, kept.value, kept.enquiries, kept.won
    from (
      select ranked.dimension,
             case when ranked.place <= 20 then ranked.value else '(other)' end as value,
             sum(ranked.enquiries)::integer as enquiries,
             sum(ranked.won)::integer as won,
             pg_catalog.min(ranked.place) > 20 as is_other
        from ranked
       group by 1, 2
    ) as kept
   order by kept.dimension, kept.is_other, kept.enquiries desc, kept.value;
end;
$$;

comment on function public.enquiry_source_overview(timestamptz) is
  'Admins only (aal2): enquiries (not spam, not held) of the 12 weeks to _now and how many were won, by source (utm_source, else the referrer''s host, else "(direct)") and by landing page ("(unknown)" before it was recorded): the top 20 of each, most first, then one "(other)" row adding up the rest. 42501 for others.';

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
    -- the week's arrivals that are part of the funnel: held ones wait for staff to release them.
    select enquiry.*
      from public.contact_submissions as enquiry
     where enquiry.created_at >= range_start
       and enquiry.created_at < range_end
       and enquiry.held_at is null
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
       and enquiry.held_at is null
  )
  select pg_catalog.jsonb_build_object(
           'week_start', pg_catalog.to_char(week_start - interval '7 days', 'YYYY-MM-DD'),
           'received', (select pg_catalog.count(*) from last_week where status <> 'spam'),
           'by_interest', coalesce((
             select pg_catalog.jsonb_object_agg(grouped.interest, grouped.n)
               from (select "Interest" as interest, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped), '{}'::jsonb),
           'by_source', private.ranked_with_other((
             select pg_catalog.jsonb_object_agg(grouped.source, grouped.n)
               from (select coalesce(utm_source, referrer_host, '(direct)') as source, pg_catalog.count(*) as n
                       from last_week where status <> 'spam' group by 1) as grouped)),
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
  'Queues one weekly_summary mail per week to the staff address, from Monday 08:00 Europe/London (as of _now): last week''s enquiries that are not held, by interest and by source (the top 20, the rest as "(other)"), median first response, answered within the promise, overdue now, and won and lost: enquiries whose last status change in that week set them won or lost and which still are, whenever they arrived. True when it queued one. Hourly by pg_cron or the embedded backend.';
