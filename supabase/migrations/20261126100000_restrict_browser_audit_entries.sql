-- Migration: browsers may add only the site's own sign-in and enquiry events to the audit log,
-- small and flat, at a bounded rate; admin_* entries are written only by database code.
--
-- Purpose: any confirmed account (sign-up is open) could insert an entry with any admin_* or
-- auth_* action under its own id (a forged admin_subject_erasure, say) and then hundreds of
-- 8 KB entries in a burst, so the trail the privacy policy relies on could be forged and
-- flooded. Now a BEFORE INSERT trigger checks every insert made with the caller's own rights
-- (the Data API roles anon and authenticated, directly or through a security invoker function):
--
--   action   one of private.audit_browser_actions, the events the site's browser code logs
--            (auth_* and contact_*). Anything else, every admin_* action included, is refused:
--            code 42501 (HTTP 403), hint audit_log_action_not_allowed
--   details  null or a flat JSON object (no nested object or array) of at most
--            details_max_bytes (1024) bytes: code 22023 (HTTP 400), hint audit_log_details_invalid
--   rate     at most entries_per_account_per_hour (30) from one account and
--            entries_per_client_per_hour (60) from one client address
--            (private.enquiry_client_address()) in any hour: code P0001 (HTTP 400), hints
--            audit_log_account_rate_limit and audit_log_client_rate_limit
--
-- The numbers: a staff sign-in is three entries (password, code, sign-out) and a few more for
-- mistyped codes, so 30 an hour is ten sign-ins by one person; 60 an hour from one address
-- lets a small office behind one NAT address work normally. Both live in
-- private.audit_browser_limits, which operators (and tests) may update.
--
-- Entries written by security definer functions and triggers (owned by the migration role) are
-- not checked: they are the database's own record of what it did. The one admin entry the
-- browser used to write, the CSV export, is now recorded by public.record_enquiry_export(), and
-- the failed-mail retry, a security invoker function that inserted its admin entry with the
-- caller's rights, now writes it through private.write_admin_audit().
--
-- The insert policy is recreated with (select auth.jwt()) ->> 'email', the form the database
-- linter recognises as evaluated once per statement (auth_rls_initplan).
--
-- Objects: tables private.audit_browser_actions, private.audit_browser_limits,
-- private.audit_browser_writes; functions private.admit_browser_audit_entry(text, jsonb),
-- private.check_browser_audit_entry(), trigger audit_log_browser_rules;
-- functions private.write_admin_audit(text, text, text, jsonb),
-- private.record_enquiry_export(integer, text, text, text, boolean) and
-- public.record_enquiry_export(integer, text, text, text, boolean);
-- function public.retry_failed_enquiry_mail(uuid) (replaced, same signature and grants);
-- policy "users record their own actions" replaced by "users record their own browser events".

create table private.audit_browser_actions (
  action text primary key,
  description text not null,

  constraint audit_browser_actions_browser_only check (action ~ '^(auth|contact)_[a-z_]+$')
);

comment on table private.audit_browser_actions is
  'The audit actions a browser may record itself (auth_* and contact_*); every other action, admin_* included, is written only by database code.';
comment on column private.audit_browser_actions.action is 'An audit_log.action value the site''s browser code logs.';
comment on column private.audit_browser_actions.description is 'When the browser logs it.';

alter table private.audit_browser_actions enable row level security;
-- no policies: read only by the functions below (security definer) and operators.

insert into private.audit_browser_actions (action, description) values
  ('auth_sign_up_success', 'A sign-up was accepted (stored only if it opened a session).'),
  ('auth_sign_up_failed', 'The server refused a sign-up.'),
  ('auth_sign_up_error', 'A sign-up failed before the server answered.'),
  ('auth_sign_in_success', 'A password sign-in succeeded.'),
  ('auth_sign_in_failed', 'The server refused a sign-in.'),
  ('auth_sign_in_error', 'A sign-in failed before the server answered.'),
  ('auth_mfa_enrolled', 'An authenticator app was enrolled and its first code verified.'),
  ('auth_mfa_verified', 'A second-factor code was verified at sign-in.'),
  ('auth_mfa_failed', 'A second-factor code was refused or could not be checked.'),
  ('auth_sign_out', 'A user signed out of the site.'),
  ('auth_staff_sign_out', 'A user signed out from the staff area.'),
  ('contact_form_submitted', 'A signed-in user sent an enquiry.'),
  ('contact_form_failed', 'A signed-in user''s enquiry was refused or failed.');

create table private.audit_browser_limits (
  id boolean primary key default true,
  entries_per_account_per_hour integer not null default 30,
  entries_per_client_per_hour integer not null default 60,
  details_max_bytes integer not null default 1024,

  constraint audit_browser_limits_single_row check (id),
  constraint audit_browser_limits_positive check (
    entries_per_account_per_hour > 0
    and entries_per_client_per_hour > 0
    and details_max_bytes between 2 and 8192
  )
);

