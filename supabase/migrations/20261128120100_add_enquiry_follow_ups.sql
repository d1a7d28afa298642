-- Migration: follow-ups on an enquiry: "follow up on 2 Dec", with an optional note, set from the
-- enquiry's record, listed when due, and mailed once on the day.
--
-- Purpose: staff answer "what happened with this lead, and what is next" from the enquiry
-- itself. An enquiry has at most one open follow-up; setting another replaces it, and marking it
-- done or clearing it closes it. Closed ones stay as the enquiry's history.
--
-- Rules, all here rather than in the browser:
--   * only an aal2 admin sets, closes or reads follow-ups (RLS and definer RPCs; 42501 for
--     others);
--   * the date is today or later in London when set (22023, hint enquiry_follow_up_date_past);
--   * the note is trimmed and 1-5000 characters, or empty (stored as null), as notes are;
--   * every set, done and clear is audited against the enquiry (resource contact_submissions),
--     so the enquiry's timeline lists it; the note's text is never copied into the audit log;
--   * on the day (London's calendar day), the reply clock queues one follow_up_reminder mail to
--     the assignee, or to whoever set it when the enquiry is unassigned, and stamps reminded_at
--     on the follow-up in the same statement: a follow-up is reminded once, whatever happens to
--     the mail afterwards (as private.enquiry_reply_alerts does for the reply reminders).
--
-- Privacy: follow-ups are personal data of their enquiry. They are deleted with it (cascade, so
-- deletion, bulk deletion, retention and erasure all take them), private.delete_enquiries counts
-- them, subject access returns the follow-ups of the address's enquiries and those it set or
-- whose note names it, and erasure removes the address from follow-ups it set or closed and from
-- notes naming it. subject_access, erase_subject_data and delete_enquiries are wrapped (renamed
-- to *_before_follow_ups and called), as the reply clock's migration wrapped the first two.
--
-- Objects: table public.enquiry_follow_ups; functions private/public
-- set_enquiry_follow_up(uuid, date, text), close_enquiry_follow_up(uuid, text),
-- enquiry_follow_ups_due(); private.london_today(timestamptz);
-- private.send_follow_up_reminders(timestamptz) (every 5 minutes by pg_cron where installed, and
-- by the embedded backend's reply clock); outbox kind follow_up_reminder.

-- Table -------------------------------------------------------------------------------------

create table public.enquiry_follow_ups (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.contact_submissions (id) on delete cascade,
  due_on date not null,
  note text,
  state text not null default 'open',
  created_at timestamptz not null default now(),
  set_by uuid references auth.users (id) on delete set null,
  set_by_email text,
  closed_at timestamptz,
  closed_by uuid references auth.users (id) on delete set null,
  closed_by_email text,
  reminded_at timestamptz,

  constraint enquiry_follow_ups_state_valid check (state in ('open', 'done', 'cleared', 'replaced')),
  constraint enquiry_follow_ups_closed_when_not_open check ((state = 'open') = (closed_at is null)),
  constraint enquiry_follow_ups_note_trimmed check (note !~ '^\s|\s$'),
  constraint enquiry_follow_ups_note_length check (note is null or char_length(note) between 1 and 5000),
  constraint enquiry_follow_ups_set_by_email_length check (
    set_by_email is null or char_length(set_by_email) <= 255
  ),
  constraint enquiry_follow_ups_closed_by_email_length check (
    closed_by_email is null or char_length(closed_by_email) <= 255
  )
);

comment on table public.enquiry_follow_ups is
  'When staff mean to get back to an enquiry: a date and an optional note. At most one open per enquiry; done, cleared and replaced ones stay as history. Written only by the follow-up RPCs; admins read them; deleted with the enquiry.';
comment on column public.enquiry_follow_ups.id is 'Server-generated key.';
comment on column public.enquiry_follow_ups.submission_id is 'The enquiry; the follow-up is deleted with it.';
comment on column public.enquiry_follow_ups.due_on is 'The day to follow up, a London calendar day; today or later when set.';
comment on column public.enquiry_follow_ups.note is 'What to follow up about: trimmed, 1-5000 characters, or null.';
comment on column public.enquiry_follow_ups.state is 'open, done, cleared (removed from the record by staff) or replaced (a newer follow-up was set).';
comment on column public.enquiry_follow_ups.created_at is 'When it was set, by the database clock.';
comment on column public.enquiry_follow_ups.set_by is 'The staff member who set it; null once the account is deleted.';
comment on column public.enquiry_follow_ups.set_by_email is 'Their address at the time, kept when the account is deleted; removed by an erasure of that address.';
comment on column public.enquiry_follow_ups.closed_at is 'When it was marked done, cleared or replaced; null while open.';
comment on column public.enquiry_follow_ups.closed_by is 'The staff member who closed it; null once the account is deleted.';
comment on column public.enquiry_follow_ups.closed_by_email is 'Their address at the time; removed by an erasure of that address.';
comment on column public.enquiry_follow_ups.reminded_at is 'When its reminder mail was queued; set once, by private.send_follow_up_reminders().';

-- one open follow-up per enquiry; also serves the foreign key.
create unique index enquiry_follow_ups_one_open_idx
  on public.enquiry_follow_ups (submission_id) where state = 'open';
create index enquiry_follow_ups_submission_id_created_at_idx
  on public.enquiry_follow_ups (submission_id, created_at desc);
-- the due list and the reminder run.
create index enquiry_follow_ups_open_due_on_idx
  on public.enquiry_follow_ups (due_on) where state = 'open';
create index enquiry_follow_ups_set_by_idx on public.enquiry_follow_ups (set_by);
create index enquiry_follow_ups_closed_by_idx on public.enquiry_follow_ups (closed_by);

alter table public.enquiry_follow_ups enable row level security;

revoke all on table public.enquiry_follow_ups from public, anon, authenticated, service_role;
-- no insert, update or delete grant to the browser's roles: rows come only from the RPCs, which
-- run as the owner. The service role may move the date (maintenance, and tests bringing a
-- follow-up's day forward).
grant select on table public.enquiry_follow_ups to authenticated, service_role;
grant update (due_on) on table public.enquiry_follow_ups to service_role;

create policy "admins read enquiry follow-ups"
  on public.enquiry_follow_ups
  for select
  to authenticated
  using ((select private.is_admin()));

-- The outbox learns the reminder; it goes to a staff member's address, or to the staff address
-- when the enquiry has nobody to mail.
alter table private.enquiry_mail_jobs
  drop constraint enquiry_mail_jobs_kind_valid,
  drop constraint enquiry_mail_jobs_recipient_by_kind,
  add constraint enquiry_mail_jobs_kind_valid check (
    kind in (
      'staff_alert', 'staff_digest', 'acknowledgement',
      'reply', 'reply_reminder', 'reply_escalation', 'weekly_summary', 'follow_up_reminder'
    )
  ),
  add constraint enquiry_mail_jobs_recipient_by_kind check (
    case
      when kind in ('acknowledgement', 'reply') then recipient is not null
      when kind in ('reply_reminder', 'follow_up_reminder') then true
      else recipient is null
    end
  );

comment on column private.enquiry_mail_jobs.kind is
  'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary or follow_up_reminder.';
comment on column private.enquiry_mail_jobs.recipient is
  'The enquirer''s address (acknowledgement, reply), the assignee''s (reply_reminder) or the assignee''s or setter''s (follow_up_reminder); null for staff mail, which goes to the sender''s configured address.';

-- London's day --------------------------------------------------------------------------------

create function private.london_today(_now timestamptz default pg_catalog.now())
returns date
language sql
stable
set search_path = ''
as $$
  select (_now at time zone 'Europe/London')::date;
$$;

comment on function private.london_today(timestamptz) is
  'The calendar day in London at _now: the day a follow-up is due on.';

revoke execute on function private.london_today(timestamptz) from public, anon, authenticated;

-- Set, done, clear ------------------------------------------------------------------------------

create function private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  trimmed_note text := nullif(pg_catalog.regexp_replace(coalesce(_note, ''), '^\s+|\s+$', '', 'g'), '');
  caller_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
  replaced_id uuid;
  follow_up_id uuid;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may set follow-ups.';
  end if;
  perform 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id for update;
  if not found then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  if _due_on is null or _due_on < private.london_today() then
    raise exception using
      errcode = '22023',
      message = 'Choose today or a later date for the follow-up.',
      hint = 'enquiry_follow_up_date_past';
  end if;
  if pg_catalog.char_length(trimmed_note) > 5000 then
    raise exception using
      errcode = '22023',
      message = 'A follow-up note can be at most 5000 characters.',
      hint = 'enquiry_follow_up_note_too_long';
  end if;

  update public.enquiry_follow_ups as open_one
     set state = 'replaced', closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = caller_email
   where open_one.submission_id = _submission_id and open_one.state = 'open'
  returning open_one.id into replaced_id;

  insert into public.enquiry_follow_ups (submission_id, due_on, note, set_by, set_by_email)
  values (_submission_id, _due_on, trimmed_note, auth.uid(), caller_email)
  returning id into follow_up_id;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_set',
    _submission_id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'follow_up_id', follow_up_id,
      'due_on', _due_on,
      'has_note', trimmed_note is not null,
      'replaced_follow_up_id', replaced_id
    ))
  );
  return follow_up_id;
