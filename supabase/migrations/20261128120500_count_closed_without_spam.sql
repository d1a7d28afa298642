-- Migration: two of the dashboard's figures say what staff read them as.
--
-- * "Closed" counts enquiries worked to an outcome, won or lost. Spam is neither open nor closed:
--   counting it as closed made a week of junk look like a week of work done.
-- * "Replied within 24 h" is the share answered within the promise of the enquiries whose reply
--   was answered or already due. An enquiry that arrived an hour ago and is unanswered has not
--   been missed, so a week of only such enquiries has no share (null, "none owed" on screen)
--   instead of 0%.
--
-- Objects: functions public.enquiry_overview(timestamptz) and
-- public.enquiry_response_overview(timestamptz) (replaced, same signatures, grants and keys; the
-- dashboard's enquiry_dashboard_figures() reads both, so it follows).

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
  'Admin-only dashboard figures over every enquiry (see migration 20261125110100); refuses non-admins (42501). open is new and in progress, closed is won and lost (spam is neither). Each arrival''s week is found by width_bucket over the 12 London week starts.';

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
  -- first response of the answered, and the share answered within the promise of those whose
  -- reply is answered or due by _now (null when none is).
  select pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object(
             'week_start', pg_catalog.to_char(weeks_list.week, 'YYYY-MM-DD'),
             'received', coalesce(figures.received, 0),
             'answered', coalesce(figures.answered, 0),
             'answered_within_promise', coalesce(figures.within, 0),
             'median_first_response_seconds', figures.median_seconds,
             'share_within_promise', case
               when coalesce(figures.owed, 0) = 0 then null
               else pg_catalog.round(figures.within::numeric / figures.owed, 4)
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
             -- owed by _now: answered, or its reply due by then; one still inside its promise
             -- and unanswered is neither a success nor a failure yet.
             pg_catalog.count(*) filter (
               where enquiry.first_response_at is not null
                  or enquiry.created_at + promise <= _now
             )::integer as owed,
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
  'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise of those answered or due by _now (null when none is); this_week and last_week pick two of them; awaiting_reply counts the open enquiries without a first response now and overdue those of them past their due time at _now. Over every enquiry; 42501 for others.';
