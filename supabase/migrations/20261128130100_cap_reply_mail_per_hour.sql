-- Migration: reply mail is capped per staff member and in total per hour; the excess is parked
-- for review, not sent.
--
-- Purpose: send_enquiry_reply() had no cap, so a stolen aal2 session (or a script in the staff
-- area) could send any text from the company's authenticated sender, again and again. The reply
-- is still stored (nothing a staff member wrote is lost) and audited, but past the cap its mail
-- job is parked as failed (and, not having reached the prospect, it counts as no contact), with the reason in last_error, where Parked e-mails on the dashboard
-- shows it to every admin. Re-queuing a parked reply (retry, or the table update the retry
-- policy allows) passes the same caps, so a session cannot empty the parking by re-queuing.
--
-- The caps (private.reply_mail_limits, operators and tests may change them): 20 replies an hour
-- from one staff member, 60 an hour from the whole team. A consultant answering new leads writes
-- a few replies an hour; 20 is a morning's backlog cleared in one sitting. The team figure is
-- three such people at once, about the largest burst the enquiry volume (tens a week) can need.
--
-- What counts: each reply mail put on its way (queued by send_enquiry_reply, or re-queued), in
-- private.reply_mail_releases, which keeps a row for an hour only (the staff member's id and a
-- time, nothing else) and is purged by every reply.
--
-- public.send_enquiry_reply(uuid, text) now returns {"reply_id": uuid, "held_for_review": bool}
-- so the dialog can say a reply was parked.
--
-- Named refusal: P0001 enquiry_reply_hourly_limit when a re-queue would pass a cap.
--
-- Objects: tables private.reply_mail_limits, private.reply_mail_releases; functions
-- private.reply_mail_over_cap(uuid), private.send_enquiry_reply(uuid, text) (now jsonb),
-- public.send_enquiry_reply(uuid, text) (now jsonb), private.check_reply_mail_requeue() and
-- trigger enquiry_mail_jobs_reply_requeue.

create table private.reply_mail_limits (
  only_row boolean primary key default true,
  per_staff_per_hour integer not null default 20,
  per_hour integer not null default 60,

  constraint reply_mail_limits_one_row check (only_row),
  constraint reply_mail_limits_positive check (per_staff_per_hour > 0 and per_hour > 0)
);

comment on table private.reply_mail_limits is
  'How many reply mails may leave in an hour: per staff member and for the whole team. One row.';
comment on column private.reply_mail_limits.only_row is 'Always true: the table holds one row.';
comment on column private.reply_mail_limits.per_staff_per_hour is 'Reply mails one staff member may send in any hour.';
comment on column private.reply_mail_limits.per_hour is 'Reply mails the whole team may send in any hour.';

insert into private.reply_mail_limits default values;

alter table private.reply_mail_limits enable row level security;
revoke all on table private.reply_mail_limits from public, anon, authenticated, service_role;

