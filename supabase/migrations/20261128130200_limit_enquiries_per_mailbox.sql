-- Migration: the per-address enquiry limit counts mailboxes, not spellings.
--
-- Purpose: at most 3 enquiries from one e-mail address in any 15 minutes, each acknowledged by
-- mail. The limit compared the lower-cased address, so ada+1@example.com, ada+2@example.com and
-- (at Gmail, which ignores dots) a.da@gmail.com were each a new address: a stranger could make
-- the site send acknowledgements to one victim's inbox without limit. Now the limit compares the
-- mailbox: lower case, a "+tag" after the local part removed, and for gmail.com and
-- googlemail.com (one mailbox under either name) the dots of the local part removed too. Other
-- providers' dots are kept: for most of them a.da and ada are different people.
--
-- The count reads the last 15 minutes through the created_at index and compares mailboxes there:
-- an index on the mailbox would be evaluated with the inserting role's rights, and anon may not
-- use the private schema. A burst is bounded by the per-client and hourly limits anyway.
--
-- Objects: function private.mailbox_key(text); function
-- private.enforce_contact_submission_rate_limit() (replaced, same trigger).

create function private.mailbox_key(_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select pg_catalog.regexp_replace(address, '@[^@]*$', '') as local_part,
           pg_catalog.substring(address, '@([^@]*)$') as domain
      from (select pg_catalog.lower(pg_catalog.btrim(coalesce(_email, ''))) as address) as given
  ),
  untagged as (
    select pg_catalog.split_part(local_part, '+', 1) as local_part, domain from parts
  )
  select case
           when domain in ('gmail.com', 'googlemail.com')
             then pg_catalog.replace(local_part, '.', '') || '@gmail.com'
           when domain is null then local_part
           else local_part || '@' || domain
         end
    from untagged;
$$;

comment on function private.mailbox_key(text) is
  'The mailbox an address delivers to, for per-address limits: lower case, without a +tag, and without the local part''s dots at gmail.com/googlemail.com (spelt @gmail.com).';

revoke execute on function private.mailbox_key(text) from public, anon, authenticated;

create or replace function private.enforce_contact_submission_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_per_window constant integer := 3;
  time_window constant interval := interval '15 minutes';
  mailbox text := private.mailbox_key(new."Email");
  recent_count integer;
begin
  -- serialise concurrent enquiries for the same mailbox, so two simultaneous requests cannot
  -- both see 2 earlier rows and both get in; the lock ends with the transaction.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('contact_submissions_rate_limit:' || mailbox)
  );

  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where private.mailbox_key(earlier."Email") = mailbox
     and earlier.created_at > pg_catalog.now() - time_window;

  if recent_count >= max_per_window then
    raise exception using
      errcode = 'P0001',
      message = 'Too many enquiries from this email address. Please try again later.',
      detail = 'At most 3 enquiries per email address in 15 minutes.',
      hint = 'contact_submissions_rate_limit';
  end if;

  return new;
end;
$$;

comment on function private.enforce_contact_submission_rate_limit() is
  'BEFORE INSERT trigger on contact_submissions: refuses a 4th enquiry to one mailbox (private.mailbox_key) within 15 minutes (P0001, hint contact_submissions_rate_limit).';
