-- Migration: staff admins need a second factor for every read and change through the API.
--
-- Purpose: holding the admin role is no longer enough. An admin's request counts as an admin's
-- only when its JWT says the session was raised to aal2 by a verified TOTP code; a password-only
-- (aal1) session of the same account reads no enquiry, note, mail job or audit entry, changes
-- none, and every admin RPC refuses it with 42501. Every admin policy and RPC already asks
-- (select private.is_admin()), so the rule changes in that one function. The one policy still
-- asking private.has_role() directly (the audit log read) is recreated to use is_admin() too.
-- Unchanged on purpose: a user's read of their own user_roles rows (the UI asks "am I an admin?"
-- before the code step, at aal1), and checks on another user's id such as
-- private.has_role(new.assigned_to, 'admin'), which ask whether that person is staff, not
-- whether the caller proved a second factor.
--
-- Objects: function private.is_admin() (replaced);
--          policy "admins read the audit log" on public.audit_log (recreated).

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal') = 'aal2', false)
    and private.has_role((select auth.uid()), 'admin');
$$;

comment on function private.is_admin() is
  'True when the caller (auth.uid()) holds the admin role and their JWT is aal2 (second factor verified). For RLS policies and RPCs: (select private.is_admin()).';

revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;

drop policy "admins read the audit log" on public.audit_log;

create policy "admins read the audit log"
  on public.audit_log
  for select
  to authenticated
  using ((select private.is_admin()));