comment on table private.audit_browser_limits is 'One row: the limits on audit entries browsers add. Change with update, never insert.';
comment on column private.audit_browser_limits.id is 'Always true: the table holds exactly one row.';
comment on column private.audit_browser_limits.entries_per_account_per_hour is 'Browser audit entries accepted from one account in any hour.';
comment on column private.audit_browser_limits.entries_per_client_per_hour is 'Browser audit entries accepted from one client address in any hour (Data API requests only).';
comment on column private.audit_browser_limits.details_max_bytes is 'Largest details object a browser entry may carry, in bytes of its JSON text.';

insert into private.audit_browser_limits default values;

alter table private.audit_browser_limits enable row level security;
-- no policies: read only by the functions below and operators.

create table private.audit_browser_writes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_address text,
  created_at timestamptz not null default now()
);

comment on table private.audit_browser_writes is
  'One row per audit entry a browser added in the last hour: who and from which client address, for the rate limits. Older rows are deleted as new ones arrive.';
comment on column private.audit_browser_writes.id is 'Server-generated key.';
comment on column private.audit_browser_writes.user_id is 'The account that added the entry; the row goes with the account.';
comment on column private.audit_browser_writes.client_address is 'The client address key of the request (private.enquiry_client_address()); null outside a Data API request.';
comment on column private.audit_browser_writes.created_at is 'When the entry was added.';

create index audit_browser_writes_user_id_idx on private.audit_browser_writes (user_id);
create index audit_browser_writes_client_address_idx
  on private.audit_browser_writes (client_address)
  where client_address is not null;
create index audit_browser_writes_created_at_idx on private.audit_browser_writes (created_at);

alter table private.audit_browser_writes enable row level security;
-- no policies: written and read only by private.admit_browser_audit_entry().

create function private.admit_browser_audit_entry(_action text, _details jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.audit_browser_limits;
  account uuid := auth.uid();
  client text := private.enquiry_client_address();
  recent integer;
begin
  if not exists (select 1 from private.audit_browser_actions as allowed where allowed.action = _action) then
    raise exception using
      errcode = '42501',
      message = pg_catalog.format('The audit action %s cannot be recorded from a browser.', coalesce(_action, 'null')),
      detail = 'Browsers record only the site''s sign-in and enquiry events; admin actions are recorded by the database.',
      hint = 'audit_log_action_not_allowed';
  end if;

  select * into limits from private.audit_browser_limits;

  if _details is not null and (
    pg_catalog.jsonb_typeof(_details) <> 'object'
    or pg_catalog.octet_length(_details::text) > limits.details_max_bytes
    or exists (
      select 1 from pg_catalog.jsonb_each(_details) as field
       where pg_catalog.jsonb_typeof(field.value) in ('object', 'array')
    )
  ) then
    raise exception using
      errcode = '22023',
      message = 'Audit details must be a flat JSON object (no nested objects or arrays) of at most '
        || limits.details_max_bytes || ' bytes.',
      hint = 'audit_log_details_invalid';
  end if;

  -- one lock for every browser entry, so two requests cannot both take the last free place.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('audit_log_browser_writes'));

  delete from private.audit_browser_writes as old
   where old.created_at <= pg_catalog.now() - interval '1 hour';

  select pg_catalog.count(*) into recent
    from private.audit_browser_writes as earlier
   where earlier.user_id = account;
  if recent >= limits.entries_per_account_per_hour then
    raise exception using
      errcode = 'P0001',
      message = 'Too many audit entries from this account. Please try again later.',
      detail = pg_catalog.format('At most %s browser audit entries from one account in an hour.', limits.entries_per_account_per_hour),
      hint = 'audit_log_account_rate_limit';
  end if;

  if client is not null then
    select pg_catalog.count(*) into recent
      from private.audit_browser_writes as earlier
     where earlier.client_address = client;
    if recent >= limits.entries_per_client_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many audit entries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s browser audit entries from one network address in an hour.', limits.entries_per_client_per_hour),
        hint = 'audit_log_client_rate_limit';
    end if;
  end if;

  insert into private.audit_browser_writes (user_id, client_address) values (account, client);
end;
$$;

comment on function private.admit_browser_audit_entry(text, jsonb) is
  'Checks one audit entry a browser adds (allowed action, flat details within the size cap, per-account and per-client hourly rates) and counts it; raises 42501, 22023 or P0001 otherwise. Called by the audit_log_browser_rules trigger.';

revoke execute on function private.admit_browser_audit_entry(text, jsonb) from public, anon;
-- the trigger below runs with the inserting role's rights, so that role must be able to call it.
grant execute on function private.admit_browser_audit_entry(text, jsonb) to authenticated;

