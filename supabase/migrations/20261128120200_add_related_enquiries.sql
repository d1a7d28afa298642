-- Migration: an enquiry's record lists the other enquiries from the same person or company, as a
-- CRM shows a contact's history.
--
--   public.related_enquiries(_submission_id, _limit)
--       admins only (aal2; 42501 otherwise): the other enquiries sent from the same e-mail
--       address (ignoring letter case) or naming the same company (ignoring letter case and
--       every space, so "Acme Ltd", "ACME ltd" and "Acme  Ltd " are one company; a company that
--       is nothing but spaces matches none), newest first, at most _limit of them (1 to 50,
--       default 10). Each row says which of the two matched and carries the number of matches
--       in all (total), so the record can say "and N more". The enquiry itself is left out; an
--       unknown id gives no rows. Spam and held enquiries are listed with their status and mark.
--
-- Both sides are read through an index, so the lookup costs a few index reads however many
-- enquiries there are: the address through contact_submissions_email_created_at_idx
-- (lower("Email"), created_at desc, kept for the enquiry limits), the company through
-- contact_submissions_company_key_idx, added here on the same normalised company. The function
-- writes both expressions exactly as the indexes do, or the planner would not use them.
--
-- Objects: index contact_submissions_company_key_idx; functions private.related_enquiries
-- (security definer, the admin check) and public.related_enquiries (security invoker wrapper).

create index contact_submissions_company_key_idx
  on public.contact_submissions (
    pg_catalog.lower(pg_catalog.regexp_replace("Company", '\s', '', 'g')),
    created_at desc
  );

comment on index public.contact_submissions_company_key_idx is
  'The company without spaces in lower case, newest first: serves public.related_enquiries.';

create function private.related_enquiries(_submission_id uuid, _limit integer)
returns table (
  id uuid,
  name text,
  email text,
  company text,
  status text,
  created_at timestamptz,
  held boolean,
  same_email boolean,
  same_company boolean,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
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

comment on function private.related_enquiries(uuid, integer) is
  'The other enquiries from the same address or company as one enquiry, newest first; see public.related_enquiries.';

revoke execute on function private.related_enquiries(uuid, integer) from public, anon;
grant execute on function private.related_enquiries(uuid, integer) to authenticated;

create function public.related_enquiries(_submission_id uuid, _limit integer default 10)
returns table (
  id uuid,
  name text,
  email text,
  company text,
  status text,
  created_at timestamptz,
  held boolean,
  same_email boolean,
  same_company boolean,
  total bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.related_enquiries(_submission_id, _limit);
$$;

comment on function public.related_enquiries(uuid, integer) is
  'Admins only (aal2): the other enquiries sent from the same e-mail address (any letter case) or naming the same company (any letter case and spacing), newest first, at most _limit (1 to 50, default 10), each with same_email, same_company, held and total (every match, for "and N more"). The enquiry itself is left out; 42501 for others.';

revoke execute on function public.related_enquiries(uuid, integer) from public, anon;
grant execute on function public.related_enquiries(uuid, integer) to authenticated;