create table private.reply_mail_releases (
  job_id uuid primary key references private.enquiry_mail_jobs (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  released_at timestamptz not null default pg_catalog.now()
);

comment on table private.reply_mail_releases is
  'Each reply mail put on its way in the last hour (queued or re-queued), counted against the caps in private.reply_mail_limits; rows older than an hour are deleted by the next reply.';
comment on column private.reply_mail_releases.job_id is 'The reply''s mail job.';
comment on column private.reply_mail_releases.author_id is 'The staff member whose reply it is (auth.users.id).';
comment on column private.reply_mail_releases.released_at is 'When it was queued or re-queued.';

create index reply_mail_releases_author_idx on private.reply_mail_releases (author_id, released_at);
create index reply_mail_releases_released_at_idx on private.reply_mail_releases (released_at);

alter table private.reply_mail_releases enable row level security;
revoke all on table private.reply_mail_releases from public, anon, authenticated, service_role;

create function private.reply_mail_over_cap(_author_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.reply_mail_limits;
  recent integer;
begin
  select * into limits from private.reply_mail_limits;
  -- one lock for every reply: two replies must not both take the last free place.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('reply_mail_releases'));

  delete from private.reply_mail_releases as old
   where old.released_at <= pg_catalog.now() - interval '1 hour';

  select pg_catalog.count(*)::integer into recent
    from private.reply_mail_releases as earlier
   where earlier.author_id = _author_id;
  if recent >= limits.per_staff_per_hour then
    return pg_catalog.format(
      'Held for review: more than %s replies from one staff member in an hour.',
      limits.per_staff_per_hour
    );
  end if;

  select pg_catalog.count(*)::integer into recent from private.reply_mail_releases;
  if recent >= limits.per_hour then
    return pg_catalog.format('Held for review: more than %s replies from the team in an hour.', limits.per_hour);
  end if;
  return null;
end;
$$;

comment on function private.reply_mail_over_cap(uuid) is
  'Null when one more reply mail from _author_id stays within the hourly caps, else the reason it would not; takes the lock the caller holds until it records the release in private.reply_mail_releases.';

revoke execute on function private.reply_mail_over_cap(uuid) from public, anon, authenticated;

-- Sending a reply ------------------------------------------------------------------------------

drop function public.send_enquiry_reply(uuid, text);
drop function private.send_enquiry_reply(uuid, text);

create function private.send_enquiry_reply(_submission_id uuid, _body text)
returns jsonb
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
  job_id uuid;
  held_reason text;
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

  held_reason := private.reply_mail_over_cap(auth.uid());

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, last_error)
  values (
    'reply',
    enquiry.id,
    enquiry."Email",
    pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'staff_name', author_name,
      'staff_email', author_email,
      'body', body
    ),
    case when held_reason is null then 'pending' else 'failed' end,
    held_reason
  )
  returning id into job_id;
  if held_reason is null then
    insert into private.reply_mail_releases (job_id, author_id) values (job_id, auth.uid());
  end if;

  -- a reply parked for review has not reached the prospect: it is no contact and no first
  -- response, so the reply clock keeps running and its reminders still come.
  if held_reason is null then
    update public.contact_submissions as target
       set last_contacted_at = pg_catalog.now()
     where target.id = enquiry.id;
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_reply_sent',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'held_for_review', held_reason is not null or null
    ))
  );
  return pg_catalog.jsonb_build_object('reply_id', reply_id, 'held_for_review', held_reason is not null);
end;
$$;

comment on function private.send_enquiry_reply(uuid, text) is
  'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the staff member) unless that would pass the hourly caps, when the mail is parked for review instead; counts it as a contact and audits it. Called by public.send_enquiry_reply().';

revoke execute on function private.send_enquiry_reply(uuid, text) from public, anon;
grant execute on function private.send_enquiry_reply(uuid, text) to authenticated;

create function public.send_enquiry_reply(_submission_id uuid, _body text)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.send_enquiry_reply(_submission_id, _body);
$$;

comment on function public.send_enquiry_reply(uuid, text) is
  'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name and Reply-To address; returns {"reply_id", "held_for_review"}: past 20 replies an hour from one staff member or 60 from the team the mail is parked for review, not sent. 42501 for others, 22023 for an empty or over-long text.';

revoke execute on function public.send_enquiry_reply(uuid, text) from public, anon;
grant execute on function public.send_enquiry_reply(uuid, text) to authenticated;

-- Re-queuing a parked reply --------------------------------------------------------------------

create function private.check_reply_mail_requeue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  author uuid;
  held_reason text;
begin
  if new.kind = 'reply' and old.status = 'failed' and new.status = 'pending' then
    select reply.author_id into author
      from public.enquiry_replies as reply
     where reply.id::text = new.payload ->> 'reply_id';
    held_reason := private.reply_mail_over_cap(author);
    if held_reason is not null then
      raise exception using
        errcode = 'P0001',
        message = 'Too many replies have left in the last hour to re-send this one now. Try again later.',
        detail = held_reason,
        hint = 'enquiry_reply_hourly_limit';
    end if;
    insert into private.reply_mail_releases (job_id, author_id)
    values (new.id, author)
    on conflict (job_id) do update set released_at = excluded.released_at;
  end if;
  return new;
end;
$$;

comment on function private.check_reply_mail_requeue() is
  'BEFORE UPDATE trigger on enquiry_mail_jobs: a reply mail re-queued from failed counts against the hourly caps and is refused past them (P0001, hint enquiry_reply_hourly_limit).';

revoke execute on function private.check_reply_mail_requeue() from public, anon, authenticated;

create trigger enquiry_mail_jobs_reply_requeue
  before update of status on private.enquiry_mail_jobs
  for each row
  execute function private.check_reply_mail_requeue();
