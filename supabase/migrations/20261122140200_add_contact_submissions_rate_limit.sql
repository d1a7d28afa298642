-- Migration: limit enquiries per e-mail address on the server.
--
-- The form has its own client-side limit (3 attempts per 15 minutes), but the insert endpoint is
-- public, so the same limit is enforced here for requests that skip the UI: at most 3 enquiries
-- from one e-mail address (compared case-insensitively) in any 15 minutes. The 4th is refused by
-- a BEFORE INSERT trigger with this error, which PostgREST returns as HTTP 400:
--
--   code    P0001
--   message Too many enquiries from this email address. Please try again later.
--   details At most 3 enquiries per email address in 15 minutes.
--   hint    contact_submissions_rate_limit
--
-- Clients should recognise it by code = 'P0001' and hint = 'contact_submissions_rate_limit'
-- (the hint is named like the table's check constraints, so one lookup maps both).
--
-- The trigger function is security definer because it must count rows that the inserting role
-- (anon) may not read. Its execute privilege is revoked from everyone: triggers run regardless
-- of it, and nobody needs to call the function directly.

create function private.enforce_contact_submission_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_per_window constant integer := 3;
  time_window constant interval := interval '15 minutes';
  recent_count integer;
begin
  -- serialise concurrent enquiries for the same address, so two simultaneous requests cannot
  -- both see 2 earlier rows and both get in; the lock ends with the transaction.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('contact_submissions_rate_limit:' || pg_catalog.lower(new."Email"))
  );

  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where pg_catalog.lower(earlier."Email") = pg_catalog.lower(new."Email")
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
  'BEFORE INSERT trigger on contact_submissions: refuses a 4th enquiry from one e-mail address within 15 minutes (P0001, hint contact_submissions_rate_limit).';

revoke execute on function private.enforce_contact_submission_rate_limit() from public, anon, authenticated;

-- the count above filters on lower("Email") and a time range.
create index contact_submissions_email_created_at_idx
  on public.contact_submissions (lower("Email"), created_at desc);

create trigger contact_submissions_rate_limit
  before insert on public.contact_submissions
  for each row
  execute function private.enforce_contact_submission_rate_limit();
