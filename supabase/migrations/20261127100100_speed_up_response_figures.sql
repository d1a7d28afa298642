-- Migration: the response figures cost less on a large table. enquiry_response_overview()
-- converted every arrival of the last 12 weeks to London time to find its week; it now finds the
-- week by a binary search of the 12 week starts (width_bucket over instants computed once), with
-- the same weeks, figures and keys as before. enquiry_source_overview() reads only the four
-- columns it groups by instead of whole rows (the message included) into its working set.
--
-- Objects: functions public.enquiry_response_overview(timestamptz) and
-- public.enquiry_source_overview(timestamptz) (replaced, same signatures, grants and results).

create or replace function public.enquiry_response_overview(_now timestamptz default pg_catalog.now())
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  zone constant text := 'Europe/London';
  promise interval := private.reply_promise();
  week_start timestamp := pg_catalog.date_trunc('week', _now at time zone zone);
  -- the 12 Mondays 00:00 London time as instants, oldest first, and the end of this week.
  starts timestamptz[] := array(
    select week_list.week at time zone zone
      from pg_catalog.generate_series(
             week_start - interval '11 weeks', week_start, interval '1 week'
           ) as week_list (week)
     order by week_list.week
  );
  week_end timestamptz := (week_start + interval '1 week') at time zone zone;
  weeks jsonb;
  awaiting integer;
  late integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may see the response figures.';
  end if;

  -- per week of arrival: enquiries owed a reply (not spam, not held), those answered, the median
  -- first response of the answered, and the share of the owed answered within the promise.
  select pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object(
             'week_start', pg_catalog.to_char(weeks_list.week, 'YYYY-MM-DD'),
             'received', coalesce(figures.received, 0),
             'answered', coalesce(figures.answered, 0),
             'answered_within_promise', coalesce(figures.within, 0),
             'median_first_response_seconds', figures.median_seconds,
             'share_within_promise', case
               when coalesce(figures.received, 0) = 0 then null
               else pg_catalog.round(figures.within::numeric / figures.received, 4)
             end
           )
           order by weeks_list.week
         )
    into weeks
    from pg_catalog.generate_series(week_start - interval '11 weeks', week_start, interval '1 week')
           with ordinality as weeks_list (week, bucket)
    left join (
      -- each enquiry's week by a binary search of the 12 Mondays (width_bucket), not by
      -- converting every arrival to London time.
      select pg_catalog.width_bucket(enquiry.created_at, starts) as bucket,
             pg_catalog.count(*)::integer as received,
             pg_catalog.count(enquiry.first_response_at)::integer as answered,
             pg_catalog.count(*) filter (
               where enquiry.first_response_at - enquiry.created_at <= promise
             )::integer as within,
             pg_catalog.round(pg_catalog.percentile_cont(0.5) within group (
               order by extract(epoch from (enquiry.first_response_at - enquiry.created_at))
             ))::integer as median_seconds
        from public.contact_submissions as enquiry
       where enquiry.created_at >= starts[1]
         and enquiry.created_at < week_end
         and enquiry.status <> 'spam'
         and enquiry.held_at is null
       group by 1
    ) as figures on figures.bucket = weeks_list.bucket;

  -- the same conditions as contact_submissions_awaiting_reply_idx, so the planner uses it.
  select pg_catalog.count(*)::integer,
         (pg_catalog.count(*) filter (where enquiry.created_at + promise <= _now))::integer
    into awaiting, late
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress');

  return pg_catalog.jsonb_build_object(
    'promise_seconds', extract(epoch from promise)::integer,
    'awaiting_reply', awaiting,
    'overdue', late,
    'this_week', weeks -> 11,
    'last_week', weeks -> 10,
    'weeks', weeks
  );
end;
$$;

comment on function public.enquiry_response_overview(timestamptz) is
  'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise; this_week and last_week pick two of them; awaiting_reply counts the open enquiries without a first response now and overdue those of them past their due time at _now. Over every enquiry; 42501 for others.';

revoke execute on function public.enquiry_response_overview(timestamptz) from public, anon;
grant execute on function public.enquiry_response_overview(timestamptz) to authenticated;

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
  )
  select grouped.dimension, grouped.value, grouped.enquiries, grouped.won
    from (
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
    ) as grouped
   order by grouped.dimension, grouped.enquiries desc, grouped.value;
end;
$$;

comment on function public.enquiry_source_overview(timestamptz) is
  'Admins only (aal2): enquiries (not spam) of the 12 weeks to _now and how many were won, by source (utm_source, else the referrer''s host, else "(direct)") and by landing page ("(unknown)" before it was recorded). 42501 for others.';

revoke execute on function public.enquiry_source_overview(timestamptz) from public, anon;
grant execute on function public.enquiry_source_overview(timestamptz) to authenticated;