end;
$$;

comment on function private.set_enquiry_follow_up(uuid, date, text) is
  'Admins only: sets the enquiry''s follow-up (replacing an open one), due on a London day not in the past, with a trimmed note of at most 5000 characters or none; audited as admin_enquiry_follow_up_set without the note. Called by public.set_enquiry_follow_up().';

revoke execute on function private.set_enquiry_follow_up(uuid, date, text) from public, anon;
grant execute on function private.set_enquiry_follow_up(uuid, date, text) to authenticated;

create function public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text default null)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.set_enquiry_follow_up(_submission_id, _due_on, _note);
$$;

comment on function public.set_enquiry_follow_up(uuid, date, text) is
  'Admins only (aal2): sets the enquiry''s one open follow-up (replacing any) for a day, today or later in London, with an optional note; returns its id. 42501 for others, 22023 for a past date or an over-long note, P0002 for an unknown enquiry.';

revoke execute on function public.set_enquiry_follow_up(uuid, date, text) from public, anon;
grant execute on function public.set_enquiry_follow_up(uuid, date, text) to authenticated;

create function private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  closed public.enquiry_follow_ups;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may close follow-ups.';
  end if;
  if _outcome is null or _outcome not in ('done', 'cleared') then
    raise exception using
      errcode = '22023',
      message = 'A follow-up is closed as done or cleared.',
      hint = 'enquiry_follow_up_outcome_invalid';
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = _outcome, closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = pg_catalog.left(auth.jwt() ->> 'email', 255)
   where follow_up.id = _follow_up_id and follow_up.state = 'open'
  returning follow_up.* into closed;
  if closed.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'This follow-up is no longer open. Reload the enquiry to see its latest.',
      hint = 'enquiry_follow_up_not_open';
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_' || _outcome,
    closed.submission_id,
    pg_catalog.jsonb_build_object('follow_up_id', closed.id, 'due_on', closed.due_on)
  );
