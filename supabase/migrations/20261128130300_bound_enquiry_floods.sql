-- Migration: a flood from many addresses is bounded in storage and in staff mail, and a genuine
-- prospect is still not refused in any flood the figures below describe.
--
-- Purpose: past the hourly ceiling enquiries are held, not refused, and the per-client limit keys
-- IPv6 on its /64, so one /48 (what an ISP or a cloud gives one customer) was 65,536 clients of 10
-- enquiries each. Every held row keeps its message and each 100 held rows made a staff digest, so
-- neither storage nor staff mail had a bound.
--
-- Three new limits in private.enquiry_limits:
--   enquiries_per_prefix_per_hour (30)  enquiries from one IPv6 /48 in any hour, refused past it
--       like the per-client limit (P0001, hint contact_submissions_client_rate_limit): three /64
--       clients' worth, so an office on one /48 still sends many; IPv4 clients keep their own key.
--   held_per_hour (500)  enquiries stored held in any hour; past it a new enquiry is refused
--       (P0001, hint contact_submissions_global_rate_limit, which the form words as "an unusually
--       high number of enquiries right now ... try again in an hour, or email us instead"): the
--       visitor is told at once and keeps what they typed, where dropping the oldest held row would
--       lose a prospect who had been told it arrived. With the 60 free places an hour that bounds
--       what is stored at 560 an hour, and only a flood from more than 50 IPv4 clients (10 an hour
--       each) or about 19 IPv6 /48s (30 each) reaches it: the measured floods of 30 addresses x 12
--       and 1,000 addresses in one /48 stay below it, so the prospect after them is stored.
--       docs/decisions/0037-bounded-floods-refuse-past-the-held-cap.md has the figures.
--   staff_digests_per_hour (3)  staff digests opened in any hour (of at most 100 enquiries each);
--       past it held enquiries wait on the dashboard's Held filter without a mail.
--
-- Objects: columns of private.enquiry_limits; functions private.client_prefix_key(text) (new),
-- private.enforce_contact_submission_client_limits() and private.queue_enquiry_mail() (replaced);
-- index enquiry_sources_client_prefix_created_at_idx.

alter table private.enquiry_limits
  add column enquiries_per_prefix_per_hour integer not null default 30,
  add column held_per_hour integer not null default 500,
  add column staff_digests_per_hour integer not null default 3,
  add constraint enquiry_limits_flood_bounds check (
    enquiries_per_prefix_per_hour > 0 and held_per_hour >= 0 and staff_digests_per_hour >= 0
  );

comment on column private.enquiry_limits.enquiries_per_prefix_per_hour is
  'Enquiries accepted from one IPv6 /48 in any hour (Data API requests only); refused past it.';
comment on column private.enquiry_limits.held_per_hour is
  'Enquiries stored held in any hour; past it a new enquiry is refused (contact_submissions_global_rate_limit).';
comment on column private.enquiry_limits.staff_digests_per_hour is
  'Staff digest e-mails opened in any hour; past it held enquiries wait on the dashboard without a mail.';

create function private.client_prefix_key(_client text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if _client is null or pg_catalog.strpos(_client, ':') = 0 then
    return null;
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(_client::inet, 48))::text;
exception when data_exception then
  return null;
end;
$$;

comment on function private.client_prefix_key(text) is
  'The /48 of an IPv6 client key (the per-prefix limit), null for an IPv4 key or none.';

revoke execute on function private.client_prefix_key(text) from public, anon, authenticated;

-- written only by the security definer trigger that records sources, so the expression is
-- evaluated with its owner's rights.
create index enquiry_sources_client_prefix_created_at_idx
  on private.enquiry_sources (private.client_prefix_key(client_address), created_at desc)
  where pg_catalog.strpos(client_address, ':') > 0;

create or replace function private.enforce_contact_submission_client_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.enquiry_limits;
  client text;
  prefix text;
  recent_count integer;
begin
  new.held_at := null;
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;

  select * into limits from private.enquiry_limits;
  client := private.enquiry_client_address();
  prefix := private.client_prefix_key(client);

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

  if prefix is not null then
    select pg_catalog.count(*)
      into recent_count
      from private.enquiry_sources as earlier
     where pg_catalog.strpos(earlier.client_address, ':') > 0
       and private.client_prefix_key(earlier.client_address) = prefix
       and earlier.created_at > pg_catalog.now() - interval '1 hour';

    if recent_count >= limits.enquiries_per_prefix_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from your network. Please try again later.',
        detail = pg_catalog.format('At most %s enquiries from one IPv6 /48 network in an hour.', limits.enquiries_per_prefix_per_hour),
        hint = 'contact_submissions_client_rate_limit';
    end if;
  end if;

  -- held enquiries count too: while a flood lasts, what arrives stays held.
  select pg_catalog.count(*)
    into recent_count
    from public.contact_submissions as earlier
   where earlier.created_at > pg_catalog.now() - interval '1 hour';

  if recent_count >= limits.enquiries_per_hour then
    select pg_catalog.count(*)
      into recent_count
      from public.contact_submissions as earlier
     where earlier.held_at is not null
       and earlier.created_at > pg_catalog.now() - interval '1 hour';
    if recent_count >= limits.held_per_hour then
      raise exception using
        errcode = 'P0001',
        message = 'We are receiving an unusually high number of enquiries. Please try again in an hour.',
        detail = pg_catalog.format('At most %s enquiries are held in an hour past the ceiling of %s.', limits.held_per_hour, limits.enquiries_per_hour),
        hint = 'contact_submissions_global_rate_limit';
    end if;
    new.held_at := pg_catalog.now();
  end if;

  return new;
end;
$$;

comment on function private.enforce_contact_submission_client_limits() is
  'BEFORE INSERT trigger on contact_submissions: refuses Data API inserts past the per-client or per-/48 hourly limit (P0001, hint contact_submissions_client_rate_limit); holds (held_at) those past the hourly ceiling from everyone together, and refuses them once held_per_hour are held (hint contact_submissions_global_rate_limit); held_at is null otherwise.';

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
    -- an open digest is one no sender has claimed yet and that is not full.
    select job.id
      into digest_id
      from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and job.status = 'pending'
       and job.attempts = 0
       and pg_catalog.jsonb_array_length(job.payload -> 'enquiries') < limits.digest_max_enquiries
     order by job.created_at
     limit 1
       for update;

    if digest_id is not null then
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(job.payload, '{enquiries}', (job.payload -> 'enquiries') || pg_catalog.jsonb_build_array(entry)),
             updated_at = pg_catalog.now()
       where job.id = digest_id;
    else
      select pg_catalog.count(*)
        into recent_count
        from private.enquiry_mail_jobs as job
       where job.kind = 'staff_digest'
         and job.created_at > pg_catalog.now() - interval '1 hour';
      -- past the cap the enquiry is only on the dashboard (Held, or the list), never lost.
      if recent_count < limits.staff_digests_per_hour then
        insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at)
        values (
          'staff_digest',
          pg_catalog.jsonb_build_object('enquiries', pg_catalog.jsonb_build_array(entry)),
          pg_catalog.now() + pg_catalog.make_interval(secs => limits.digest_delay_seconds)
        );
      end if;
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
  'AFTER INSERT trigger on contact_submissions: queues the staff alert (or digest entry, at most digest_max_enquiries a digest and staff_digests_per_hour digests an hour) and the acknowledgement in the same transaction; a held enquiry goes to a digest and its acknowledgement is skipped (enquiry_held).';
