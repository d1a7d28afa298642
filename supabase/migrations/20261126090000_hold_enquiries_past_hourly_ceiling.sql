-- Migration: past the hourly ceiling an enquiry is held, not refused; the per-client limit keys
-- IPv6 clients on their /64.
--
-- Purpose: the ceiling on enquiries from everyone together (enquiries_per_hour) refused every
-- enquiry once a flood from many addresses had filled it, a genuine prospect's included, for an
-- hour. Now nothing a visitor sends is lost: past the ceiling the enquiry is stored with held_at
-- set, the visitor sees the usual success, no acknowledgement is mailed (queued as skipped,
-- skip_reason enquiry_held) and staff get it in the digest instead of an alert, marked held.
-- The dashboard shows held enquiries apart and filters them. Only the per-client limit still
-- refuses (P0001, hint contact_submissions_client_rate_limit, unchanged).
--
-- Who sets the hold: only the BEFORE INSERT trigger, for Data API inserts (anon, authenticated)
-- past the ceiling. Clients cannot insert it (the insert grant names the eight form columns) and
-- whatever a service-role or SQL insert sends is replaced by null. No API role may change it
-- afterwards (P0001, hint contact_submissions_hold_read_only), except through the admin RPC that
-- releases held enquiries (next migration), which marks its transaction with the setting
-- kestrel.enquiry_bulk_action; a Data API request cannot set settings.
--
-- Client key: the trusted X-Forwarded-For entry (trusted_proxy_hops from the right, as before)
-- becomes a key: an IPv4 address as it is; an IPv6 address as its /64 network
-- (2001:db8:1:2::/64), since one subscriber is given a whole /64 and can rotate inside it;
-- IPv4-mapped IPv6 (::ffff:192.0.2.1) as the IPv4 address. Brackets, a port and a zone id are
-- dropped. An entry that is no address at all gives no key: that request is not limited per
-- client (only the hold applies), rather than failing.
--
-- Objects: column public.contact_submissions.held_at and index contact_submissions_held_idx;
-- functions private.client_address_key(text) (new), private.enquiry_client_address(),
-- private.enforce_contact_submission_client_limits() and private.queue_enquiry_mail() (replaced),
-- private.guard_enquiry_hold() and trigger contact_submissions_guard_hold (new).

alter table public.contact_submissions add column held_at timestamptz;

comment on column public.contact_submissions.held_at is
  'When the enquiry arrived past the hourly ceiling (enquiries_per_hour) and was held: stored, but no acknowledgement and only a digest to staff. Null when not held or released. Set only by the insert trigger.';

-- the dashboard's "held" filter, newest first.
create index contact_submissions_held_idx
  on public.contact_submissions (created_at desc)
  where held_at is not null;

create function private.client_address_key(_entry text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  candidate text := pg_catalog.lower(pg_catalog.btrim(coalesce(_entry, '')));
  address inet;
begin
  if pg_catalog.char_length(candidate) > 100 then
    return null;
  end if;
  if candidate ~ '^\[[^]]*\](:[0-9]{1,5})?$' then
    candidate := pg_catalog.substring(candidate, '^\[([^]]*)\]');
  elsif candidate ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}:[0-9]{1,5}$' then
    candidate := pg_catalog.split_part(candidate, ':', 1);
  end if;
  -- a zone id (fe80::1%eth0) names an interface of the proxy, not the client.
  candidate := pg_catalog.split_part(candidate, '%', 1);

  if candidate !~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$'
     and (candidate !~ '^[0-9a-f:.]+$' or pg_catalog.strpos(candidate, ':') = 0) then
    return null;
  end if;
  begin
    address := candidate::inet;
  exception when data_exception then
    return null;
  end;

  if pg_catalog.family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if pg_catalog.family(address) = 4 then
    return pg_catalog.host(address);
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(address, 64))::text;
end;
$$;

comment on function private.client_address_key(text) is
  'The per-client limit key of one X-Forwarded-For entry: IPv4 as it is, IPv6 as its /64 network, IPv4-mapped IPv6 as IPv4; brackets, port and zone id dropped; null when it is no address.';

revoke execute on function private.client_address_key(text) from public, anon, authenticated;

create or replace function private.enquiry_client_address()
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
  return private.client_address_key(entries[pg_catalog.cardinality(entries) - coalesce(hops, 1) + 1]);
