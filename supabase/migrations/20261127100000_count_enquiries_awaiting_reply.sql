-- Migration: the response figures also count what is owed now, so the staff overview shows
-- "Needs a reply" and "Overdue" from the database in the same request as the weekly figures.
--
-- public.enquiry_response_overview(_now) gains two keys, the rest unchanged:
--   awaiting_reply  open enquiries (new or in_progress, not held) without a first response, as
--                   public.enquiries_needing_reply() lists them (counted without its 500 cap)
--   overdue         those of them whose due time (arrival + private.reply_promise()) is at or
--                   before _now
-- Both are read through contact_submissions_awaiting_reply_idx (a partial index of exactly those
-- rows), so they cost no more as answered enquiries pile up.
--
-- Objects: function public.enquiry_response_overview(timestamptz) (replaced, same signature and
-- grants).

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
           as weeks_list (week)
    left join (
      select pg_catalog.date_trunc('week', enquiry.created_at at time zone zone) as week,
             pg_catalog.count(*)::integer as received,
             pg_catalog.count(enquiry.first_response_at)::integer as answered,
             pg_catalog.count(*) filter (
               where enquiry.first_response_at - enquiry.created_at <= promise
             )::integer as within,
             pg_catalog.round(pg_catalog.percentile_cont(0.5) within group (
               order by extract(epoch from (enquiry.first_response_at - enquiry.created_at))
             ))::integer as median_seconds
        from public.contact_submissions as enquiry
       where enquiry.created_at >= ((week_start - interval '11 weeks') at time zone zone)
         and enquiry.status <> 'spam'
         and enquiry.held_at is null
       group by 1
    ) as figures on figures.week = weeks_list.week;

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
