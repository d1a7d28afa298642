-- The reply clock: the promise to answer every enquiry within 24 hours.
--
-- First responses are stamped by the database; reminders and escalations are queued before and
-- at the due time, a weekly summary every Monday morning in London, and the dashboard's figures
-- are computed here. 08_schedules.sql schedules the jobs.

CREATE TABLE private.enquiry_reply_alerts (
    submission_id uuid NOT NULL,
    kind text NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    CONSTRAINT enquiry_reply_alerts_kind_valid CHECK ((kind = ANY (ARRAY['reply_reminder'::text, 'reply_escalation'::text])))
);

COMMENT ON TABLE private.enquiry_reply_alerts IS 'Which reply reminders and escalations have been queued, one row per enquiry, kind and wait for a reply (opened_at), so each is mailed at most once per wait even after its mail job is erased or trimmed. Written only by private.send_reply_reminders(); deleted with the enquiry.';

COMMENT ON COLUMN private.enquiry_reply_alerts.submission_id IS 'The enquiry the alert was about.';

COMMENT ON COLUMN private.enquiry_reply_alerts.kind IS 'reply_reminder (before the due time) or reply_escalation (at it).';

COMMENT ON COLUMN private.enquiry_reply_alerts.queued_at IS 'When the alert''s mail was queued, by the database clock.';

COMMENT ON COLUMN private.enquiry_reply_alerts.opened_at IS 'Which wait it was about (private.reply_waits().opened_at): the enquiry''s arrival for its first reply, or the last contact the enquirer then answered by mail. It stays while the wait lasts, even when an older answer attached later brings the due time forward; a reply or contact ends the wait, and a later answer opens another.';

ALTER TABLE ONLY private.enquiry_reply_alerts
    ADD CONSTRAINT enquiry_reply_alerts_pkey PRIMARY KEY (submission_id, kind, opened_at);

ALTER TABLE private.enquiry_reply_alerts ENABLE ROW LEVEL SECURITY;

ALTER TABLE ONLY private.enquiry_reply_alerts
    ADD CONSTRAINT enquiry_reply_alerts_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE FUNCTION private.reply_promise() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select interval '24 hours';
$$;

COMMENT ON FUNCTION private.reply_promise() IS 'How soon every enquiry is promised a reply (24 hours). The site''s copy is written from limits.enquiryReplyHours (src/config/site.ts); an integration test keeps them equal.';

REVOKE ALL ON FUNCTION private.reply_promise() FROM PUBLIC;
GRANT ALL ON FUNCTION private.reply_promise() TO authenticated;
GRANT ALL ON FUNCTION private.reply_promise() TO service_role;

