-- Whether mail to an enquiry's address is blocked (a hard bounce or a complaint), on every list
-- staff work from: the enquiry list (and so the record) and Needs a reply, so an enquiry that
-- cannot be answered by e-mail is seen as one before anyone writes to it.

GRANT ALL ON FUNCTION private.mail_suppression_of(_recipient text) TO authenticated;

CREATE OR REPLACE VIEW public.enquiry_list WITH (security_invoker='true') AS
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
    private.mail_suppression_of(s."Email") AS mail_problem
   FROM public.contact_submissions s;

COMMENT ON COLUMN public.enquiry_list.mail_problem IS 'bounced or complained when mail to the enquiry''s address is blocked (private.mail_suppressions), else null.';

DROP FUNCTION public.enquiries_needing_reply();
DROP FUNCTION private.enquiries_needing_reply();

CREATE FUNCTION private.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         enquiry.created_at + private.reply_promise(),
         enquiry.created_at + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         private.mail_suppression_of(enquiry."Email")
    from public.contact_submissions as enquiry
    left join auth.users as account on account.id = enquiry.assigned_to
   where enquiry.first_response_at is null
     and enquiry.held_at is null
     and enquiry.status in ('new', 'in_progress')
   order by enquiry.created_at, enquiry.id
   limit 500;
end;
$$;

CREATE FUNCTION public.enquiries_needing_reply() RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiries_needing_reply();
$$;

COMMENT ON FUNCTION private.enquiries_needing_reply() IS 'Admins only: open enquiries (new or in_progress, not held) without a first response, oldest due first, at most 500, each with whether mail to it is blocked. Called by public.enquiries_needing_reply().';

COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise), assignee, and mail_problem (bounced, complained or null), oldest due first. 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiries_needing_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_needing_reply() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiries_needing_reply() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO authenticated;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO service_role;