-- security invoker on purpose: current_user is then the role that inserts. It is anon or
-- authenticated for a Data API insert (and inside a security invoker function called by one),
-- and the function's owner when a security definer function or trigger writes the entry.
create function private.check_browser_audit_entry()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    perform private.admit_browser_audit_entry(new.action, new.details);
  end if;
  return new;
end;
$$;

comment on function private.check_browser_audit_entry() is
  'BEFORE INSERT trigger on audit_log: entries inserted with a Data API role''s own rights must pass private.admit_browser_audit_entry(); entries written by security definer code pass unchecked.';

revoke execute on function private.check_browser_audit_entry() from public, anon, authenticated;

create trigger audit_log_browser_rules
  before insert on public.audit_log
  for each row
  execute function private.check_browser_audit_entry();

drop policy "users record their own actions" on public.audit_log;

create policy "users record their own browser events"
  on public.audit_log
  for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      user_email is null
      or lower(user_email) = lower((select auth.jwt()) ->> 'email')
    )
  );

create function private.write_admin_audit(_action text, _resource text, _resource_id text, _details jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may record admin actions.';
  end if;
  if _action is null or _action !~ '^admin_[a-z_]+$' then
    raise exception using
      errcode = '22023',
      message = pg_catalog.format('%s is not an admin action.', coalesce(_action, 'null'));
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    _action,
    _resource,
    _resource_id,
    _details
  );
end;
$$;

comment on function private.write_admin_audit(text, text, text, jsonb) is
  'Appends one admin_* audit entry for the calling admin (aal2); refuses anyone else (42501). For security invoker admin RPCs, whose own inserts would count as a browser''s.';

revoke execute on function private.write_admin_audit(text, text, text, jsonb) from public, anon;
grant execute on function private.write_admin_audit(text, text, text, jsonb) to authenticated;

create function private.record_enquiry_export(
  _exported integer,
  _status text,
  _interest text,
  _timeline text,
  _searched boolean
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may export enquiries.';
  end if;
  if _exported is null or _exported < 0 or _exported > 1000000 then
    raise exception using
      errcode = '22023',
      message = 'The exported count must be a whole number from 0 to 1000000.';
  end if;
  if (_status is not null and _status !~ '^[a-z_]{1,32}$')
    or (_interest is not null and _interest !~ '^[a-z0-9-]{1,64}$')
    or (_timeline is not null and _timeline !~ '^[a-z0-9-]{1,64}$') then
    raise exception using
      errcode = '22023',
      message = 'The status, interest and timeline filters must be option values (lower-case words), or null.';
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    'admin_export_submissions',
    'contact_submissions',
    pg_catalog.jsonb_build_object(
      'count', _exported,
      'status', _status,
      'interest', _interest,
      'timeline', _timeline,
      'searched', coalesce(_searched, false)
    )
  );
end;
$$;

comment on function private.record_enquiry_export(integer, text, text, text, boolean) is
  'Admins only (aal2): records a CSV export of enquiries as admin_export_submissions with the row count, the option filters and whether a search was applied, never the search text. Called by public.record_enquiry_export().';

revoke execute on function private.record_enquiry_export(integer, text, text, text, boolean) from public, anon;
grant execute on function private.record_enquiry_export(integer, text, text, text, boolean) to authenticated;

create function public.record_enquiry_export(
  exported integer,
  status text default null,
  interest text default null,
  timeline text default null,
  searched boolean default false
)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.record_enquiry_export(exported, status, interest, timeline, searched);
$$;

comment on function public.record_enquiry_export(integer, text, text, text, boolean) is
  'Admin-only: records that the admin exported `exported` enquiries to CSV, with the status, interest and timeline filters (null for all) and whether a search narrowed them; the search text itself is not stored.';

revoke execute on function public.record_enquiry_export(integer, text, text, text, boolean) from public, anon;
grant execute on function public.record_enquiry_export(integer, text, text, text, boolean) to authenticated;

create or replace function public.retry_failed_enquiry_mail(job_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  retried private.enquiry_mail_jobs;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may re-send notification e-mails.';
  end if;

  update private.enquiry_mail_jobs as job
     set status = 'pending',
         attempts = 0,
         next_attempt_at = pg_catalog.now(),
         updated_at = pg_catalog.now()
   where job.id = job_id
     and job.status = 'failed'
  returning job.* into retried;

  if retried.id is null then
    return false;
  end if;

  perform private.write_admin_audit(
    'admin_enquiry_mail_retried',
    'enquiry_mail_jobs',
    retried.id::text,
    pg_catalog.jsonb_build_object('kind', retried.kind, 'last_error', pg_catalog.left(retried.last_error, 300))
  );
  return true;
end;
$$;
