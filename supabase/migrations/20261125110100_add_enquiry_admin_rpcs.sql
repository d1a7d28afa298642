-- Migration: two admin-only RPCs for the dashboard.
--
--   public.list_staff()              id and e-mail of every user holding the admin role (the
--                                    assignee picker: auth.users is not exposed through the API)
--   public.enquiry_overview(_since)  the dashboard's figures, computed over every enquiry rather
--                                    than the page on screen: this week and this month against
--                                    the same stretch of the previous week and month, open
--                                    (new, in_progress) against closed (won, lost, spam), counts
--                                    by status, enquiries per week for the last 12 weeks by
--                                    service interest, the newest arrival, and how many arrived
--                                    after _since (for "new enquiries arrived" while polling)
--
-- Both refuse anyone but an admin: anon has no execute privilege (42501, HTTP 401), a signed-in
-- non-admin gets 42501 (HTTP 403) from the (select private.is_admin()) check.
--
-- Weeks start on Monday and months on the 1st in Europe/London time, the business's calendar.
--
-- list_staff needs to read auth.users, so that part is a security definer function in private
-- (not exposed); the public function is security invoker and only calls it, so no security
-- definer function is executable through the Data API.

create function private.list_staff()
returns table (id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list staff.';
  end if;
  return query
    select staff.id, staff.email::text
      from auth.users as staff
     where exists (
       select 1
         from public.user_roles as granted
        where granted.user_id = staff.id
          and granted.role = 'admin'
     )
     order by staff.email;
end;
$$;

comment on function private.list_staff() is
  'Id and e-mail of every user holding the admin role; refuses non-admins (42501). Called by public.list_staff().';

revoke execute on function private.list_staff() from public, anon;
grant execute on function private.list_staff() to authenticated, service_role;

create function public.list_staff()
returns table (id uuid, email text)
language sql
stable
security invoker
set search_path = ''
as $$
  select staff.id, staff.email from private.list_staff() as staff;
$$;

comment on function public.list_staff() is
  'Admin-only: the staff an enquiry can be assigned to (id, e-mail), ordered by e-mail.';

revoke execute on function public.list_staff() from public, anon;
grant execute on function public.list_staff() to authenticated, service_role;

create function public.enquiry_overview(_since timestamptz default null)
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
         ) as weeks (week)
    left join (
      select grouped.week,
             sum(grouped.n)::int as total,
             pg_catalog.jsonb_object_agg(grouped.interest, grouped.n) as by_interest
        from (
          select pg_catalog.date_trunc('week', s.created_at at time zone zone) as week,
                 s."Interest" as interest,
                 count(*)::int as n
            from public.contact_submissions as s
           where s.created_at >= ((week_start - interval '11 weeks') at time zone zone)
           group by 1, 2
        ) as grouped
       group by grouped.week
    ) as per_week on per_week.week = weeks.week;

  return totals
    || pg_catalog.jsonb_build_object('by_status', by_status, 'weekly', weekly);
end;
$$;

comment on function public.enquiry_overview(timestamptz) is
  'Admin-only dashboard figures over every enquiry (see the migration header); refuses non-admins (42501).';

revoke execute on function public.enquiry_overview(timestamptz) from public, anon;
grant execute on function public.enquiry_overview(timestamptz) to authenticated, service_role;
