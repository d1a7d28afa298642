-- Migration: create public.contact_submissions, the enquiries sent from the home page form.
--
-- Who may do what (grants and RLS together):
--   anon, authenticated  insert an enquiry, writing only the eight form columns; never read it back
--                        (the client inserts without .select(): RETURNING would need a read policy)
--   admins               (authenticated + private.has_role(..., 'admin')) read, update, delete
--   service_role         everything (bypasses RLS)
--
-- The CHECK constraints repeat the enquiry form's rules (docs/product-rules.md) so a request that
-- skips the UI gets the same refusal. Each has a stable name, which PostgREST returns in the
-- error message
-- (code 23514, HTTP 400: new row for relation "contact_submissions" violates check constraint
-- "<name>"), so the client can map a refusal to a field message:
--   contact_submissions_name_trimmed      Name has no leading or trailing whitespace
--   contact_submissions_name_length       Name is 2 to 100 characters
--   contact_submissions_email_length      Email is at most 255 characters
--   contact_submissions_email_format      Email looks like local@domain.tld
--   contact_submissions_company_length    Company is 2 to 200 characters, not counting outer spaces
--   contact_submissions_job_not_blank     Job is null or has a non-space character (send null, not '')
--   contact_submissions_job_length        Job is at most 100 characters
--   contact_submissions_phone_not_blank   Phone is null or has a non-space character (send null, not '')
--   contact_submissions_phone_length      Phone is at most 30 characters
--   contact_submissions_phone_format      Phone uses only digits, spaces, + - ( )
--   contact_submissions_interest_valid    Interest is one of the seven service options
--   contact_submissions_timeline_valid    Timeline is one of the five timeline options
--   contact_submissions_message_trimmed   Message has no leading or trailing whitespace
--   contact_submissions_message_length    Message is 10 to 5000 characters

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  "Name" text not null,
  "Email" text not null,
  "Company" text not null,
  "Job" text,
  "Phone" text,
  "Interest" text not null,
  "Timeline" text not null,
  "Message" text not null,

  constraint contact_submissions_name_trimmed check ("Name" !~ '^\s|\s$'),
  constraint contact_submissions_name_length check (char_length("Name") between 2 and 100),
  constraint contact_submissions_email_length check (char_length("Email") <= 255),
  constraint contact_submissions_email_format check ("Email" ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint contact_submissions_company_length check (
    char_length(btrim("Company")) >= 2 and char_length("Company") <= 200
  ),
  constraint contact_submissions_job_not_blank check ("Job" is null or btrim("Job") <> ''),
  constraint contact_submissions_job_length check ("Job" is null or char_length("Job") <= 100),
  constraint contact_submissions_phone_not_blank check ("Phone" is null or btrim("Phone") <> ''),
  constraint contact_submissions_phone_length check ("Phone" is null or char_length("Phone") <= 30),
  constraint contact_submissions_phone_format check ("Phone" is null or "Phone" ~ '^[0-9 +()-]*$'),
  constraint contact_submissions_interest_valid check (
    "Interest" in (
      'data-strategy',
      'cloud-migration',
      'digital-transformation',
      'ai-ml',
      'data-architecture',
      'analytics',
      'other'
    )
  ),
  constraint contact_submissions_timeline_valid check (
    "Timeline" in ('immediate', '1-3-months', '3-6-months', '6-plus-months', 'exploring')
  ),
  constraint contact_submissions_message_trimmed check ("Message" !~ '^\s|\s$'),
  constraint contact_submissions_message_length check (char_length("Message") between 10 and 5000)
);

comment on table public.contact_submissions is 'Enquiries from the website contact form. Anyone may insert; only admins may read or change them.';
comment on column public.contact_submissions.id is 'Server-generated key; clients cannot set it.';
comment on column public.contact_submissions.created_at is 'When the enquiry arrived; set by the server, clients cannot set it.';
comment on column public.contact_submissions."Name" is 'Full name, trimmed, 2-100 characters.';
comment on column public.contact_submissions."Email" is 'Reply address, at most 255 characters.';
comment on column public.contact_submissions."Company" is 'Company or organisation, 2-200 characters.';
comment on column public.contact_submissions."Job" is 'Job title, optional (null when not given), at most 100 characters.';
comment on column public.contact_submissions."Phone" is 'Phone number, optional (null when not given), at most 30 of: digits, space, + - ( ).';
comment on column public.contact_submissions."Interest" is 'Service interest option value, e.g. data-strategy.';
comment on column public.contact_submissions."Timeline" is 'Project timeline option value, e.g. 1-3-months.';
comment on column public.contact_submissions."Message" is 'Requirements, trimmed, 10-5000 characters.';

-- the admin list is ordered newest first.
create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);

-- grants: revoke Supabase's default table grants, then give back only what each role needs.
revoke all on table public.contact_submissions from anon, authenticated;
-- column-level insert: id and created_at keep their defaults, so an enquiry cannot be backdated
-- or given a chosen key.
grant insert ("Name", "Email", "Company", "Job", "Phone", "Interest", "Timeline", "Message")
  on table public.contact_submissions to anon, authenticated;
-- authenticated holds these privileges, but the policies below let only admins use them.
grant select, update, delete on table public.contact_submissions to authenticated;
grant select, insert, update, delete on table public.contact_submissions to service_role;

alter table public.contact_submissions enable row level security;

-- Insert policies. Why the form rules are not repeated here: Postgres checks an RLS WITH CHECK
-- before the table's CHECK constraints, so a failed rule here would surface as a generic 42501
-- "violates row-level security policy" instead of the named 23514 refusal the client maps to a
-- field message. The constraints already hold every row to the rules; the policy states the
-- remaining invariant of a public insert: the row is stamped by the server now, i.e. the key and
-- timestamp are the defaults (the column grants enforce the same; this keeps it true if the
-- grants are ever widened).
create policy "visitors submit enquiries"
  on public.contact_submissions
  for insert
  to anon
  with check (created_at = now() and id is not null);

create policy "signed-in users submit enquiries"
  on public.contact_submissions
  for insert
  to authenticated
  with check (created_at = now() and id is not null);

create policy "admins read enquiries"
  on public.contact_submissions
  for select
  to authenticated
  using ((select private.has_role((select auth.uid()), 'admin')));

create policy "admins update enquiries"
  on public.contact_submissions
  for update
  to authenticated
  using ((select private.has_role((select auth.uid()), 'admin')))
  with check ((select private.has_role((select auth.uid()), 'admin')));

create policy "admins delete enquiries"
  on public.contact_submissions
  for delete
  to authenticated
  using ((select private.has_role((select auth.uid()), 'admin')));
