-- Migration: limit enquiries per client network address and in total per hour, on the server.
--
-- Purpose: the per-address limit (3 per e-mail address in 15 minutes) never triggers when a
-- client changes the e-mail address on every request, so one client could insert hundreds of
-- enquiries a second, and every accepted enquiry now sends e-mail. Two more limits, enforced by a
-- BEFORE INSERT trigger whatever the client does, refuse with these errors (PostgREST: HTTP 400):
--
--   code P0001, hint contact_submissions_client_rate_limit
--     message Too many enquiries from your network. Please try again later.
--   code P0001, hint contact_submissions_global_rate_limit
--     message We are receiving an unusual number of enquiries. Please try again later.
--
-- Which address is trusted: PostgREST passes the request headers as the JSON setting
-- request.headers. The API gateway in front of PostgREST appends the address of the connection
-- it accepted to X-Forwarded-For (what a client sends itself stays to the left), so the client
-- can write the left of the list but never its right end. The limit therefore counts the entry
-- trusted_proxy_hops from the right (1 = the last one, the gateway's). If another proxy that
-- appends (a CDN) sits behind the gateway, raise trusted_proxy_hops to skip it; check the real
-- header first with `select current_setting('request.headers', true)` in an RPC.
--
-- Who is limited: requests through the Data API as anon or authenticated (the public form).
-- The service role and direct SQL (operators, imports) are not limited.
--
-- Objects: table private.enquiry_limits (one row: every limit and the mail retry settings, so
-- tests and operators can read and change them), table private.enquiry_sources (the client
-- address of each enquiry, kept out of the enquiry row that admins read), functions
-- private.enquiry_client_address() and private.enforce_contact_submission_client_limits(),
-- trigger contact_submissions_client_limits.

create table private.enquiry_limits (
  id boolean primary key default true,
  enquiries_per_client_per_hour integer not null default 10,
  enquiries_per_hour integer not null default 60,
  acknowledgements_per_hour integer not null default 30,
  staff_alerts_per_hour integer not null default 5,
  digest_delay_seconds integer not null default 900,
  trusted_proxy_hops integer not null default 1,
  max_attempts integer not null default 5,
  retry_base_seconds integer not null default 120,
  lease_seconds integer not null default 120,
  updated_at timestamptz not null default now(),

  constraint enquiry_limits_single_row check (id),
  constraint enquiry_limits_positive check (
    enquiries_per_client_per_hour > 0
    and enquiries_per_hour > 0
    and acknowledgements_per_hour >= 0
    and staff_alerts_per_hour >= 0
    and digest_delay_seconds >= 0
    and max_attempts between 1 and 20
    and retry_base_seconds >= 0
    and lease_seconds between 10 and 3600
  ),
  constraint enquiry_limits_hops check (trusted_proxy_hops between 1 and 5)
);

comment on table private.enquiry_limits is 'One row: the enquiry limits and the notification mail settings. Change with update, never insert.';
comment on column private.enquiry_limits.id is 'Always true: the table holds exactly one row.';
comment on column private.enquiry_limits.enquiries_per_client_per_hour is 'Enquiries accepted from one client network address in any hour (Data API requests only).';
comment on column private.enquiry_limits.enquiries_per_hour is 'Enquiries accepted from everyone together in any hour (Data API requests only).';
comment on column private.enquiry_limits.acknowledgements_per_hour is 'Acknowledgement e-mails queued in any hour; beyond it the acknowledgement is skipped, the staff alert is still sent.';
comment on column private.enquiry_limits.staff_alerts_per_hour is 'Staff alerts sent one per enquiry in any hour; beyond it enquiries are gathered into one digest e-mail.';
comment on column private.enquiry_limits.digest_delay_seconds is 'How long a digest gathers enquiries before it is sent.';
comment on column private.enquiry_limits.trusted_proxy_hops is 'Which X-Forwarded-For entry is the client, counted from the right: 1 = the one the API gateway appended.';
comment on column private.enquiry_limits.max_attempts is 'Send attempts before a notification e-mail is parked as failed.';
comment on column private.enquiry_limits.retry_base_seconds is 'First retry delay; each further retry doubles it (at most an hour).';
comment on column private.enquiry_limits.lease_seconds is 'How long a claimed mail job belongs to one sender run before another run may take it over.';
comment on column private.enquiry_limits.updated_at is 'When the limits were last changed.';

insert into private.enquiry_limits default values;

-- RLS on and no policy: only the table owner (migrations, triggers) and superusers read it.
alter table private.enquiry_limits enable row level security;
revoke all on table private.enquiry_limits from public, anon, authenticated;

create table private.enquiry_sources (
  submission_id uuid primary key references public.contact_submissions (id) on delete cascade,
  client_address text not null,
  created_at timestamptz not null default now(),

  constraint enquiry_sources_client_address_length check (char_length(client_address) between 1 and 100)
);

comment on table private.enquiry_sources is 'The client network address each enquiry came from, for the per-client limit. Goes with its enquiry.';
comment on column private.enquiry_sources.submission_id is 'The enquiry.';
comment on column private.enquiry_sources.client_address is 'The trusted X-Forwarded-For entry of the request that inserted it.';
comment on column private.enquiry_sources.created_at is 'When the enquiry arrived.';

create index enquiry_sources_client_address_created_at_idx
  on private.enquiry_sources (client_address, created_at desc);

alter table private.enquiry_sources enable row level security;
revoke all on table private.enquiry_sources from public, anon, authenticated;

-- The client address of the current Data API request, or null outside one (direct SQL).
create function private.enquiry_client_address()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  forwarded text;
  entries text[];
  hops integer;
  chosen text;
begin
  forwarded := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for';
  if forwarded is null then
    return null;
  end if;
  select limits.trusted_proxy_hops into hops from private.enquiry_limits as limits;
  entries := pg_catalog.regexp_split_to_array(forwarded, '\s*,\s*');
  if pg_catalog.cardinality(entries) < coalesce(hops, 1) then
    return null;
  end if;
  chosen := pg_catalog.lower(pg_catalog.btrim(entries[pg_catalog.cardinality(entries) - coalesce(hops, 1) + 1]));
  if chosen = '' or pg_catalog.char_length(chosen) > 100 then
    return null;
  end if;
  return chosen;
end;
$$;

comment on function private.enquiry_client_address() is
  'The client address of the current Data API request: the X-Forwarded-For entry trusted_proxy_hops from the right; null outside a request.';

revoke execute on function private.enquiry_client_address() from public, anon, authenticated;

create function private.enforce_contact_submission_client_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.enquiry_limits;
  client text;
  recent_count integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;

  select * into limits from private.enquiry_limits;
  client := private.enquiry_client_address();

  -- one lock for every public insert: the counts below must not be read by two inserts at once,
  -- or both could take the last free place. Enquiries are rare, so the queue is short.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('contact_submissions_client_limits'));

  if client is not null then
    select pg_catalog.count(*)
      into recent_count
      from private.enquiry_sources as earlier
     where earlier.client_address = client
       and earlier.created_at > pg_catalog.now() - interval '1 hour';

    if recent_count >= limits.enquiries_per_client_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s enquiries from one network address in an hour.', limits.enquiries_per_client_per_hour),
        hint = 'contact_submissions_client_rate_limit';
    end if;
  end if;

  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where earlier.created_at > pg_catalog.now() - interval '1 hour';

  if recent_count >= limits.enquiries_per_hour then
    raise exception using
      errcode = 'P0001',
      message = 'We are receiving an unusual number of enquiries. Please try again later.',
      detail = pg_catalog.format('At most %s enquiries in an hour from everyone together.', limits.enquiries_per_hour),
      hint = 'contact_submissions_global_rate_limit';
  end if;

  return new;
end;
$$;

comment on function private.enforce_contact_submission_client_limits() is
  'BEFORE INSERT trigger on contact_submissions: per client address and global hourly limits for Data API inserts (P0001, hints contact_submissions_client_rate_limit and contact_submissions_global_rate_limit).';

revoke execute on function private.enforce_contact_submission_client_limits() from public, anon, authenticated;

create trigger contact_submissions_client_limits
  before insert on public.contact_submissions
  for each row
  execute function private.enforce_contact_submission_client_limits();

-- The address is written after the insert, so it can reference the new row.
create function private.record_enquiry_source()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    client := private.enquiry_client_address();
    if client is not null then
      insert into private.enquiry_sources (submission_id, client_address, created_at)
      values (new.id, client, new.created_at);
    end if;
  end if;
  return null;
end;
$$;

comment on function private.record_enquiry_source() is
  'AFTER INSERT trigger on contact_submissions: records the client address of a Data API insert for the per-client limit.';

revoke execute on function private.record_enquiry_source() from public, anon, authenticated;

create trigger contact_submissions_record_source
  after insert on public.contact_submissions
  for each row
  execute function private.record_enquiry_source();