end;
$$;

comment on function private.close_enquiry_follow_up(uuid, text) is
  'Admins only: marks an open follow-up done or cleared and audits it (admin_enquiry_follow_up_done or _cleared). Called by public.close_enquiry_follow_up().';

revoke execute on function private.close_enquiry_follow_up(uuid, text) from public, anon;
grant execute on function private.close_enquiry_follow_up(uuid, text) to authenticated;

create function public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.close_enquiry_follow_up(_follow_up_id, _outcome);
$$;

comment on function public.close_enquiry_follow_up(uuid, text) is
  'Admins only (aal2): closes an open follow-up as done or cleared. 42501 for others, 22023 for another outcome, P0002 when it is not open (closed or replaced meanwhile).';

revoke execute on function public.close_enquiry_follow_up(uuid, text) from public, anon;
grant execute on function public.close_enquiry_follow_up(uuid, text) to authenticated;

-- Due list ------------------------------------------------------------------------------------

create function private.enquiry_follow_ups_due()
returns table (
  id uuid,
  submission_id uuid,
  due_on date,
  note text,
  name text,
  company text,
  status text,
  assigned_to uuid,
  assignee_email text,
  set_by_email text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list follow-ups.';
  end if;
  return query
  select follow_up.id,
         follow_up.submission_id,
         follow_up.due_on,
         follow_up.note,
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         follow_up.set_by_email
    from public.enquiry_follow_ups as follow_up
    join public.contact_submissions as enquiry on enquiry.id = follow_up.submission_id
    left join auth.users as account on account.id = enquiry.assigned_to
   where follow_up.state = 'open'
     and follow_up.due_on <= private.london_today()
   order by follow_up.due_on, follow_up.created_at, follow_up.id
   limit 500;
end;
$$;

comment on function private.enquiry_follow_ups_due() is
  'Admins only: open follow-ups due today or earlier (London), oldest first, with their enquiry and its assignee, at most 500. Called by public.enquiry_follow_ups_due().';

revoke execute on function private.enquiry_follow_ups_due() from public, anon;
grant execute on function private.enquiry_follow_ups_due() to authenticated;

create function public.enquiry_follow_ups_due()
returns table (
  id uuid,
  submission_id uuid,
  due_on date,
  note text,
  name text,
  company text,
  status text,
  assigned_to uuid,
  assignee_email text,
  set_by_email text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.enquiry_follow_ups_due();
$$;

comment on function public.enquiry_follow_ups_due() is
  'Admins only (aal2): open follow-ups due today or earlier in London, oldest first, with the enquiry''s name, company, status and assignee. 42501 for others.';

revoke execute on function public.enquiry_follow_ups_due() from public, anon;
grant execute on function public.enquiry_follow_ups_due() to authenticated;

-- Reminders -----------------------------------------------------------------------------------

create function private.send_follow_up_reminders(_now timestamptz default pg_catalog.now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.london_today(_now);
  queued_count integer;
begin
  -- due today, or on one of the 6 days before when the clock did not run on the day; a
  -- follow-up already reminded, closed or a week stale gets nothing. The stamp and the job are
  -- one statement: a concurrent run waits on the row and then finds it reminded.
  with due as (
    update public.enquiry_follow_ups as follow_up
       set reminded_at = pg_catalog.now()
     where follow_up.state = 'open'
       and follow_up.reminded_at is null
       and follow_up.due_on <= today
       and follow_up.due_on > today - 7
    returning follow_up.id, follow_up.submission_id, follow_up.due_on, follow_up.note,
              follow_up.set_by, follow_up.set_by_email
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'follow_up_reminder',
           enquiry.id,
           -- a current admin only: the mail names the prospect. Null goes to the staff address.
           coalesce(
             assignee.email,
             case when private.has_role(setter.id, 'admin') then setter.email end
           ),
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'follow_up', pg_catalog.jsonb_build_object(
               'id', due.id, 'due_on', due.due_on, 'note', due.note
             ),
             'assignee', case when assignee.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(assignee.id), 'email', assignee.email
             ) end
           )
      from due
      join public.contact_submissions as enquiry on enquiry.id = due.submission_id
      left join auth.users as assignee on assignee.id = enquiry.assigned_to
      left join auth.users as setter on setter.id = due.set_by
    returning 1
  )
  select pg_catalog.count(*)::integer into queued_count from queued;
  return queued_count;
end;
$$;

comment on function private.send_follow_up_reminders(timestamptz) is
  'Queues, as of _now, one follow_up_reminder per open follow-up due on London''s day (or up to 6 days before, for a missed run) to the enquiry''s assignee, else to whoever set it while they hold the admin role, else the staff address; stamps reminded_at in the same statement so each follow-up is reminded once. Returns how many were queued. Every 5 minutes by pg_cron or the embedded backend''s reply clock.';

revoke execute on function private.send_follow_up_reminders(timestamptz) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('send-follow-up-reminders', '*/5 * * * *', 'select private.send_follow_up_reminders()');
  end if;
end
$$;

-- Timeline ------------------------------------------------------------------------------------
-- Nothing to change: public.enquiry_timeline() lists every audit entry of the enquiry
-- (follow_up_set, follow_up_done, follow_up_cleared) and every mail job tied to it
-- (mail_follow_up_reminder_<outcome>).

-- Privacy -------------------------------------------------------------------------------------

alter function private.delete_enquiries(uuid[]) rename to delete_enquiries_before_follow_ups;

create function private.delete_enquiries(_ids uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  follow_up_count integer;
begin
  -- the follow-ups go with their enquiries (cascade); counted first.
  select pg_catalog.count(*)::integer into follow_up_count
    from public.enquiry_follow_ups as follow_up where follow_up.submission_id = any(_ids);
  return private.delete_enquiries_before_follow_ups(_ids)
    || pg_catalog.jsonb_build_object('enquiry_follow_ups', follow_up_count);
end;
$$;

comment on function private.delete_enquiries(uuid[]) is
  'Deletes enquiries as private.delete_enquiries_before_follow_ups does, their follow-ups with them; returns counts per table, enquiry_follow_ups included. For apply_retention, erase_subject_data and the bulk delete.';

revoke execute on function private.delete_enquiries(uuid[]) from public, anon, authenticated;

alter function private.subject_access(text) rename to subject_access_before_follow_ups;
alter function private.erase_subject_data(text) rename to erase_subject_data_before_follow_ups;

create function private.subject_access(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  document jsonb := private.subject_access_before_follow_ups(_email);
  address text := document ->> 'email';
  follow_ups jsonb;
begin
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(follow_up) order by follow_up.created_at), '[]')
    into follow_ups
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id in (
           select enquiry.id from public.contact_submissions as enquiry
            where pg_catalog.lower(enquiry."Email") = address)
      or pg_catalog.lower(follow_up.set_by_email) = address
      or pg_catalog.lower(follow_up.closed_by_email) = address
      or private.text_names_email(follow_up.note, address);
  document := pg_catalog.jsonb_set(
    document, '{counts,enquiry_follow_ups}', pg_catalog.to_jsonb(pg_catalog.jsonb_array_length(follow_ups))
  );

  -- the look-up's one audit entry, written in this transaction, records this count too.
  update public.audit_log as entry
     set details = document -> 'counts'
   where entry.action = 'admin_subject_access'
     and entry.created_at = pg_catalog.now()
     and entry.user_id is not distinct from auth.uid();

  return document || pg_catalog.jsonb_build_object('enquiry_follow_ups', follow_ups);
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (see subject_access_before_follow_ups), plus enquiry_follow_ups: follow-ups on its enquiries, set or closed by it, or whose note names it.';

revoke execute on function private.subject_access(text) from public, anon;
grant execute on function private.subject_access(text) to authenticated;

create function private.erase_subject_data(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  counts jsonb;
  address text;
  staff_count integer;
  mention_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  -- follow-ups on the address's enquiries go with them, counted by delete_enquiries.
  counts := private.erase_subject_data_before_follow_ups(_email);

  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set set_by_email = case when pg_catalog.lower(follow_up.set_by_email) = address then null else follow_up.set_by_email end,
           closed_by_email = case when pg_catalog.lower(follow_up.closed_by_email) = address then null else follow_up.closed_by_email end
     where pg_catalog.lower(follow_up.set_by_email) = address
        or pg_catalog.lower(follow_up.closed_by_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into staff_count from scrubbed;

  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set note = nullif(private.note_body_without_email(follow_up.note, address), '')
     where private.text_names_email(follow_up.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into mention_count from scrubbed;

  counts := counts || pg_catalog.jsonb_build_object(
    'enquiry_follow_ups_staff_removed', staff_count,
    'enquiry_follow_ups_mentions_removed', mention_count
  );

  -- the erasure's one audit entry, written in this transaction, records these counts too.
  update public.audit_log as entry
     set details = counts
   where entry.action = 'admin_subject_erasure'
     and entry.created_at = pg_catalog.now()
     and entry.user_id is not distinct from auth.uid();

  return counts;
end;
$$;

comment on function private.erase_subject_data(text) is
  'Admins only: erases everything held about an e-mail address (see erase_subject_data_before_follow_ups); follow-ups on its enquiries go with them, and follow-ups it set or closed, or whose note names it, keep the rest without the address.';

revoke execute on function private.erase_subject_data(text) from public, anon;
grant execute on function private.erase_subject_data(text) to authenticated;
