-- Migration: one function for "the caller is a staff admin", used by every admin policy and RPC
-- added from now on.
--
-- Purpose: today an admin is anyone holding the admin role. When staff sign-in requires a second
-- factor, the rule becomes "admin role and an aal2 session"; keeping the rule in one function
-- means that change is one `create or replace` instead of an edit to every policy.
--
-- Objects: function private.is_admin().

create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_role((select auth.uid()), 'admin');
$$;

comment on function private.is_admin() is
  'True when the caller (auth.uid()) is a staff admin. For RLS policies and RPCs: (select private.is_admin()).';

revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;
