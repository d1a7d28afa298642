-- Migration: what staff may change on an enquiry is its workflow alone; browsers cannot write
-- entries that name an enquiry; renaming needs the second step; a former admin keeps no leads;
-- campaign tags are tokens.
--
-- 1. Staff update only status, assigned_to and last_contacted_at. An admin session could update
--    every column the visitor wrote ("Email", "Name", the message...) and the audit trigger
--    recorded only the workflow fields, so a stolen aal2 session could point an enquiry at any
--    address and send it replies from the company's sender with no trace of the change. What a
--    visitor wrote now stays as written; held_at was already changed only by the release action
--    (a security definer function), which keeps working. The service role keeps its grants.
-- 2. A browser's own audit entry (inserted with the anon or authenticated role's rights) may not
--    name a resource by id, except its own MFA factor: the enquiry timeline reads the audit rows
--    of an enquiry, and any signed-up account that learned an enquiry's id (it is in staff mail
--    links) could add events to it. Refused with 42501, hint audit_log_resource_not_allowed.
-- 3. "Staff rename themselves" also asks for an admin at aal2 (private.is_admin()): an aal1
--    session, or a former admin, could change the name shown on outgoing replies.
-- 4. When an account stops holding the admin role (revoked, or its row deleted or changed by an
--    operator), the enquiries assigned to it return to the team (unassigned), each change audited
--    by the enquiry's own trigger. Enquiries could only be assigned to an admin already, so the
--    assignee, who gets the reply reminders, is always a current admin.
-- 5. utm_source, utm_medium and utm_campaign hold only the characters campaign tags use
--    ([A-Za-z0-9._~+-], 1 to 100): free text such as "Reset your password at https://..." was
--    shown to staff under "By source" as if the system had written it. Values already stored
--    that do not fit are cleared first.
--
-- Objects: column grants on public.contact_submissions; function
-- private.check_browser_audit_entry() (replaced); policy "staff rename themselves" replaced by
-- "staff at aal2 rename themselves"; function private.unassign_former_admin() and trigger
-- user_roles_unassign_former_admin; constraints contact_submissions_utm_*_format (replaced).

-- 1 -------------------------------------------------------------------------------------------

revoke update on table public.contact_submissions from authenticated;
grant update (status, assigned_to, last_contacted_at)
  on table public.contact_submissions to authenticated;

-- 2 -------------------------------------------------------------------------------------------

create or replace function private.check_browser_audit_entry()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.resource_id is not null and new.resource is distinct from 'mfa_factor' then
      raise exception using
        errcode = '42501',
        message = 'An audit entry from a browser cannot name a record.',
        detail = 'Only the database records what happened to an enquiry or another record.',
        hint = 'audit_log_resource_not_allowed';
    end if;
    perform private.admit_browser_audit_entry(new.action, new.details);
  end if;
  return new;
end;
$$;

comment on function private.check_browser_audit_entry() is
  'BEFORE INSERT trigger on audit_log: entries inserted with a Data API role''s own rights name no record by id (but their MFA factor) and must pass private.admit_browser_audit_entry(); entries written by security definer code pass unchecked.';

-- 3 -------------------------------------------------------------------------------------------

drop policy "staff rename themselves" on public.staff_profiles;

create policy "staff at aal2 rename themselves"
  on public.staff_profiles
  for update
  to authenticated
  using (user_id = (select auth.uid()) and (select private.is_admin()))
  with check (user_id = (select auth.uid()) and (select private.is_admin()));

-- 4 -------------------------------------------------------------------------------------------

create function private.unassign_former_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.user_id <> old.user_id)
     and not private.has_role(old.user_id, 'admin') then
    update public.contact_submissions as enquiry
       set assigned_to = null
     where enquiry.assigned_to = old.user_id;
  end if;
  return null;
end;
$$;

comment on function private.unassign_former_admin() is
  'AFTER DELETE/UPDATE trigger on user_roles: when an account no longer holds the admin role, the enquiries assigned to it become unassigned (each change audited by the enquiry''s trigger).';

revoke execute on function private.unassign_former_admin() from public, anon, authenticated;

create trigger user_roles_unassign_former_admin
  after delete or update on public.user_roles
  for each row
  execute function private.unassign_former_admin();

-- 5 -------------------------------------------------------------------------------------------

update public.contact_submissions
   set utm_source = case when utm_source ~ '^[A-Za-z0-9._~+-]{1,100}$' then utm_source end,
       utm_medium = case when utm_medium ~ '^[A-Za-z0-9._~+-]{1,100}$' then utm_medium end,
       utm_campaign = case when utm_campaign ~ '^[A-Za-z0-9._~+-]{1,100}$' then utm_campaign end
 where utm_source !~ '^[A-Za-z0-9._~+-]{1,100}$'
    or utm_medium !~ '^[A-Za-z0-9._~+-]{1,100}$'
    or utm_campaign !~ '^[A-Za-z0-9._~+-]{1,100}$';

alter table public.contact_submissions
  drop constraint contact_submissions_utm_source_format,
  drop constraint contact_submissions_utm_medium_format,
  drop constraint contact_submissions_utm_campaign_format,
  add constraint contact_submissions_utm_source_format
    check (utm_source is null or utm_source ~ '^[A-Za-z0-9._~+-]{1,100}$'),
  add constraint contact_submissions_utm_medium_format
    check (utm_medium is null or utm_medium ~ '^[A-Za-z0-9._~+-]{1,100}$'),
  add constraint contact_submissions_utm_campaign_format
    check (utm_campaign is null or utm_campaign ~ '^[A-Za-z0-9._~+-]{1,100}$');

comment on column public.contact_submissions.utm_source is
  'The utm_source of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';
comment on column public.contact_submissions.utm_medium is
  'The utm_medium of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';
comment on column public.contact_submissions.utm_campaign is
  'The utm_campaign of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';
