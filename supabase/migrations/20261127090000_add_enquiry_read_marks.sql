-- Migration: each staff member sees which enquiries they have not opened yet, and the enquiry list
-- can be filtered to those and sorted without regard to letter case.
--
--   public.enquiry_reads            one row per staff member and enquiry they opened (read_at).
--                                   Foreign keys cascade: deleting an enquiry (a delete, retention,
--                                   erasure) or an account deletes its marks. RLS: an admin at
--                                   aal2 reads their own marks only; nobody writes through the
--                                   Data API, only through mark_enquiry_read()
--   public.mark_enquiry_read(_submission_id, _read default true)
--                                   admins only: marks an enquiry opened (read_at now) or, with
--                                   _read false, not opened, for the caller. P0002
--                                   enquiry_not_found for an unknown id
--   public.enquiry_read_ids(_ids)   admins only: which of the given enquiry ids (a JSON array of
--                                   at most 200 uuids) the caller has opened. 22023
--                                   enquiry_read_ids_invalid otherwise
--   public.enquiry_list             the enquiry list's view: every column of contact_submissions
--                                   plus read_by_me (the caller opened it), name_key and
--                                   company_key (lower case, for sorting) and status_rank (the
--                                   workflow's order). security_invoker: the caller's RLS applies
--                                   to both tables, so an admin at aal2 sees every enquiry and
--                                   only their own marks, anyone else nothing
--
-- Why a view: PostgREST filters and sorts only on columns of what it reads, and "not opened by
-- me" depends on who asks. The view gives that as a plain boolean column, so unread=1 is one
-- filter (read_by_me=eq.false) with the count, sort and paging PostgREST already does, instead
-- of sending the ids read (a list without bound) or moving the list into a function. See
-- docs/decisions (enquiry list read through a security-invoker view).
--
-- The view lists the table's columns as they are now: a migration that adds a column to
-- contact_submissions must recreate the view (create or replace view ... with the new column
-- last). An integration test (enquiry-reads) fails when the two differ.
--
-- The ids travel as a JSON array, as bulk_enquiry_action's do: the embedded backend passes RPC
-- arguments as JSON, and a JSON array does not cast to uuid[].

create table public.enquiry_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  submission_id uuid not null references public.contact_submissions (id) on delete cascade,
  read_at timestamptz not null default pg_catalog.now(),
  primary key (user_id, submission_id)
);

comment on table public.enquiry_reads is
  'Which enquiries each staff member has opened: an enquiry is unread for a staff member until they open it. Written only by public.mark_enquiry_read(); each admin reads their own rows.';
comment on column public.enquiry_reads.user_id is 'The staff account that opened the enquiry (auth.users.id).';
comment on column public.enquiry_reads.submission_id is 'The enquiry opened (contact_submissions.id).';
comment on column public.enquiry_reads.read_at is 'When that staff member last marked it opened.';

-- The primary key serves "my marks"; this one serves the cascade when an enquiry is deleted.
create index enquiry_reads_submission_id_idx on public.enquiry_reads (submission_id);

alter table public.enquiry_reads enable row level security;

revoke all on table public.enquiry_reads from anon, authenticated, service_role;
grant select on table public.enquiry_reads to authenticated;
grant select, delete on table public.enquiry_reads to service_role;

create policy "admins read their own read marks"
  on public.enquiry_reads
  for select
  to authenticated
  using (user_id = (select auth.uid()) and (select private.is_admin()));

create function private.require_enquiry_admin()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins who have verified their second factor may do this.';
  end if;
end;
$$;

comment on function private.require_enquiry_admin() is
  'Raises 42501 unless the caller is an admin at aal2 (private.is_admin()).';

revoke execute on function private.require_enquiry_admin() from public, anon;
grant execute on function private.require_enquiry_admin() to authenticated, service_role;

