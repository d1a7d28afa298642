-- Migration: the enquiry list's search rule lives in the database, in one function, served by
-- indexes; the list's counts take an assignee filter.
--
--   private.enquiry_search_text(name, email, company, message)
--       immutable: the fields the search looks in as one text, without accents (unaccent, its
--       dictionary named) and in lower case, so "ZOË", "Zoë" and "zoe" read alike. Called with
--       the term alone (the other fields null) it normalises the typed text the same way.
--   private.phone_search_key(phone)
--       immutable: the national significant digits of a phone number: every non-digit dropped,
--       then leading zeros (a trunk 0, an international 00) and a UK country code 44 (and a "(0)"
--       after it), so "07700 900123", "+44 7700 900123" and "0044 (0)7700 900123" are all
--       7700900123.
--   private.enquiry_ids_matching(_search)
--       admins only (aal2; 42501): THE search rule. The ids of the enquiries matching the typed
--       text: control characters made spaces, trimmed, cut to 100 characters, normalised by
--       enquiry_search_text and found anywhere in an enquiry's enquiry_search_text, with \, %, _
--       and * matching themselves. A text of phone characters only (digits, space, + - ( ) . /)
--       whose phone_search_key is not empty also finds the enquiries whose phone_search_key holds
--       it. Null for a blank text, which every enquiry matches. The ids rather than rows: the list
--       and the counts read their rows by primary key (id = any(ids)), and with no search read
--       the view as they did, instead of every enquiry passing through a function's result.
--   public.search_enquiry_list(_search)
--       the list's and the export's read while staff search: PostgREST filters, orders, pages and
--       counts its rows as it does the view's.
--   public.enquiry_list_counts(_search, _interest, _timeline, _assignee)
--       replaces the three-argument version: the counts read enquiry_ids_matching too, and take the
--       list's assignee filter: '' anyone, 'none' unassigned, 'me' the caller, or a staff
--       member's id (anything else: 22023).
--
-- Two trigram GIN indexes (pg_trgm) serve the search, on enquiry_search_text and on
-- phone_search_key of contact_submissions, so a search of three characters or more reads an index
-- instead of every enquiry (a shorter pattern holds no trigram to look up, and the planner scans,
-- as it should for a term that matches most rows).
--
-- unaccent is stable, not immutable (its rules could change), so it cannot sit in an index as it
-- is: enquiry_search_text calls its two-argument form with the dictionary schema-qualified and
-- declares itself immutable: with the dictionary named, its result depends only on its argument
-- and the rules file. Reindex both indexes if the unaccent rules ever change.
--
-- An index expression runs as whoever writes the row, and a visitor (anon) inserts enquiries, so
-- the two immutable functions are executable by anon, authenticated and service_role, and call
-- nothing in private (a SQL function's body is resolved as its caller, who has no usage on it).
--
-- search_enquiry_list returns rows of public.enquiry_list: a migration that drops and recreates
-- that view must drop and recreate search_enquiry_list with it.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

create function private.enquiry_search_text(
  _name text,
  _email text,
  _company text,
  _message text
)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- A line break between fields, which a search text never holds (enquiry_ids_matching turns
  -- control characters into spaces), so no match runs from one field into the next. Null fields
  -- are left out: enquiry_search_text(term, null, null, null) is the term as the search reads it.
  select pg_catalog.lower(
    extensions.unaccent(
      'extensions.unaccent'::regdictionary,
      pg_catalog.concat_ws(E'\n', _name, _email, _company, _message)
    )
  );
$$;

comment on function private.enquiry_search_text(text, text, text, text) is
  'The fields the enquiry search looks in (Name, Email, Company, Message) as one text, without accents (unaccent) and in lower case. Indexed (contact_submissions_search_text_idx).';

revoke execute on function private.enquiry_search_text(text, text, text, text) from public;
grant execute on function private.enquiry_search_text(text, text, text, text)
  to anon, authenticated, service_role;

create function private.phone_search_key(_phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
           when digits.national like '44%'
             then pg_catalog.ltrim(pg_catalog.substr(digits.national, 3), '0')
           else digits.national
         end
    from (
      select pg_catalog.ltrim(
        pg_catalog.regexp_replace(coalesce(_phone, ''), '[^0-9]', '', 'g'),
        '0'
      ) as national
    ) as digits;
$$;

comment on function private.phone_search_key(text) is
  'A phone number as the enquiry search compares it: its digits without leading zeros and without a leading UK country code 44, so 07700 900123 and +44 7700 900123 are both 7700900123. Indexed (contact_submissions_phone_key_idx).';

revoke execute on function private.phone_search_key(text) from public;
grant execute on function private.phone_search_key(text) to anon, authenticated, service_role;

create index contact_submissions_search_text_idx
  on public.contact_submissions
  using gin (
    private.enquiry_search_text("Name", "Email", "Company", "Message") extensions.gin_trgm_ops
  );

create index contact_submissions_phone_key_idx
  on public.contact_submissions
  using gin (private.phone_search_key("Phone") extensions.gin_trgm_ops)
  where "Phone" is not null;

create function private.enquiry_ids_matching(_search text)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  term text := pg_catalog.left(
    pg_catalog.btrim(pg_catalog.regexp_replace(coalesce(_search, ''), '[[:cntrl:]]', ' ', 'g')),
    100
  );
  pattern text;
  phone text := '';
begin
  perform private.require_enquiry_admin();
  if term = '' then
    return null;
  end if;
  -- \ first, so the escapes added for % and _ are not escaped again.
  pattern := '%' || pg_catalog.replace(
    pg_catalog.replace(
      pg_catalog.replace(private.enquiry_search_text(term, null, null, null), '\', '\\'),
      '%',
      '\%'
    ),
    '_',
    '\_'
  ) || '%';
  if term ~ '^[0-9 +()./-]+$' then
    phone := private.phone_search_key(term);
  end if;
  -- Two queries rather than one with "phone <> '' and ...": each is planned for what it asks,
  -- and an OR arm no index serves would make the whole search a scan.
  if phone = '' then
    return array(
      select s.id
        from public.contact_submissions as s
       where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
    );
  end if;
  return array(
    select s.id
      from public.contact_submissions as s
     where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
        or (s."Phone" is not null
            and private.phone_search_key(s."Phone") like '%' || phone || '%')
  );
end;
$$;

comment on function private.enquiry_ids_matching(text) is
  'Admins only (aal2; 42501): the enquiry search rule. The ids of the enquiries whose Name, Email, Company or Message holds the text (control characters made spaces, trimmed, first 100 characters, accents and case ignored, \ % _ * literal) or, for a text of phone characters, whose phone holds its digits (leading 0, 00 and 44 ignored on both sides). Null for a blank text, which every enquiry matches. Read by search_enquiry_list and enquiry_list_counts.';

revoke execute on function private.enquiry_ids_matching(text) from public, anon;
grant execute on function private.enquiry_ids_matching(text) to authenticated;

create function public.search_enquiry_list(_search text default '')
returns setof public.enquiry_list
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  ids uuid[] := private.enquiry_ids_matching(_search);
begin
  return query
    select l.* from public.enquiry_list as l where ids is null or l.id = any(ids);
end;
$$;

comment on function public.search_enquiry_list(text) is
  'Admins only (aal2; 42501 for others): the enquiry list''s rows matching a search as staff typed it (see private.enquiry_ids_matching). Filter, order, page and count the result as the enquiry_list view.';

revoke execute on function public.search_enquiry_list(text) from public, anon;
grant execute on function public.search_enquiry_list(text) to authenticated;

drop function public.enquiry_list_counts(text, text, text);
drop function private.enquiry_list_counts(text, text, text);

create function private.enquiry_list_counts(
  _search text,
  _interest text,
  _timeline text,
  _assignee text
)
returns table (status text, total bigint, held bigint, unread bigint, held_unread bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  assignee text := coalesce(_assignee, '');
  assignee_id uuid;
  ids uuid[];
begin
  perform private.require_enquiry_admin();
  ids := private.enquiry_ids_matching(_search);
  if assignee = 'me' then
    assignee_id := (select auth.uid());
  elsif assignee not in ('', 'none') then
    begin
      assignee_id := assignee::uuid;
    exception when invalid_text_representation then
      raise exception using
        errcode = '22023',
        message = 'The assignee filter is empty, none, me or a staff member''s id.';
    end;
  end if;
  return query
    select
      m.status,
      pg_catalog.count(*),
      pg_catalog.count(*) filter (where m.held_at is not null),
      pg_catalog.count(*) filter (where not m.read_by_me),
      pg_catalog.count(*) filter (where m.held_at is not null and not m.read_by_me)
    from public.enquiry_list as m
    where (ids is null or m.id = any(ids))
      and (coalesce(_interest, '') = '' or m."Interest" = _interest)
      and (coalesce(_timeline, '') = '' or m."Timeline" = _timeline)
      and (assignee = ''
           or (assignee = 'none' and m.assigned_to is null)
           or m.assigned_to = assignee_id)
    group by m.status
    order by m.status;
end;
$$;

comment on function private.enquiry_list_counts(text, text, text, text) is
  'Counts per status (total, held, unread by the caller, both) for the list''s search, interest, timeline and assignee; see public.enquiry_list_counts.';

revoke execute on function private.enquiry_list_counts(text, text, text, text) from public, anon;
grant execute on function private.enquiry_list_counts(text, text, text, text) to authenticated;

create function public.enquiry_list_counts(
  _search text default '',
  _interest text default '',
  _timeline text default '',
  _assignee text default ''
)
returns table (status text, total bigint, held bigint, unread bigint, held_unread bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.enquiry_list_counts(_search, _interest, _timeline, _assignee);
$$;

comment on function public.enquiry_list_counts(text, text, text, text) is
  'Admins only (aal2): one row per status with the enquiries matching the list''s search (private.enquiry_ids_matching), interest, timeline and assignee ('''' anyone, none, me, or a staff id): total, held, unread by the caller, and held_unread. Statuses with none are left out.';

revoke execute on function public.enquiry_list_counts(text, text, text, text) from public, anon;
grant execute on function public.enquiry_list_counts(text, text, text, text) to authenticated;