CREATE FUNCTION private.utc_text(_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.to_char(_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
$$;

COMMENT ON FUNCTION private.utc_text(_at timestamp with time zone) IS 'An instant as ISO 8601 text in UTC to the microsecond, the same whatever the session''s TimeZone (unlike timestamptz''s own text or its JSON), for keys compared as text.';

REVOKE ALL ON FUNCTION private.utc_text(_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.reply_waits() RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone, opened_at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return query
  -- never answered (the conditions of contact_submissions_awaiting_reply_idx)...
  select enquiry.id, enquiry.created_at, null::timestamptz, enquiry.created_at
    from public.contact_submissions as enquiry
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
  union all
  -- ...or answered, and the enquirer has written back by mail since the last contact: the clock
  -- runs from their first answer not yet replied to, whatever the status (bar spam); the wait is
  -- named by that contact, which stays while it lasts.
  select enquiry.id, pg_catalog.min(answer.received_at), pg_catalog.min(answer.received_at),
         coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
    from private.enquiry_answers as answer
    join public.contact_submissions as enquiry on enquiry.id = answer.submission_id
   where answer.state = 'attached'
     and enquiry.first_response_at is not null
     and enquiry.held_at is null
     and enquiry.status <> 'spam'
     and answer.received_at > coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
   group by enquiry.id;
end;
$$;

COMMENT ON FUNCTION private.reply_waits() IS 'Each enquiry owed a reply and since when: open ones (new or in_progress, not held) without a first response since arrival, and others (not spam or held) whose enquirer answered by mail since the last contact, since that first answer (answered_at); opened_at names the wait (the arrival, or that last contact). The one definition of the reply clock, behind Needs a reply, the dashboard''s counts and the reminders; no API role may call it (private.enquiries_owed_reply checks the caller first).';

REVOKE ALL ON FUNCTION private.reply_waits() FROM PUBLIC;

CREATE FUNCTION private.enquiries_owed_reply() RETURNS TABLE(id uuid, since timestamp with time zone, answered_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query select waiting.id, waiting.since, waiting.answered_at from private.reply_waits() as waiting;
end;
$$;

COMMENT ON FUNCTION private.enquiries_owed_reply() IS 'Admins only: private.reply_waits(), each enquiry owed a reply and since when; behind the Needs a reply list and the dashboard''s awaiting and overdue counts.';

REVOKE ALL ON FUNCTION private.enquiries_owed_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_owed_reply() TO authenticated;

CREATE FUNCTION private.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
         private.enquiry_mail_problem_of(enquiry.id, enquiry."Email"),
         waiting.answered_at
    from private.enquiries_owed_reply() as waiting
    join public.contact_submissions as enquiry on enquiry.id = waiting.id
    left join auth.users as account on account.id = enquiry.assigned_to
   order by waiting.since, enquiry.id
   limit 500;
end;
$$;

CREATE FUNCTION public.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiries_needing_reply();
$$;

COMMENT ON FUNCTION private.enquiries_needing_reply() IS 'Admins only: open enquiries (new or in_progress, not held) without a first response, and enquiries (not spam or held) whose enquirer answered by mail since the last contact, oldest due first, at most 500, each with whether mail to it is blocked. Called by public.enquiries_needing_reply().';

COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise), assignee, mail_problem (acknowledgement_bounced, bounced, complained or null) and answered_at: for an enquiry back on the clock because the enquirer answered by mail since the last contact, the time of their first answer not yet replied to (due 24 hours after it), else null. Oldest due first. 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiries_needing_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_needing_reply() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiries_needing_reply() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO authenticated;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO service_role;

CREATE FUNCTION private.guard_first_response() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
    return new;
  end if;
  -- an undo of a contact restores the first response itself (private.undo_enquiry_contact).
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
    return new;
  end if;
  -- a booked consultation answers the prospect (private.mark_first_response_by_booking), and
  -- cancelling it takes that answer back while no reply or contact has counted since
  -- (private.reopen_reply_clock).
  if coalesce(pg_catalog.current_setting('kestrel.first_response_by_booking', true), '') <> ''
     and (old.first_response_at is null
          or (new.first_response_at is null and old.last_contacted_at is null)) then
    return new;
  end if;
  if new.first_response_at is distinct from old.first_response_at then
    raise exception using
      errcode = 'P0001',
      message = 'The first response time is set by the database when staff reply or record a contact.',
      hint = 'contact_submissions_first_response_read_only';
  end if;
  if new.first_response_at is null
     and new.last_contacted_at is not null
     and new.last_contacted_at is distinct from old.last_contacted_at then
    -- the database's clock, not the date given: a contact counts from when it was recorded.
    new.first_response_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_first_response() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set; an undo of a contact (kestrel.enquiry_contact_undo set) restores it itself, and a booked consultation (kestrel.first_response_by_booking set) stamps an unanswered one, or, cancelled, clears the stamp of one no reply or contact has answered.';

REVOKE ALL ON FUNCTION private.guard_first_response() FROM PUBLIC;

CREATE FUNCTION private.london_today(_now timestamp with time zone DEFAULT now()) RETURNS date
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (_now at time zone 'Europe/London')::date;
$$;

COMMENT ON FUNCTION private.london_today(_now timestamp with time zone) IS 'The calendar day in London at _now: the day a follow-up is due on.';

REVOKE ALL ON FUNCTION private.london_today(_now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.ranked_with_other(_counts jsonb, _keep integer DEFAULT 20) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.ranked_with_other(_counts jsonb, _keep integer) IS 'A {value: count} object cut to its _keep largest counts (ties by value), the rest added up under "(other)". For the weekly summary''s sources.';

REVOKE ALL ON FUNCTION private.ranked_with_other(_counts jsonb, _keep integer) FROM PUBLIC;

CREATE FUNCTION private.queue_weekly_summary(_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) IS 'Queues one weekly_summary mail per week to the staff address, from Monday 08:00 Europe/London (as of _now): last week''s enquiries that are not held, by interest and by source (the top 20, the rest as "(other)"), median first response, answered within the promise, overdue now, and won and lost: enquiries whose last status change in that week set them won or lost and which still are, whenever they arrived. True when it queued one. Hourly by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_weekly_summary(_now timestamp with time zone) TO service_role;

CREATE FUNCTION private.send_reply_reminders(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  promise interval := private.reply_promise();
  counts jsonb;
begin
  -- each wait for a reply (a new enquiry, or the enquirer's answer by mail since the last contact)
  -- is due a reminder from 4 hours before its due time until it, and an escalation from then
  -- until 7 days after; a late run that finds the due time passed skips the reminder (the
  -- escalation says more). recorded holds the alerts not queued before; only those get a job.
  with due as (
    select waiting.id,
           waiting.opened_at,
           waiting.since + promise as due_at,
           waiting.answered_at,
           case when waiting.since + promise > _now then 'reply_reminder' else 'reply_escalation' end
             as kind
      from private.reply_waits() as waiting
     where waiting.since + promise - interval '4 hours' <= _now
       and waiting.since + promise > _now - interval '7 days'
  ),
  recorded as (
    insert into private.enquiry_reply_alerts (submission_id, kind, opened_at)
    select due.id, due.kind, due.opened_at from due
    on conflict (submission_id, kind, opened_at) do nothing
    returning submission_id
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select due.kind,
           enquiry.id,
           -- a reminder goes to the assignee (the staff address when none), an escalation to the
           -- staff address.
           case when due.kind = 'reply_reminder' then account.email end,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', due.due_at,
             'answered_at', due.answered_at,
             -- the wait, in one spelling whatever the session's time zone: the outbox's second
             -- guard is a unique index on it.
             'opened_at', private.utc_text(due.opened_at),
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from recorded
      join due on due.id = recorded.submission_id
      join public.contact_submissions as enquiry on enquiry.id = recorded.submission_id
      left join auth.users as account on account.id = enquiry.assigned_to
    on conflict (submission_id, kind, (payload ->> 'opened_at'))
      where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning kind
  )
  select pg_catalog.jsonb_build_object(
           'reminders', pg_catalog.count(*) filter (where queued.kind = 'reply_reminder'),
           'escalations', pg_catalog.count(*) filter (where queued.kind = 'reply_escalation')
         )
    into counts
    from queued;

  return counts;
end;
$$;

COMMENT ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) IS 'Queues, as of _now, for each wait for a reply (an open unanswered enquiry, or the enquirer''s answer by mail since the last contact; private.reply_waits()), one reply_reminder from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); each at most once per wait (opened_at), recorded in private.enquiry_reply_alerts so that erasing or trimming the mail does not send it again; answered_at in the payload says the wait is for an answer. None for held or spam enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.send_reply_reminders(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_overview(_since timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.enquiry_overview(_since timestamp with time zone) IS 'Admin-only dashboard figures over every enquiry that is not held; refuses non-admins (42501). open is new and in progress, closed is won and lost (spam is neither). Each arrival''s week is found by width_bucket over the 12 London week starts.';

REVOKE ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_overview(_since timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_response_overview(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) IS 'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise of those answered or due by _now (null when none is); this_week and last_week pick two of them; awaiting_reply counts the enquiries owed a reply now (as Needs a reply lists them: no first response yet, or an answer by mail since the last contact) and overdue those of them past their due time at _now. Over every enquiry; 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_response_overview(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_source_overview(_now timestamp with time zone DEFAULT now()) RETURNS TABLE(dimension text, value text, enquiries integer, won integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) IS 'Admins only (aal2): enquiries (not spam, not held) of the 12 weeks to _now and how many were won, by source (utm_source, else the referrer''s host, else "(direct)") and by landing page ("(unknown)" before it was recorded): the top 20 of each, most first, then one "(other)" row adding up the rest. 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_source_overview(_now timestamp with time zone) TO service_role;

CREATE FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object(
    'overview', public.enquiry_overview(_since),
    'response', public.enquiry_response_overview(),
    'sources', coalesce(
      (select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source))
         from public.enquiry_source_overview() as source),
      '[]'::jsonb));
$$;

COMMENT ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) IS 'Admins only (aal2): { overview: enquiry_overview(_since), response: enquiry_response_overview(), sources: the rows of enquiry_source_overview() }, one request for the dashboard''s figures. 42501 for others.';

REVOKE ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_dashboard_figures(_since timestamp with time zone) TO service_role;

CREATE TRIGGER contact_submissions_guard_first_response BEFORE INSERT OR UPDATE ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.guard_first_response();