create function private.mark_enquiry_read(_submission_id uuid, _read boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  perform private.require_enquiry_admin();
  if _submission_id is null
     or not exists (select 1 from public.contact_submissions as s where s.id = _submission_id) then
    raise exception using
      errcode = 'P0002',
      message = 'No enquiry with this id.',
      hint = 'enquiry_not_found';
  end if;
  if coalesce(_read, true) then
    insert into public.enquiry_reads (user_id, submission_id)
    values (me, _submission_id)
    on conflict (user_id, submission_id) do update set read_at = pg_catalog.now();
  else
    delete from public.enquiry_reads as r
     where r.user_id = me and r.submission_id = _submission_id;
  end if;
end;
$$;

comment on function private.mark_enquiry_read(uuid, boolean) is
  'Marks an enquiry opened (or not) by the calling admin; see public.mark_enquiry_read.';

revoke execute on function private.mark_enquiry_read(uuid, boolean) from public, anon;
grant execute on function private.mark_enquiry_read(uuid, boolean) to authenticated;

create function public.mark_enquiry_read(_submission_id uuid, _read boolean default true)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.mark_enquiry_read(_submission_id, _read);
$$;

comment on function public.mark_enquiry_read(uuid, boolean) is
  'Admins only (aal2): marks the enquiry opened by the caller, or not opened with _read false. P0002 enquiry_not_found for an unknown id.';

revoke execute on function public.mark_enquiry_read(uuid, boolean) from public, anon;
grant execute on function public.mark_enquiry_read(uuid, boolean) to authenticated;

create function private.enquiry_read_ids(_ids jsonb)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  ok boolean;
begin
  perform private.require_enquiry_admin();
  -- Checked in steps: the length or elements of something that is not an array raise errors of
  -- their own, and an or does not promise to look at its left side first.
  if _ids is null or pg_catalog.jsonb_typeof(_ids) <> 'array' then
    ok := false;
  elsif pg_catalog.jsonb_array_length(_ids) > 200 then
    ok := false;
  else
    ok := not exists (
      select 1
        from pg_catalog.jsonb_array_elements(_ids) as element
       where pg_catalog.jsonb_typeof(element) <> 'string'
          or (element #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    );
  end if;
  if not ok then
    raise exception using
      errcode = '22023',
      message = 'Ask about at most 200 enquiries at once.',
      detail = 'The ids must be a JSON array of up to 200 enquiry ids (uuids).',
      hint = 'enquiry_read_ids_invalid';
  end if;
  return query
    select r.submission_id
      from public.enquiry_reads as r
     where r.user_id = (select auth.uid())
       and r.submission_id in (
         select element::uuid from pg_catalog.jsonb_array_elements_text(_ids) as element
       );
end;
$$;

comment on function private.enquiry_read_ids(jsonb) is
  'The ids among _ids the calling admin has opened; see public.enquiry_read_ids.';

revoke execute on function private.enquiry_read_ids(jsonb) from public, anon;
grant execute on function private.enquiry_read_ids(jsonb) to authenticated;

create function public.enquiry_read_ids(_ids jsonb)
returns setof uuid
language sql
stable
security invoker
set search_path = ''
as $$
  select private.enquiry_read_ids(_ids);
$$;

comment on function public.enquiry_read_ids(jsonb) is
  'Admins only (aal2): the ids among _ids (a JSON array of at most 200 enquiry ids) that the caller has opened. 22023 enquiry_read_ids_invalid otherwise.';

revoke execute on function public.enquiry_read_ids(jsonb) from public, anon;
grant execute on function public.enquiry_read_ids(jsonb) to authenticated;

create view public.enquiry_list
with (security_invoker = true)
as
select
  s.*,
  exists (
    select 1
      from public.enquiry_reads as r
     where r.submission_id = s.id
       and r.user_id = (select auth.uid())
  ) as read_by_me,
  pg_catalog.lower(s."Name") as name_key,
  pg_catalog.lower(s."Company") as company_key,
  pg_catalog.array_position(
    array['new', 'in_progress', 'won', 'lost', 'spam']::text[],
    s.status
  ) as status_rank
from public.contact_submissions as s;

comment on view public.enquiry_list is
  'The staff enquiry list: contact_submissions with the caller''s read mark and sort keys. security_invoker, so RLS of contact_submissions and enquiry_reads applies to the caller. Recreate it when contact_submissions gains a column.';
comment on column public.enquiry_list.read_by_me is
  'True when the calling staff member has opened the enquiry (a row in enquiry_reads).';
comment on column public.enquiry_list.name_key is 'The name in lower case: sorts A to Z whatever the case.';
comment on column public.enquiry_list.company_key is 'The company in lower case: sorts A to Z whatever the case.';
comment on column public.enquiry_list.status_rank is
  'The status in the workflow''s order: new 1, in_progress 2, won 3, lost 4, spam 5.';

revoke all on table public.enquiry_list from anon, authenticated, service_role;
grant select on table public.enquiry_list to authenticated, service_role;
