-- The enquiry workflow: the staff enquiry list.
--
-- The list's view with each staff member's read marks, its search (accents, case and phone
-- number formats ignored), the counts per status and the enquiries related to one.

CREATE TABLE public.enquiry_reads (
    user_id uuid NOT NULL,
    submission_id uuid NOT NULL,
    read_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.enquiry_reads IS 'Which enquiries each staff member has opened: an enquiry is unread for a staff member until they open it. Written only by public.mark_enquiry_read(); each admin reads their own rows.';

COMMENT ON COLUMN public.enquiry_reads.user_id IS 'The staff account that opened the enquiry (auth.users.id).';

COMMENT ON COLUMN public.enquiry_reads.submission_id IS 'The enquiry opened (contact_submissions.id).';

COMMENT ON COLUMN public.enquiry_reads.read_at IS 'When that staff member last marked it opened.';

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_pkey PRIMARY KEY (user_id, submission_id);

ALTER TABLE public.enquiry_reads ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.enquiry_reads FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_reads TO authenticated;
GRANT SELECT,DELETE ON TABLE public.enquiry_reads TO service_role;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE VIEW public.enquiry_list WITH (security_invoker='true') AS
 SELECT s.id,
    s.created_at,
    s."Name",
    s."Email",
    s."Company",
    s."Job",
    s."Phone",
    s."Interest",
    s."Timeline",
    s."Message",
    s.status,
    s.assigned_to,
    s.last_contacted_at,
    s.held_at,
    s.first_response_at,
    s.landing_page,
    s.referrer_host,
    s.utm_source,
    s.utm_medium,
    s.utm_campaign,
    (EXISTS ( SELECT 1
           FROM public.enquiry_reads r
          WHERE ((r.submission_id = s.id) AND (r.user_id = ( SELECT auth.uid() AS uid))))) AS read_by_me,
    lower(s."Name") AS name_key,
    lower(s."Company") AS company_key,
    array_position(ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text], s.status) AS status_rank,
    private.enquiry_mail_problem_of(s.id, s."Email") AS mail_problem
   FROM public.contact_submissions s;

COMMENT ON VIEW public.enquiry_list IS 'The staff enquiry list: contact_submissions with the caller''s read mark and sort keys. security_invoker, so RLS of contact_submissions and enquiry_reads applies to the caller. Recreate it when contact_submissions gains a column.';

COMMENT ON COLUMN public.enquiry_list.read_by_me IS 'True when the calling staff member has opened the enquiry (a row in enquiry_reads).';

COMMENT ON COLUMN public.enquiry_list.name_key IS 'The name in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.company_key IS 'The company in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.mail_problem IS 'acknowledgement_bounced, bounced or complained when mail to the enquiry''s address is blocked (private.enquiry_mail_problem_of), else null.';

COMMENT ON COLUMN public.enquiry_list.status_rank IS 'The status in the workflow''s order: new 1, in_progress 2, won 3, lost 4, spam 5.';

REVOKE ALL ON TABLE public.enquiry_list FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_list TO authenticated;
GRANT SELECT ON TABLE public.enquiry_list TO service_role;

CREATE FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) IS 'The fields the enquiry search looks in (Name, Email, Company, Message) as one text, without accents (unaccent) and in lower case. Indexed (contact_submissions_search_text_idx).';

REVOKE ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO anon;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO authenticated;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO service_role;