end;
$$;

comment on function private.enquiry_client_address() is
  'The per-client key of the current Data API request: the X-Forwarded-For entry trusted_proxy_hops from the right, through private.client_address_key; null outside a request or for an entry that is no address.';

create or replace function private.enforce_contact_submission_client_limits()
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
  new.held_at := null;
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

  -- held enquiries count too: while a flood lasts, what arrives stays held.
  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where earlier.created_at > pg_catalog.now() - interval '1 hour';

  if recent_count >= limits.enquiries_per_hour then
    new.held_at := pg_catalog.now();
  end if;

  return new;
end;
$$;

comment on function private.enforce_contact_submission_client_limits() is
  'BEFORE INSERT trigger on contact_submissions: refuses Data API inserts past the per-client hourly limit (P0001, hint contact_submissions_client_rate_limit); holds (held_at) those past the hourly ceiling from everyone together; held_at is null otherwise.';

create function private.guard_enquiry_hold()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.held_at is distinct from old.held_at
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not (
       new.held_at is null
       and coalesce(pg_catalog.current_setting('kestrel.enquiry_bulk_action', true), '') = 'release'
     ) then
    raise exception using
      errcode = 'P0001',
      message = 'The hold is set by the database. Release held enquiries with the release action.',
      hint = 'contact_submissions_hold_read_only';
  end if;
  return new;
end;
$$;

comment on function private.guard_enquiry_hold() is
  'BEFORE UPDATE trigger on contact_submissions: Data API roles never set or change held_at; only the admin release action clears it (P0001, hint contact_submissions_hold_read_only).';

revoke execute on function private.guard_enquiry_hold() from public, anon, authenticated;

create trigger contact_submissions_guard_hold
  before update of held_at on public.contact_submissions
  for each row
  execute function private.guard_enquiry_hold();

create or replace function private.queue_enquiry_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.enquiry_limits;
  entry jsonb;
  recent_count integer;
  digest_id uuid;
  held boolean := new.held_at is not null;
begin
  select * into limits from private.enquiry_limits;

  entry := pg_catalog.jsonb_build_object(
    'id', new.id,
    'created_at', new.created_at,
    'name', new."Name",
    'email', new."Email",
    'company', new."Company",
    'job', new."Job",
    'phone', new."Phone",
    'interest', new."Interest",
    'timeline', new."Timeline",
    'message', new."Message",
    'held', held
  );

  -- the hourly counts decide alert or digest, send or skip: two inserts must not both read a
  -- count below the threshold.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('enquiry_mail_jobs_queue'));

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'staff_alert'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  if not held and recent_count < limits.staff_alerts_per_hour then
    insert into private.enquiry_mail_jobs (kind, submission_id, payload)
    values ('staff_alert', new.id, pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)));
  else
    -- an open digest is one no sender has claimed yet.
    select job.id
      into digest_id
      from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and job.status = 'pending'
       and job.attempts = 0
     order by job.created_at
     limit 1
       for update;

    if digest_id is null then
      insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at)
      values (
        'staff_digest',
        pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)),
        pg_catalog.now() + pg_catalog.make_interval(secs => limits.digest_delay_seconds)
      );
    else
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(job.payload, '{enquiries}', (job.payload -> 'enquiries') || pg_catalog.jsonb_build_array(entry)),
             updated_at = pg_catalog.now()
       where job.id = digest_id;
    end if;
  end if;

  select pg_catalog.count(*)
    into recent_count
    from private.enquiry_mail_jobs as job
   where job.kind = 'acknowledgement'
     and job.status <> 'skipped'
     and job.created_at > pg_catalog.now() - interval '1 hour';

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, status, skip_reason)
  values (
    'acknowledgement',
    new.id,
    new."Email",
    case when not held and recent_count < limits.acknowledgements_per_hour then 'pending' else 'skipped' end,
    case
      when held then 'enquiry_held'
      when recent_count < limits.acknowledgements_per_hour then null
      else 'acknowledgement_hourly_cap'
    end
  );

  return null;
end;
$$;

comment on function private.queue_enquiry_mail() is
  'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry) and the acknowledgement in the same transaction; a held enquiry goes to the digest and its acknowledgement is skipped (enquiry_held).';
