-- Migration: the dashboard's overview costs less on a large table. enquiry_overview() converted
-- every arrival of the last 12 weeks to London time to find its week; it now finds the week by a
-- binary search of the 12 week starts (width_bucket over instants computed once), as
-- enquiry_response_overview() does, with the same weeks, figures and keys as before. An arrival
-- after the end of this week (a clock set wrong) is left out of the weeks, as before.
--
-- Objects: function public.enquiry_overview(timestamptz) (replaced, same signature, grants and
-- result).

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
           'closed', count(*) filter (where s.status in ('won', 'lost', 'spam')),
           'total', count(*),
           'latest_created_at', max(s.created_at),
           'arrived_since', count(*) filter (where _since is not null and s.created_at > _since)
         )
    into totals
    from public.contact_submissions as s;

  select coalesce(pg_catalog.jsonb_object_agg(counted.status, counted.n), '{}'::jsonb)
    into by_status
    from (
      select s.status, count(*)::int as n
        from public.contact_submissions as s
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
           group by 1, 2
        ) as grouped
       group by grouped.bucket
    ) as per_week on per_week.bucket = weeks.bucket;

  return totals
    || pg_catalog.jsonb_build_object('by_status', by_status, 'weekly', weekly);
end;
$$;

comment on function public.enquiry_overview(timestamptz) is
  'Admin-only dashboard figures over every enquiry (see migration 20261125110100); refuses non-admins (42501). Each arrival''s week is found by width_bucket over the 12 London week starts.';
