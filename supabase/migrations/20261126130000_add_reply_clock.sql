-- Migration: the reply promise. Every prospect is promised a reply within one period
-- (private.reply_promise(), 24 hours; limits.enquiryReplyHours in src/config/site.ts says the same
-- to the site, and an integration test keeps the two equal);
-- the database now knows whether it was kept.
--
-- What it records:
--   replies and contacts  public.enquiry_replies, append-only: a reply written in the staff area
--                         and mailed through the outbox (channel reply), a logged call (phone) or
--                         a reply sent from the staff member's own mailbox (email). Written only
--                         by public.send_enquiry_reply() and public.record_enquiry_contact()
--   first response        contact_submissions.first_response_at, stamped by the database the
--                         first time last_contacted_at is set (a reply, a recorded contact, or an
--                         admin setting the last-contacted date); every contact moves
--                         last_contacted_at. No API role may write it (column grants; a trigger
--                         refuses a change, P0001 hint contact_submissions_first_response_read_only)
--   where leads come from landing_page, referrer_host, utm_source, utm_medium, utm_campaign:
--                         insertable by the form (anon), checked by named constraints
--
-- What it derives (nothing stored twice):
--   due time              created_at + reply_promise() for an open enquiry (new or in_progress,
--                         not held) without a first response; public.enquiries_needing_reply()
--   reminders             private.send_reply_reminders(_now): 4 hours before the due time one
--                         reply_reminder job to the assignee (or the staff address), at the due
--                         time one reply_escalation job to the staff address; at most one of each
--                         per enquiry (unique index), and none once the due time is more than
--                         7 days past (old backlogs are listed, not mailed)
--   weekly summary        private.queue_weekly_summary(_now): one weekly_summary job per ISO week,
--                         from Monday 08:00 Europe/London, with last week's figures (counts only)
--   figures               public.enquiry_response_overview(), public.enquiry_source_overview()
--   timeline              public.enquiry_timeline(): the enquiry, its audit entries, notes,
--                         replies and contacts, and its mail jobs, in order
--
-- Outbox: new kinds reply (to the enquirer, plain text, Reply-To the staff member),
-- reply_reminder (to the assignee's address, or the staff address when the recipient is null),
-- reply_escalation and weekly_summary (the staff address). A reply job goes with its enquiry
-- (submission_id); subject access lists replies and erasure removes a staff member's address from
-- the replies they wrote.
--
-- Audit actions: admin_enquiry_reply_sent, admin_enquiry_contact_recorded (details: the reply id
-- and channel, never the text).
--
-- Objects: columns contact_submissions.first_response_at, landing_page, referrer_host,
-- utm_source, utm_medium, utm_campaign; table public.enquiry_replies; functions
-- private.reply_promise, private.guard_first_response, private.staff_display_name,
-- private.send_enquiry_reply, public.send_enquiry_reply, private.record_enquiry_contact,
-- public.record_enquiry_contact, private.enquiries_needing_reply, public.enquiries_needing_reply,
-- private.send_reply_reminders, private.queue_weekly_summary, public.enquiry_response_overview,
-- public.enquiry_source_overview, private.enquiry_timeline, public.enquiry_timeline;
-- private.subject_access and private.erase_subject_data wrap the previous versions (renamed
-- *_before_replies).

-- The promise -------------------------------------------------------------------------------

create function private.reply_promise()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '24 hours';
$$;

comment on function private.reply_promise() is
  'How soon every enquiry is promised a reply (24 hours). The site''s copy is written from limits.enquiryReplyHours (src/config/site.ts); an integration test keeps them equal.';

revoke execute on function private.reply_promise() from public, anon;
grant execute on function private.reply_promise() to authenticated, service_role;

-- Columns -----------------------------------------------------------------------------------

alter table public.contact_submissions
  add column first_response_at timestamptz,
  add column landing_page text,
  add column referrer_host text,
  add column utm_source text,
  add column utm_medium text,
  add column utm_campaign text,
  add constraint contact_submissions_landing_page_format check (
    landing_page is null
    or (char_length(landing_page) <= 300 and landing_page ~ '^/[!-~]*$')
  ),
  add constraint contact_submissions_referrer_host_format check (
    referrer_host is null
    or (
      char_length(referrer_host) <= 253
      and referrer_host ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
    )
  ),
  add constraint contact_submissions_utm_source_format check (
    utm_source is null or (char_length(utm_source) between 1 and 100 and utm_source ~ '^[ -~]+$')
  ),
  add constraint contact_submissions_utm_medium_format check (
    utm_medium is null or (char_length(utm_medium) between 1 and 100 and utm_medium ~ '^[ -~]+$')
  ),
  add constraint contact_submissions_utm_campaign_format check (
    utm_campaign is null or (char_length(utm_campaign) between 1 and 100 and utm_campaign ~ '^[ -~]+$')
  );

comment on column public.contact_submissions.first_response_at is
  'When staff first replied or recorded a contact (the first time last_contacted_at was set), by the database clock. Set only by the database; null while unanswered.';
comment on column public.contact_submissions.landing_page is
  'The site path the visitor first landed on (starts with /, at most 300 printable characters); null when unknown.';
comment on column public.contact_submissions.referrer_host is
  'The host name of the referring site, lowercase, no scheme or path; null when direct or unknown.';
comment on column public.contact_submissions.utm_source is 'The utm_source of the landing URL, at most 100 printable characters.';
comment on column public.contact_submissions.utm_medium is 'The utm_medium of the landing URL, at most 100 printable characters.';
comment on column public.contact_submissions.utm_campaign is 'The utm_campaign of the landing URL, at most 100 printable characters.';

grant insert (landing_page, referrer_host, utm_source, utm_medium, utm_campaign)
  on table public.contact_submissions to anon, authenticated;

-- update is granted per column from now on, so that first_response_at has no grant at all.
revoke update on table public.contact_submissions from authenticated, service_role;
grant update (
  "Name", "Email", "Company", "Job", "Phone", "Interest", "Timeline", "Message",
  status, assigned_to, last_contacted_at, held_at,
  landing_page, referrer_host, utm_source, utm_medium, utm_campaign
) on table public.contact_submissions to authenticated, service_role;

-- the due list: open, unanswered enquiries by arrival.
create index contact_submissions_awaiting_reply_idx
  on public.contact_submissions (created_at)
  where first_response_at is null and held_at is null and status in ('new', 'in_progress');

create function private.guard_first_response()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
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

comment on function private.guard_first_response() is
  'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set.';

revoke execute on function private.guard_first_response() from public, anon, authenticated;

create trigger contact_submissions_guard_first_response
  before insert or update on public.contact_submissions
  for each row
  execute function private.guard_first_response();

-- Replies and recorded contacts -------------------------------------------------------------

create table public.enquiry_replies (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  channel text not null,
  author_id uuid references auth.users (id) on delete set null,
  author_name text,
  author_email text,
  body text,

  constraint enquiry_replies_channel_valid check (channel in ('reply', 'phone', 'email')),
  constraint enquiry_replies_body_for_reply check ((channel = 'reply') = (body is not null)),
  constraint enquiry_replies_body_length check (body is null or char_length(body) between 1 and 10000),
  constraint enquiry_replies_author_name_length check (author_name is null or char_length(author_name) <= 100),
  constraint enquiry_replies_author_email_length check (author_email is null or char_length(author_email) <= 255)
);

comment on table public.enquiry_replies is
  'Replies and recorded contacts of an enquiry. Append-only: written only by send_enquiry_reply() and record_enquiry_contact(), read by admins, deleted only with their enquiry.';
comment on column public.enquiry_replies.id is 'Server-generated key; a reply''s mail job carries it.';
comment on column public.enquiry_replies.submission_id is 'The enquiry; the reply goes with it.';
comment on column public.enquiry_replies.created_at is 'When it was sent or recorded, by the database clock.';
comment on column public.enquiry_replies.channel is 'reply (written here and mailed through the outbox), phone (a logged call) or email (replied from the staff member''s own mailbox).';
comment on column public.enquiry_replies.author_id is 'The staff member; null once their account is deleted.';
comment on column public.enquiry_replies.author_name is 'The staff member''s name at the time (account full_name, else the address''s local part).';
comment on column public.enquiry_replies.author_email is 'The staff member''s address at the time, the Reply-To of a reply; removed by an erasure of that address.';
comment on column public.enquiry_replies.body is 'The reply''s text (1-10000 characters); null for a recorded contact.';

create index enquiry_replies_submission_id_created_at_idx
  on public.enquiry_replies (submission_id, created_at);
create index enquiry_replies_author_id_idx on public.enquiry_replies (author_id);

alter table public.enquiry_replies enable row level security;

revoke all on table public.enquiry_replies from public, anon, authenticated, service_role;
-- no insert, update or delete grant to any API role: rows come only from the two RPCs, which run
-- as the owner.
grant select on table public.enquiry_replies to authenticated, service_role;

create policy "admins read enquiry replies"
  on public.enquiry_replies
  for select
  to authenticated
  using ((select private.is_admin()));

-- the outbox learns the new kinds; a reply has a recipient, a reminder may (the assignee), the
-- staff kinds never do (the sender's configured address).
alter table private.enquiry_mail_jobs
  drop constraint enquiry_mail_jobs_kind_valid,
  drop constraint enquiry_mail_jobs_recipient_for_acknowledgement,
  add constraint enquiry_mail_jobs_kind_valid check (
    kind in (
      'staff_alert', 'staff_digest', 'acknowledgement',
      'reply', 'reply_reminder', 'reply_escalation', 'weekly_summary'
    )
  ),
  add constraint enquiry_mail_jobs_recipient_by_kind check (
    case
      when kind in ('acknowledgement', 'reply') then recipient is not null
      when kind = 'reply_reminder' then true
      else recipient is null
    end
  );

comment on column private.enquiry_mail_jobs.kind is
  'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation or weekly_summary.';
comment on column private.enquiry_mail_jobs.recipient is
  'The enquirer''s address (acknowledgement, reply) or the assignee''s (reply_reminder); null for staff mail, which goes to the sender''s configured address.';

-- each reminder and escalation at most once per enquiry, each weekly summary once per week.
create unique index enquiry_mail_jobs_one_reply_reminder_idx
  on private.enquiry_mail_jobs (submission_id, kind)
  where kind in ('reply_reminder', 'reply_escalation');
create unique index enquiry_mail_jobs_one_weekly_summary_idx
  on private.enquiry_mail_jobs ((payload ->> 'week_start'))
  where kind = 'weekly_summary';

-- A name safe for a display name: no control characters, no quotes or backslashes, bounded.
create function private.staff_display_name(_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.left(
           pg_catalog.btrim(
             pg_catalog.regexp_replace(
               coalesce(
                 nullif(pg_catalog.btrim(account.raw_user_meta_data ->> 'full_name'), ''),
                 pg_catalog.split_part(account.email, '@', 1)
               ),
               '[[:cntrl:][:space:]"\\<>]+',
               ' ',
               'g'
             )
           ),
           100
         )
    from auth.users as account
   where account.id = _user_id;
$$;

comment on function private.staff_display_name(uuid) is
  'A staff member''s name for mail: their full_name (else their address''s local part), without control characters, quotes, backslashes or angle brackets, at most 100 characters.';

revoke execute on function private.staff_display_name(uuid) from public, anon, authenticated;

create function private.require_reply_enquiry(_submission_id uuid)
returns public.contact_submissions
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry public.contact_submissions;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may reply to enquiries or record contacts.';
  end if;
  select * into enquiry
    from public.contact_submissions as found
   where found.id = _submission_id
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  return enquiry;
end;
$$;

comment on function private.require_reply_enquiry(uuid) is
  'For the reply and contact RPCs: refuses non-admins (42501) and unknown enquiries (P0002, hint enquiry_not_found); returns the enquiry locked for update.';

revoke execute on function private.require_reply_enquiry(uuid) from public, anon, authenticated;

create function private.send_enquiry_reply(_submission_id uuid, _body text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry public.contact_submissions;
  body text := pg_catalog.btrim(coalesce(_body, ''), E' \t\r\n');
  author_name text;
  author_email text;
  reply_id uuid;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if body = '' or pg_catalog.char_length(body) > 10000 then
    raise exception using
      errcode = '22023',
      message = 'Write a reply of 1 to 10,000 characters.',
      hint = 'enquiry_reply_body_invalid';
  end if;

  author_name := private.staff_display_name(auth.uid());
  author_email := pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255);
  if author_email is null or author_email ~ '[[:cntrl:]]' then
    raise exception using
      errcode = '22023',
      message = 'Your account has no usable e-mail address to receive the answer.',
      hint = 'enquiry_reply_author_invalid';
  end if;

  insert into public.enquiry_replies (submission_id, channel, author_id, author_name, author_email, body)
  values (enquiry.id, 'reply', auth.uid(), author_name, author_email, body)
  returning id into reply_id;

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
  values (
    'reply',
    enquiry.id,
    enquiry."Email",
    pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'staff_name', author_name,
      'staff_email', author_email,
      'body', body
    )
  );

  update public.contact_submissions as target
     set last_contacted_at = pg_catalog.now()
   where target.id = enquiry.id;

  perform private.write_enquiry_audit(
    'admin_enquiry_reply_sent', enquiry.id, pg_catalog.jsonb_build_object('reply_id', reply_id)
  );
  return reply_id;
end;
$$;

comment on function private.send_enquiry_reply(uuid, text) is
  'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the staff member), counts it as a contact and audits it. Called by public.send_enquiry_reply().';

revoke execute on function private.send_enquiry_reply(uuid, text) from public, anon;
grant execute on function private.send_enquiry_reply(uuid, text) to authenticated;

create function public.send_enquiry_reply(_submission_id uuid, _body text)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.send_enquiry_reply(_submission_id, _body);
$$;

comment on function public.send_enquiry_reply(uuid, text) is
  'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name and Reply-To address; returns the reply id. 42501 for others, 22023 for an empty or over-long text.';

revoke execute on function public.send_enquiry_reply(uuid, text) from public, anon;
grant execute on function public.send_enquiry_reply(uuid, text) to authenticated;

create function private.record_enquiry_contact(_submission_id uuid, _channel text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry public.contact_submissions;
  contact_id uuid;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if _channel is null or _channel not in ('phone', 'email') then
    raise exception using
      errcode = '22023',
      message = 'A contact is recorded as phone (a call) or email (a reply from your own mailbox).',
      hint = 'enquiry_contact_channel_invalid';
  end if;

  insert into public.enquiry_replies (submission_id, channel, author_id, author_name, author_email)
  values (
    enquiry.id,
    _channel,
    auth.uid(),
    private.staff_display_name(auth.uid()),
    pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255)
  )
  returning id into contact_id;

  update public.contact_submissions as target
     set last_contacted_at = pg_catalog.now()
   where target.id = enquiry.id;

  perform private.write_enquiry_audit(
    'admin_enquiry_contact_recorded',
    enquiry.id,
    pg_catalog.jsonb_build_object('contact_id', contact_id, 'channel', _channel)
  );
  return contact_id;
end;
$$;

comment on function private.record_enquiry_contact(uuid, text) is
  'Admins only: records a call (phone) or a reply from the staff member''s own mailbox (email) as a contact, and audits it. Called by public.record_enquiry_contact().';

revoke execute on function private.record_enquiry_contact(uuid, text) from public, anon;
grant execute on function private.record_enquiry_contact(uuid, text) to authenticated;

create function public.record_enquiry_contact(_submission_id uuid, _channel text)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.record_enquiry_contact(_submission_id, _channel);
$$;

comment on function public.record_enquiry_contact(uuid, text) is
  'Admins only (aal2): records that the enquirer was contacted by phone or from the staff member''s own mailbox; returns the contact id. 42501 for others, 22023 for another channel.';

revoke execute on function public.record_enquiry_contact(uuid, text) from public, anon;
grant execute on function public.record_enquiry_contact(uuid, text) to authenticated;

-- Due times ---------------------------------------------------------------------------------

create function private.enquiries_needing_reply()
returns table (
  id uuid,
  created_at timestamptz,
  due_at timestamptz,
  overdue boolean,
  name text,
  company text,
  status text,
  assigned_to uuid,
  assignee_email text
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
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         enquiry.created_at + private.reply_promise(),
         enquiry.created_at + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text
    from public.contact_submissions as enquiry
    left join auth.users as account on account.id = enquiry.assigned_to
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
   order by enquiry.created_at, enquiry.id
   limit 500;
end;
$$;

comment on function private.enquiries_needing_reply() is
  'Admins only: open enquiries (new or in_progress, not held) without a first response, oldest due first, at most 500. Called by public.enquiries_needing_reply().';

revoke execute on function private.enquiries_needing_reply() from public, anon;
grant execute on function private.enquiries_needing_reply() to authenticated;

create function public.enquiries_needing_reply()
returns table (
  id uuid,
  created_at timestamptz,
  due_at timestamptz,
  overdue boolean,
  name text,
  company text,
  status text,
  assigned_to uuid,
  assignee_email text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.enquiries_needing_reply();
$$;

comment on function public.enquiries_needing_reply() is
  'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise) and assignee, oldest due first. 42501 for others.';

revoke execute on function public.enquiries_needing_reply() from public, anon;
grant execute on function public.enquiries_needing_reply() to authenticated;

-- Reminders ---------------------------------------------------------------------------------

create function private.send_reply_reminders(_now timestamptz default pg_catalog.now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  promise interval := private.reply_promise();
  reminder_count integer;
  escalation_count integer;
begin
  -- reminder: from 4 hours before the due time until it; skipped when a late run finds the due
  -- time already passed (the escalation says more).
  with queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'reply_reminder',
           enquiry.id,
           account.email,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from public.contact_submissions as enquiry
      left join auth.users as account on account.id = enquiry.assigned_to
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise - interval '4 hours' <= _now
       and enquiry.created_at + promise > _now
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into reminder_count from queued;

  with queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    select 'reply_escalation',
           enquiry.id,
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'due_at', enquiry.created_at + promise,
             'assignee', case when account.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(account.id), 'email', account.email
             ) end
           )
      from public.contact_submissions as enquiry
      left join auth.users as account on account.id = enquiry.assigned_to
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
       and enquiry.created_at + promise <= _now
       and enquiry.created_at + promise > _now - interval '7 days'
    on conflict (submission_id, kind) where kind in ('reply_reminder', 'reply_escalation')
    do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into escalation_count from queued;

  return pg_catalog.jsonb_build_object('reminders', reminder_count, 'escalations', escalation_count);
end;
$$;

comment on function private.send_reply_reminders(timestamptz) is
  'Queues, as of _now, one reply_reminder per open unanswered enquiry from 4 hours before its due time (to the assignee, else the staff address) and one reply_escalation once it is due (to the staff address, naming the assignee); never twice, none for held, spam, won, lost or answered enquiries, none once the due time is 7 days past. Every 5 minutes by pg_cron or the embedded backend.';

revoke execute on function private.send_reply_reminders(timestamptz) from public, anon, authenticated;
grant execute on function private.send_reply_reminders(timestamptz) to service_role;

-- Weekly summary ----------------------------------------------------------------------------

create function private.queue_weekly_summary(_now timestamptz default pg_catalog.now())
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
               from (select coalesce(utm_source, referrer_host, 'direct') as source, pg_catalog.count(*) as n
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
           'won', (select pg_catalog.count(*) from last_week where status = 'won'),
           'lost', (select pg_catalog.count(*) from last_week where status = 'lost'),
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
  'Queues one weekly_summary mail per week to the staff address, from Monday 08:00 Europe/London (as of _now): last week''s enquiries by interest and source, median first response, answered within the promise, overdue now, won and lost (of last week''s enquiries). True when it queued one. Hourly by pg_cron or the embedded backend.';

revoke execute on function private.queue_weekly_summary(timestamptz) from public, anon, authenticated;
grant execute on function private.queue_weekly_summary(timestamptz) to service_role;

-- Figures -----------------------------------------------------------------------------------

create function public.enquiry_response_overview(_now timestamptz default pg_catalog.now())
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

  return pg_catalog.jsonb_build_object(
    'promise_seconds', extract(epoch from promise)::integer,
    'this_week', weeks -> 11,
    'last_week', weeks -> 10,
    'weeks', weeks
  );
end;
$$;

comment on function public.enquiry_response_overview(timestamptz) is
  'Admins only (aal2): per week of arrival (Europe/London, 12 weeks to the week of _now) the enquiries owed a reply (not spam or held), how many were answered, within the promise, the median first response in seconds and the share answered within the promise; this_week and last_week pick two of them. Over every enquiry; 42501 for others.';

revoke execute on function public.enquiry_response_overview(timestamptz) from public, anon;
grant execute on function public.enquiry_response_overview(timestamptz) to authenticated;

create function public.enquiry_source_overview(_now timestamptz default pg_catalog.now())
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
  with recent as (
    select enquiry.*
      from public.contact_submissions as enquiry
     where enquiry.created_at >= _now - interval '12 weeks'
       and enquiry.created_at <= _now
       and enquiry.status <> 'spam'
  )
  select grouped.dimension, grouped.value, grouped.enquiries, grouped.won
    from (
      select 'source'::text as dimension,
             coalesce(recent.utm_source, recent.referrer_host, '(direct)') as value,
             pg_catalog.count(*)::integer as enquiries,
             (pg_catalog.count(*) filter (where recent.status = 'won'))::integer as won
        from recent group by 2
      union all
      select 'landing_page'::text,
             coalesce(recent.landing_page, '(unknown)'),
             pg_catalog.count(*)::integer,
             (pg_catalog.count(*) filter (where recent.status = 'won'))::integer
        from recent group by 2
    ) as grouped
   order by grouped.dimension, grouped.enquiries desc, grouped.value;
end;
$$;

comment on function public.enquiry_source_overview(timestamptz) is
  'Admins only (aal2): enquiries (not spam) of the 12 weeks to _now and how many were won, by source (utm_source, else the referrer''s host, else "(direct)") and by landing page ("(unknown)" before it was recorded). 42501 for others.';

revoke execute on function public.enquiry_source_overview(timestamptz) from public, anon;
grant execute on function public.enquiry_source_overview(timestamptz) to authenticated;

-- Timeline ----------------------------------------------------------------------------------

create function private.enquiry_timeline(_submission_id uuid)
returns table (occurred_at timestamptz, event text, actor text, details jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s timeline.';
  end if;
  return query
  select events.occurred_at, events.event, events.actor, events.details
    from (
      select enquiry.created_at as occurred_at, 0 as rank, 'received'::text as event, null::text as actor,
             pg_catalog.jsonb_build_object('held', enquiry.held_at is not null) as details
        from public.contact_submissions as enquiry
       where enquiry.id = _submission_id
      union all
      -- changes of status, assignee and last-contacted date, and other admin actions; notes,
      -- replies and contacts come from their own tables below, and a last-contacted change made
      -- by a reply or contact is that reply's.
      select entry.created_at, 1,
             pg_catalog.regexp_replace(entry.action, '^admin_enquiry_', ''),
             entry.user_email,
             entry.details
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded'
         )
         and not (
           entry.action = 'admin_enquiry_last_contacted_set'
           and exists (
             select 1 from public.enquiry_replies as reply
              where reply.submission_id = _submission_id and reply.created_at = entry.created_at
           )
         )
      union all
      select note.created_at, 2, 'note_added', note.author_email,
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             reply.author_email,
             pg_catalog.jsonb_build_object(
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
      union all
      -- each mail job once, at its outcome: sent, skipped (e.g. held), failed, or still queued.
      select coalesce(job.sent_at, case when job.status in ('failed', 'skipped') then job.updated_at end, job.created_at),
             3,
             'mail_' || job.kind || '_' || case job.status when 'sending' then 'pending' else job.status end,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'skip_reason', job.skip_reason,
               'last_error', job.last_error,
               'reply_id', job.payload -> 'reply_id'
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
    ) as events
   where exists (select 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id)
   order by events.occurred_at, events.rank, events.event;
end;
$$;

comment on function private.enquiry_timeline(uuid) is
  'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, audit_log, enquiry_notes, enquiry_replies, the outbox). Called by public.enquiry_timeline().';

revoke execute on function private.enquiry_timeline(uuid) from public, anon;
grant execute on function private.enquiry_timeline(uuid) to authenticated;

create function public.enquiry_timeline(_submission_id uuid)
returns table (occurred_at timestamptz, event text, actor text, details jsonb)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.enquiry_timeline(_submission_id);
$$;

comment on function public.enquiry_timeline(uuid) is
  'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome. Empty for an unknown enquiry; 42501 for others.';

revoke execute on function public.enquiry_timeline(uuid) from public, anon;
grant execute on function public.enquiry_timeline(uuid) to authenticated;

-- Subject rights ----------------------------------------------------------------------------

alter function private.subject_access(text) rename to subject_access_before_replies;
alter function private.erase_subject_data(text) rename to erase_subject_data_before_replies;

create function private.subject_access(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  document jsonb := private.subject_access_before_replies(_email);
  address text := document ->> 'email';
  replies jsonb;
begin
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(reply) order by reply.created_at), '[]')
    into replies
    from public.enquiry_replies as reply
   where reply.submission_id in (
           select enquiry.id from public.contact_submissions as enquiry
            where pg_catalog.lower(enquiry."Email") = address)
      or pg_catalog.lower(reply.author_email) = address
      or private.text_names_email(reply.body, address);
  return document || pg_catalog.jsonb_build_object('enquiry_replies', replies);
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (see subject_access_before_replies), plus enquiry_replies: replies and contacts on its enquiries, written by it, or naming it.';

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
  removed_count integer;
  author_count integer;
  mention_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  -- replies on the address's enquiries go with them (cascade) in the erasure below.
  select pg_catalog.count(*)::integer into removed_count
    from public.enquiry_replies as reply
    join public.contact_submissions as enquiry on enquiry.id = reply.submission_id
   where pg_catalog.lower(enquiry."Email") = address;

  counts := private.erase_subject_data_before_replies(_email);

  with scrubbed as (
    update public.enquiry_replies as reply
       set author_email = null, author_name = null
     where pg_catalog.lower(reply.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into author_count from scrubbed;

  with scrubbed as (
    update public.enquiry_replies as reply
       set body = private.note_body_without_email(reply.body, address)
     where private.text_names_email(reply.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into mention_count from scrubbed;

  counts := counts || pg_catalog.jsonb_build_object(
    'enquiry_replies', removed_count,
    'enquiry_replies_author_removed', author_count,
    'enquiry_replies_mentions_removed', mention_count
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
  'Admins only: erases everything held about an e-mail address (see erase_subject_data_before_replies); replies on its enquiries go with them, and replies it wrote or that name it keep their text without the address.';

revoke execute on function private.erase_subject_data(text) from public, anon;
grant execute on function private.erase_subject_data(text) to authenticated;
