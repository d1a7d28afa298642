-- Migration: the enquiry list's filter counts in one query instead of one request per status.
--
--   public.enquiry_list_counts(_search, _interest, _timeline)
--       admins only (aal2; 42501 otherwise): one row per status with the number of enquiries
--       matching the search, interest and timeline (total), how many of them are held (held),
--       how many the caller has not opened (unread) and how many are both (held_unread).
--       The list's status, held and unread filters are applied by the caller to these four
--       figures, so each count the filters show (per status, held, unread) honours the other
--       filters, and toggling one of them needs no new request.
--
-- The search means what the list's search means (src/features/admin/submission-search.ts): the
-- text, trimmed and cut to 100 characters, matched case-insensitively anywhere in Name, Email,
-- Company or Message; \, % and _ match themselves and * matches any one character (PostgREST has
-- no escape for *, so the list sends it as _). An empty search, interest or timeline is no filter.
--
-- The counting function is security definer in private (it counts read marks of the caller
-- only, by auth.uid()); the public function is a security invoker wrapper, as elsewhere.

create function private.enquiry_list_counts(_search text, _interest text, _timeline text)
returns table (status text, total bigint, held bigint, unread bigint, held_unread bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  term text := pg_catalog.left(pg_catalog.btrim(coalesce(_search, '')), 100);
  pattern text;
begin
  perform private.require_enquiry_admin();
  if term <> '' then
    pattern := '%' || pg_catalog.replace(
      pg_catalog.replace(
        pg_catalog.replace(pg_catalog.replace(term, '\', '\\'), '%', '\%'),
        '_',
        '\_'
      ),
      '*',
      '_'
    ) || '%';
  end if;
  return query
    with matching as (
      select
        s.status,
        s.held_at is not null as is_held,
        not exists (
          select 1
            from public.enquiry_reads as r
           where r.submission_id = s.id
             and r.user_id = (select auth.uid())
        ) as is_unread
      from public.contact_submissions as s
      where (pattern is null
             or s."Name" ilike pattern
             or s."Email" ilike pattern
             or s."Company" ilike pattern
             or s."Message" ilike pattern)
        and (coalesce(_interest, '') = '' or s."Interest" = _interest)
        and (coalesce(_timeline, '') = '' or s."Timeline" = _timeline)
    )
    select
      m.status,
      pg_catalog.count(*),
      pg_catalog.count(*) filter (where m.is_held),
      pg_catalog.count(*) filter (where m.is_unread),
      pg_catalog.count(*) filter (where m.is_held and m.is_unread)
    from matching as m
    group by m.status
    order by m.status;
end;
$$;

comment on function private.enquiry_list_counts(text, text, text) is
  'Counts per status (total, held, unread by the caller, both) for the list''s search, interest and timeline; see public.enquiry_list_counts.';

revoke execute on function private.enquiry_list_counts(text, text, text) from public, anon;
grant execute on function private.enquiry_list_counts(text, text, text) to authenticated;

create function public.enquiry_list_counts(
  _search text default '',
  _interest text default '',
  _timeline text default ''
)
returns table (status text, total bigint, held bigint, unread bigint, held_unread bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.enquiry_list_counts(_search, _interest, _timeline);
$$;

comment on function public.enquiry_list_counts(text, text, text) is
  'Admins only (aal2): one row per status with the enquiries matching the list''s search, interest and timeline: total, held, unread by the caller, and held_unread. Statuses with none are left out.';

revoke execute on function public.enquiry_list_counts(text, text, text) from public, anon;
grant execute on function public.enquiry_list_counts(text, text, text) to authenticated;
