-- Migration: the staff name on replies and reminders comes from public.staff_profiles.
--
-- Purpose: private.staff_display_name() read auth.users' user_metadata.full_name, which the
-- user writes through auth.updateUser() with no limit; staff names now live in
-- public.staff_profiles (bounded, set by the account or an admin). The name is that row's
-- display_name, else the local part of the account's address, cleaned for a mail display name
-- as before (no control characters, quotes, backslashes or angle brackets, at most 100
-- characters). plpgsql resolves the table when the function runs, so this migration applies
-- before the one that creates staff_profiles (20261126140000) as well as after it.
--
-- Objects: function private.staff_display_name(uuid) (replaced, same signature and grants).

drop function private.staff_display_name(uuid);

create function private.staff_display_name(_user_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chosen text;
begin
  if pg_catalog.to_regclass('public.staff_profiles') is not null then
    select profile.display_name into chosen
      from public.staff_profiles as profile
     where profile.user_id = _user_id;
  end if;
  if chosen is null then
    select pg_catalog.split_part(account.email, '@', 1) into chosen
      from auth.users as account
     where account.id = _user_id;
  end if;
  return nullif(
    pg_catalog.left(
      pg_catalog.btrim(pg_catalog.regexp_replace(chosen, '[[:cntrl:][:space:]"\\<>]+', ' ', 'g')),
      100
    ),
    ''
  );
end;
$$;

comment on function private.staff_display_name(uuid) is
  'A staff member''s name for mail and replies: their staff_profiles display_name, else their address''s local part; without control characters, quotes, backslashes or angle brackets, at most 100 characters; null for an unknown account.';

revoke execute on function private.staff_display_name(uuid) from public, anon, authenticated;
