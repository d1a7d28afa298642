-- An enquiry whose own acknowledgement bounced for good says so (acknowledgement_bounced): the
-- address was wrong from the start, and staff should phone rather than wait on mail. Other
-- bounces and complaints read as before. The list view keeps security_invoker.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- a hard bounce of the enquiry's own acknowledgement says most: the address given was wrong
  -- from the start (a typing slip), and no mail of ours has ever reached it.
  select case
           when suppression.reason = 'bounced' and exists (
             select 1
               from private.mail_events as event
               join private.enquiry_mail_jobs as job on job.provider_message_id = event.message_id
              where event.event_id = suppression.event_id
                and job.submission_id = _submission_id
                and job.kind = 'acknowledgement'
           ) then 'acknowledgement_bounced'
           else suppression.reason
         end
    from private.mail_suppressions as suppression
   where _email is not null
     and suppression.mailbox = private.mailbox_key(_email);
$function$
;

CREATE OR REPLACE FUNCTION private.enquiries_needing_reply()
 RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  select enquiry.id,
         enquiry.created_at,
         waiting.since + private.reply_promise(),
         waiting.since + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         private.enquiry_mail_problem_of(enquiry.id, enquiry."Email"),
         waiting.answered_at
    from private.enquiries_owed_reply() as waiting
    join public.contact_submissions as enquiry on enquiry.id = waiting.id
    left join auth.users as account on account.id = enquiry.assigned_to
   order by waiting.since, enquiry.id
   limit 500;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_mail_problem(_submission_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s mail problems.';
  end if;
  return (
    select private.enquiry_mail_problem_of(enquiry.id, enquiry."Email")
      from public.contact_submissions as enquiry
     where enquiry.id = _submission_id
  );
end;
$function$
;

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
    private.enquiry_mail_problem_of(s.id, s."Email") AS mail_problem
   FROM public.contact_submissions s;




REVOKE ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO service_role;
GRANT ALL ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) TO authenticated;

COMMENT ON COLUMN public.enquiry_list.mail_problem IS 'acknowledgement_bounced, bounced or complained when mail to the enquiry''s address is blocked (private.enquiry_mail_problem_of), else null.';
COMMENT ON FUNCTION private.enquiry_mail_problem_of(_submission_id uuid, _email text) IS 'Why no mail reaches an enquiry''s address, in the words staff act on: acknowledgement_bounced (the hard bounce that blocked it was of this enquiry''s own acknowledgement), bounced (of other mail to the address), complained (marked as spam), or null. For the list view, Needs a reply and the record.';
COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise), assignee, mail_problem (acknowledgement_bounced, bounced, complained or null) and answered_at: for an enquiry back on the clock because the enquirer answered by mail since the last contact, the time of their first answer not yet replied to (due 24 hours after it), else null. Oldest due first. 42501 for others.';
COMMENT ON FUNCTION public.enquiry_mail_problem(_submission_id uuid) IS 'Admins only (aal2): why the enquiry''s address gets no mail: acknowledgement_bounced (its own acknowledgement bounced for good), bounced (other mail to it did) or complained (marked as spam); null when it does, or for an unknown enquiry.';