CREATE FUNCTION private.phone_search_key(_phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.phone_search_key(_phone text) IS 'A phone number as the enquiry search compares it: its digits without leading zeros and without a leading UK country code 44, so 07700 900123 and +44 7700 900123 are both 7700900123. Indexed (contact_submissions_phone_key_idx).';

REVOKE ALL ON FUNCTION private.phone_search_key(_phone text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO anon;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO authenticated;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO service_role;

CREATE FUNCTION private.enquiry_ids_matching(_search text) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.enquiry_ids_matching(_search text) IS 'Admins only (aal2; 42501): the enquiry search rule. The ids of the enquiries whose Name, Email, Company or Message holds the text (control characters made spaces, trimmed, first 100 characters, accents and case ignored, \ % _ * literal) or, for a text of phone characters, whose phone holds its digits (leading 0, 00 and 44 ignored on both sides). Null for a blank text, which every enquiry matches. Read by search_enquiry_list and enquiry_list_counts.';

REVOKE ALL ON FUNCTION private.enquiry_ids_matching(_search text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_ids_matching(_search text) TO authenticated;

CREATE FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.enquiry_list_counts(_search text DEFAULT ''::text, _interest text DEFAULT ''::text, _timeline text DEFAULT ''::text, _assignee text DEFAULT ''::text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_list_counts(_search, _interest, _timeline, _assignee);
$$;

COMMENT ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Counts per status (total, held, unread by the caller, both) for the list''s search, interest, timeline and assignee; see public.enquiry_list_counts.';

COMMENT ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Admins only (aal2): one row per status with the enquiries matching the list''s search (private.enquiry_ids_matching), interest, timeline and assignee ('''' anyone, none, me, or a staff id): total, held, unread by the caller, and held_unread. Statuses with none are left out.';

REVOKE ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO service_role;

CREATE FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean DEFAULT true) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.mark_enquiry_read(_submission_id, _read);
$$;

COMMENT ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Marks an enquiry opened (or not) by the calling admin; see public.mark_enquiry_read.';

COMMENT ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Admins only (aal2): marks the enquiry opened by the caller, or not opened with _read false. P0002 enquiry_not_found for an unknown id.';

REVOKE ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO service_role;

CREATE FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  email_key text;
  company_key text;
  shown integer := least(greatest(coalesce(_limit, 10), 1), 50);
begin
  perform private.require_enquiry_admin();

  select pg_catalog.lower(enquiry."Email"),
         pg_catalog.lower(pg_catalog.regexp_replace(enquiry."Company", '\s', '', 'g'))
    into email_key, company_key
    from public.contact_submissions as enquiry
   where enquiry.id = _submission_id;
  if not found then
    return;
  end if;
  if company_key = '' then
    company_key := null;
  end if;

  -- One index scan per side (a union, not an or, so each side keeps its own index).
  return query
    with matched as (
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(other."Email") = email_key
      union
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
             = company_key
    )
    select other.id,
           other."Name",
           other."Email",
           other."Company",
           other.status,
           other.created_at,
           other.held_at is not null,
           pg_catalog.lower(other."Email") = email_key,
           coalesce(
             pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
               = company_key,
             false
           ),
           pg_catalog.count(*) over ()
      from matched
      join public.contact_submissions as other on other.id = matched.id
     where other.id <> _submission_id
     order by other.created_at desc, other.id desc
     limit shown;
end;
$$;

CREATE FUNCTION public.related_enquiries(_submission_id uuid, _limit integer DEFAULT 10) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.related_enquiries(_submission_id, _limit);
$$;

COMMENT ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) IS 'The other enquiries from the same address or company as one enquiry, newest first; see public.related_enquiries.';

COMMENT ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) IS 'Admins only (aal2): the other enquiries sent from the same e-mail address (any letter case) or naming the same company (any letter case and spacing), newest first, at most _limit (1 to 50, default 10), each with same_email, same_company, held and total (every match, for "and N more"). The enquiry itself is left out; 42501 for others.';

REVOKE ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO service_role;

CREATE FUNCTION public.search_enquiry_list(_search text DEFAULT ''::text) RETURNS SETOF public.enquiry_list
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  ids uuid[] := private.enquiry_ids_matching(_search);
begin
  return query
    select l.* from public.enquiry_list as l where ids is null or l.id = any(ids);
end;
$$;

COMMENT ON FUNCTION public.search_enquiry_list(_search text) IS 'Admins only (aal2; 42501 for others): the enquiry list''s rows matching a search as staff typed it (see private.enquiry_ids_matching). Filter, order, page and count the result as the enquiry_list view.';

REVOKE ALL ON FUNCTION public.search_enquiry_list(_search text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO authenticated;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO service_role;

CREATE INDEX contact_submissions_phone_key_idx ON public.contact_submissions USING gin (private.phone_search_key("Phone") extensions.gin_trgm_ops) WHERE ("Phone" IS NOT NULL);

CREATE INDEX contact_submissions_search_text_idx ON public.contact_submissions USING gin (private.enquiry_search_text("Name", "Email", "Company", "Message") extensions.gin_trgm_ops);

CREATE INDEX enquiry_reads_submission_id_idx ON public.enquiry_reads USING btree (submission_id);

CREATE POLICY "admins read their own read marks" ON public.enquiry_reads FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_admin() AS is_admin)));
