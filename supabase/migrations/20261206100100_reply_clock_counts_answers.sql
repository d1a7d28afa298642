-- One definition of an enquiry owed a reply (private.enquiries_owed_reply), behind both the
-- Needs a reply list and the dashboard's awaiting and overdue counts, so an enquiry back on the
-- clock after the enquirer's answer by mail is counted where it is listed.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiries_owed_reply()
 RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  -- never answered (the conditions of contact_submissions_awaiting_reply_idx)...
  select enquiry.id, enquiry.created_at, null::timestamptz
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
  union all
  -- ...or answered, and the enquirer has written back by mail since the last contact: the clock
  -- runs from their first answer not yet replied to, whatever the status (bar spam).
  select enquiry.id, pg_catalog.min(answer.received_at), pg_catalog.min(answer.received_at)
    from private.enquiry_answers as answer
    join public.contact_submissions as enquiry on enquiry.id = answer.submission_id
   where answer.state = 'attached'
     and enquiry.first_response_at is not null
     and enquiry.held_at is null
     and enquiry.status <> 'spam'
     and answer.received_at > coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
   group by enquiry.id;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiries_needing_reply()
 RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         waiting.since + private.reply_promise(),
         waiting.since + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         private.mail_suppression_of(enquiry."Email"),
         waiting.answered_at
    from private.enquiries_owed_reply() as waiting
    join public.contact_submissions as enquiry on enquiry.id = waiting.id
    left join auth.users as account on account.id = enquiry.assigned_to
   order by waiting.since, enquiry.id
   limit 500;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.enquiry_response_overview(_now timestamp with time zone DEFAULT now())
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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

  -- the Needs a reply list's own definition, so its count and the list always agree.
  select pg_catalog.count(*)::integer,
         (pg_catalog.count(*) filter (where owed.since + promise <= _now))::integer
    into awaiting, late
    from private.enquiries_owed_reply() as owed;

  return pg_catalog.jsonb_build_object(
    'promise_seconds', extract(epoch from promise)::integer,
    'awaiting_reply', awaiting,
    'overdue', late,
    'this_week', weeks -> 11,
    'last_week', weeks -> 10,
    'weeks', weeks
  );
end;
$function$
;



REVOKE ALL ON FUNCTION private.enquiries_owed_reply() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enquiries_owed_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_owed_reply() TO authenticated;

COMMENT ON FUNCTION private.enquiries_owed_reply() IS 'Admins only: each enquiry owed a reply and since when: open ones (new or in_progress, not held) without a first response since arrival, and others (not spam or held) whose enquirer answered by mail since the last contact, since that first answer (answered_at). The one definition behind the Needs a reply list and the dashboard''s awaiting and overdue counts.';
COMMENT ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) IS 'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise of those answered or due by _now (null when none is); this_week and last_week pick two of them; awaiting_reply counts the enquiries owed a reply now (as Needs a reply lists them: no first response yet, or an answer by mail since the last contact) and overdue those of them past their due time at _now. Over every enquiry; 42501 for others.';
