-- Enquiries: what a visitor sends through the contact form.
--
-- The table's checks repeat the form's rules, so the database refuses what the browser should
-- have. Triggers bound floods (per client address, its /64 or /48 prefix, per mailbox and per
-- hour overall), hold enquiries past the hourly ceiling out of staff alerts, and record the
-- client address apart from the enquiry.

CREATE TABLE public.contact_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    "Name" text NOT NULL,
    "Email" text NOT NULL,
    "Company" text NOT NULL,
    "Job" text,
    "Phone" text,
    "Interest" text NOT NULL,
    "Timeline" text NOT NULL,
    "Message" text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    assigned_to uuid,
    last_contacted_at timestamp with time zone,
    held_at timestamp with time zone,
    first_response_at timestamp with time zone,
    landing_page text,
    referrer_host text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    booking_key text,
    CONSTRAINT contact_submissions_booking_key_hash CHECK (((booking_key IS NULL) OR (booking_key ~ '^[0-9a-f]{64}$'::text))),
    CONSTRAINT contact_submissions_company_length CHECK (((char_length(btrim("Company")) >= 2) AND (char_length("Company") <= 200))),
    CONSTRAINT contact_submissions_email_format CHECK (("Email" ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT contact_submissions_email_length CHECK ((char_length("Email") <= 255)),
    CONSTRAINT contact_submissions_interest_valid CHECK (("Interest" = ANY (ARRAY['data-strategy'::text, 'cloud-migration'::text, 'digital-transformation'::text, 'ai-ml'::text, 'data-architecture'::text, 'analytics'::text, 'other'::text]))),
    CONSTRAINT contact_submissions_job_length CHECK ((("Job" IS NULL) OR (char_length("Job") <= 100))),
    CONSTRAINT contact_submissions_job_not_blank CHECK ((("Job" IS NULL) OR (btrim("Job") <> ''::text))),
    CONSTRAINT contact_submissions_landing_page_format CHECK (((landing_page IS NULL) OR ((char_length(landing_page) <= 300) AND (landing_page ~ '^/[!-~]*$'::text)))),
    CONSTRAINT contact_submissions_message_length CHECK (((char_length("Message") >= 10) AND (char_length("Message") <= 5000))),
    CONSTRAINT contact_submissions_message_trimmed CHECK (("Message" !~ '^\s|\s$'::text)),
    CONSTRAINT contact_submissions_name_length CHECK (((char_length("Name") >= 2) AND (char_length("Name") <= 100))),
    CONSTRAINT contact_submissions_name_trimmed CHECK (("Name" !~ '^\s|\s$'::text)),
    CONSTRAINT contact_submissions_phone_format CHECK ((("Phone" IS NULL) OR ("Phone" ~ '^[0-9 +()-]*$'::text))),
    CONSTRAINT contact_submissions_phone_length CHECK ((("Phone" IS NULL) OR (char_length("Phone") <= 30))),
    CONSTRAINT contact_submissions_phone_not_blank CHECK ((("Phone" IS NULL) OR (btrim("Phone") <> ''::text))),
    CONSTRAINT contact_submissions_referrer_host_format CHECK (((referrer_host IS NULL) OR ((char_length(referrer_host) <= 253) AND (referrer_host ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'::text)))),
    CONSTRAINT contact_submissions_status_valid CHECK ((status = ANY (ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text]))),
    CONSTRAINT contact_submissions_timeline_valid CHECK (("Timeline" = ANY (ARRAY['immediate'::text, '1-3-months'::text, '3-6-months'::text, '6-plus-months'::text, 'exploring'::text]))),
    CONSTRAINT contact_submissions_utm_campaign_format CHECK (((utm_campaign IS NULL) OR (utm_campaign ~ '^[A-Za-z0-9._~+-]{1,100}$'::text))),
    CONSTRAINT contact_submissions_utm_medium_format CHECK (((utm_medium IS NULL) OR (utm_medium ~ '^[A-Za-z0-9._~+-]{1,100}$'::text))),
    CONSTRAINT contact_submissions_utm_source_format CHECK (((utm_source IS NULL) OR (utm_source ~ '^[A-Za-z0-9._~+-]{1,100}$'::text)))
);

COMMENT ON TABLE public.contact_submissions IS 'Enquiries from the website contact form. Anyone may insert; only admins may read them, and change them only through public.save_enquiry_field() and public.bulk_enquiry_action(), which refuse a change over one made since the writer last looked.';

COMMENT ON COLUMN public.contact_submissions.id IS 'Server-generated key; clients cannot set it.';

COMMENT ON COLUMN public.contact_submissions.created_at IS 'When the enquiry arrived; set by the server, clients cannot set it.';

COMMENT ON COLUMN public.contact_submissions."Name" IS 'Full name, trimmed, 2-100 characters.';

COMMENT ON COLUMN public.contact_submissions."Email" IS 'Reply address, at most 255 characters.';

COMMENT ON COLUMN public.contact_submissions."Company" IS 'Company or organisation, 2-200 characters.';

COMMENT ON COLUMN public.contact_submissions."Job" IS 'Job title, optional (null when not given), at most 100 characters.';

COMMENT ON COLUMN public.contact_submissions."Phone" IS 'Phone number, optional (null when not given), at most 30 of: digits, space, + - ( ).';

COMMENT ON COLUMN public.contact_submissions."Interest" IS 'Service interest option value, e.g. data-strategy.';

COMMENT ON COLUMN public.contact_submissions."Timeline" IS 'Project timeline option value, e.g. 1-3-months.';

COMMENT ON COLUMN public.contact_submissions."Message" IS 'Requirements, trimmed, 10-5000 characters.';

COMMENT ON COLUMN public.contact_submissions.status IS 'Where the enquiry stands: new (default), in_progress, won, lost or spam. Admins only.';

COMMENT ON COLUMN public.contact_submissions.assigned_to IS 'The staff member (an auth user holding the admin role) working the enquiry; null when unassigned or the user is deleted.';

COMMENT ON COLUMN public.contact_submissions.last_contacted_at IS 'When staff last contacted the visitor; set by admins, at most a day ahead of the server clock.';

COMMENT ON COLUMN public.contact_submissions.held_at IS 'When the enquiry arrived past the hourly ceiling (enquiries_per_hour) and was held: stored, but no acknowledgement and only a digest to staff. Null when not held or released. Set on insert only by the trigger; anon and authenticated never change it (admins release through public.bulk_enquiry_action); the service role and SQL may.';

COMMENT ON COLUMN public.contact_submissions.first_response_at IS 'When staff first replied or recorded a contact (the first time last_contacted_at was set), by the database clock. Set only by the database; null while unanswered.';

COMMENT ON COLUMN public.contact_submissions.landing_page IS 'The site path the visitor first landed on (starts with /, at most 300 printable characters); null when unknown.';

COMMENT ON COLUMN public.contact_submissions.referrer_host IS 'The host name of the referring site, lowercase, no scheme or path; null when direct or unknown.';

COMMENT ON COLUMN public.contact_submissions.utm_source IS 'The utm_source of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

COMMENT ON COLUMN public.contact_submissions.utm_medium IS 'The utm_medium of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

COMMENT ON COLUMN public.contact_submissions.booking_key IS 'The SHA-256 (hex) of the random key the sending browser chose, which it alone can exchange for the enquiry''s consultation book token for a short while (public.claim_consultation_token); the key itself is never stored. Null when none was sent.';

COMMENT ON COLUMN public.contact_submissions.utm_campaign IS 'The utm_campaign of the landing URL: 1 to 100 of A-Z a-z 0-9 . _ ~ + -.';

CREATE TABLE private.enquiry_limits (
    id boolean DEFAULT true NOT NULL,
    enquiries_per_client_per_hour integer DEFAULT 10 NOT NULL,
    enquiries_per_hour integer DEFAULT 60 NOT NULL,
    acknowledgements_per_hour integer DEFAULT 30 NOT NULL,
    staff_alerts_per_hour integer DEFAULT 5 NOT NULL,
    digest_delay_seconds integer DEFAULT 900 NOT NULL,
    trusted_proxy_hops integer DEFAULT 1 NOT NULL,
    max_attempts integer DEFAULT 5 NOT NULL,
    retry_base_seconds integer DEFAULT 120 NOT NULL,
    lease_seconds integer DEFAULT 120 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    digest_max_enquiries integer DEFAULT 100 NOT NULL,
    enquiries_per_prefix_per_hour integer DEFAULT 30 NOT NULL,
    held_per_hour integer DEFAULT 500 NOT NULL,
    staff_digests_per_hour integer DEFAULT 3 NOT NULL,
    mails_per_mailbox_per_day integer DEFAULT 6 NOT NULL,
    booking_mails_per_hour integer DEFAULT 60 NOT NULL,
    function_proxy_hops integer DEFAULT 1 NOT NULL,
    answer_alerts_per_hour integer DEFAULT 10 NOT NULL,
    CONSTRAINT enquiry_limits_answer_alerts CHECK (((answer_alerts_per_hour >= 1) AND (answer_alerts_per_hour <= 1000))),
    CONSTRAINT enquiry_limits_digest_max_enquiries CHECK (((digest_max_enquiries >= 1) AND (digest_max_enquiries <= 1000))),
    CONSTRAINT enquiry_limits_flood_bounds CHECK (((enquiries_per_prefix_per_hour > 0) AND (held_per_hour >= 0) AND (staff_digests_per_hour >= 0))),
    CONSTRAINT enquiry_limits_function_hops CHECK (((function_proxy_hops >= 1) AND (function_proxy_hops <= 5))),
    CONSTRAINT enquiry_limits_hops CHECK (((trusted_proxy_hops >= 1) AND (trusted_proxy_hops <= 5))),
    CONSTRAINT enquiry_limits_mail_budget CHECK (((mails_per_mailbox_per_day >= 1) AND (booking_mails_per_hour >= 1))),
    CONSTRAINT enquiry_limits_lease_outlasts_send CHECK ((lease_seconds >= 30)),
    CONSTRAINT enquiry_limits_positive CHECK (((enquiries_per_client_per_hour > 0) AND (enquiries_per_hour > 0) AND (acknowledgements_per_hour >= 0) AND (staff_alerts_per_hour >= 0) AND (digest_delay_seconds >= 0) AND ((max_attempts >= 1) AND (max_attempts <= 20)) AND (retry_base_seconds >= 0) AND ((lease_seconds >= 10) AND (lease_seconds <= 3600)))),
    CONSTRAINT enquiry_limits_single_row CHECK (id)
);

COMMENT ON TABLE private.enquiry_limits IS 'One row: the enquiry limits and the notification mail settings. Change with update, never insert.';

COMMENT ON COLUMN private.enquiry_limits.id IS 'Always true: the table holds exactly one row.';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_client_per_hour IS 'Enquiries accepted from one client network address in any hour (Data API requests only).';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_hour IS 'Enquiries accepted from everyone together in any hour (Data API requests only).';

COMMENT ON COLUMN private.enquiry_limits.acknowledgements_per_hour IS 'Acknowledgement e-mails queued in any hour; beyond it the acknowledgement is skipped, the staff alert is still sent.';

COMMENT ON COLUMN private.enquiry_limits.staff_alerts_per_hour IS 'Staff alerts sent one per enquiry in any hour; beyond it enquiries are gathered into one digest e-mail.';

COMMENT ON COLUMN private.enquiry_limits.digest_delay_seconds IS 'How long a digest gathers enquiries before it is sent.';

COMMENT ON COLUMN private.enquiry_limits.trusted_proxy_hops IS 'Which X-Forwarded-For entry a Data API caller is, counted from the right: 1 = the one the API gateway appended.';

COMMENT ON COLUMN private.enquiry_limits.function_proxy_hops IS 'Which X-Forwarded-For entry an Edge Function''s caller is, counted from the right; measured on the deployed project by setup:hosted.';

COMMENT ON COLUMN private.enquiry_limits.max_attempts IS 'Send attempts before a notification e-mail is parked as failed.';

COMMENT ON COLUMN private.enquiry_limits.retry_base_seconds IS 'First retry delay; each further retry doubles it (at most an hour).';

COMMENT ON COLUMN private.enquiry_limits.lease_seconds IS 'How long a claimed mail job belongs to one sender run before another run may take it over; renewed right before each send, so at least 30 (a send is abandoned after 15 s).';

COMMENT ON COLUMN private.enquiry_limits.updated_at IS 'When the limits were last changed.';

COMMENT ON COLUMN private.enquiry_limits.digest_max_enquiries IS 'Most enquiries one staff digest lists; a full digest is closed and the next enquiry opens another.';

COMMENT ON COLUMN private.enquiry_limits.enquiries_per_prefix_per_hour IS 'Enquiries accepted from one IPv6 /48 in any hour (Data API requests only); refused past it.';

COMMENT ON COLUMN private.enquiry_limits.held_per_hour IS 'Enquiries stored held in any hour; past it a new enquiry is refused (contact_submissions_global_rate_limit).';

COMMENT ON COLUMN private.enquiry_limits.staff_digests_per_hour IS 'Staff digest e-mails opened in any hour; past it held enquiries wait on the dashboard without a mail.';

COMMENT ON COLUMN private.enquiry_limits.answer_alerts_per_hour IS 'Answer alerts one recipient (an assignee, or the team inbox) is sent in any hour; past it one alert waits for its turn and counts the answers received meanwhile, so mail to a made-up reply address cannot flood staff.';

COMMENT ON COLUMN private.enquiry_limits.mails_per_mailbox_per_day IS 'Acknowledgements and booking mails (booked, moved, cancelled) one mailbox (private.mailbox_key) receives in any 24 hours; past it a visitor''s booking change is refused, an acknowledgement skipped and a staff change''s mail parked for review.';

COMMENT ON COLUMN private.enquiry_limits.booking_mails_per_hour IS 'Booking mails (booked, moved, cancelled) the site queues in any hour, to everyone together; past it as mails_per_mailbox_per_day.';

CREATE TABLE private.enquiry_sources (
    submission_id uuid NOT NULL,
    client_address text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT enquiry_sources_client_address_length CHECK (((char_length(client_address) >= 1) AND (char_length(client_address) <= 100)))
);

COMMENT ON TABLE private.enquiry_sources IS 'The client network address each enquiry came from, for the per-client limit. Goes with its enquiry.';

COMMENT ON COLUMN private.enquiry_sources.submission_id IS 'The enquiry.';

COMMENT ON COLUMN private.enquiry_sources.client_address IS 'The trusted X-Forwarded-For entry of the request that inserted it.';

COMMENT ON COLUMN private.enquiry_sources.created_at IS 'When the enquiry arrived.';

ALTER TABLE ONLY private.enquiry_limits
    ADD CONSTRAINT enquiry_limits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.enquiry_sources
    ADD CONSTRAINT enquiry_sources_pkey PRIMARY KEY (submission_id);

ALTER TABLE ONLY public.contact_submissions
    ADD CONSTRAINT contact_submissions_pkey PRIMARY KEY (id);

ALTER TABLE private.enquiry_limits ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.enquiry_sources ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.contact_submissions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.contact_submissions FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.contact_submissions TO service_role;
GRANT SELECT,DELETE ON TABLE public.contact_submissions TO authenticated;

GRANT INSERT("Name") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Name") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Name") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Email") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Email") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Email") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Company") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Company") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Company") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Job") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Job") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Job") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Phone") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Phone") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Phone") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Interest") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Interest") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Interest") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Timeline") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Timeline") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Timeline") ON TABLE public.contact_submissions TO service_role;

GRANT INSERT("Message") ON TABLE public.contact_submissions TO anon;
GRANT INSERT("Message") ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE("Message") ON TABLE public.contact_submissions TO service_role;

GRANT UPDATE(status) ON TABLE public.contact_submissions TO service_role;

GRANT UPDATE(assigned_to) ON TABLE public.contact_submissions TO service_role;

GRANT UPDATE(last_contacted_at) ON TABLE public.contact_submissions TO service_role;

GRANT UPDATE(held_at) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(landing_page) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(landing_page) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(landing_page) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(referrer_host) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(referrer_host) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(referrer_host) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_source) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_source) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_source) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_medium) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_medium) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_medium) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(utm_campaign) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(utm_campaign) ON TABLE public.contact_submissions TO authenticated;
GRANT UPDATE(utm_campaign) ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(booking_key) ON TABLE public.contact_submissions TO anon;
GRANT INSERT(booking_key) ON TABLE public.contact_submissions TO authenticated;

GRANT SELECT ON TABLE private.enquiry_limits TO service_role;

-- The one row of limits, at the defaults above.
INSERT INTO private.enquiry_limits DEFAULT VALUES ON CONFLICT DO NOTHING;

ALTER TABLE ONLY private.enquiry_sources
    ADD CONSTRAINT enquiry_sources_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.contact_submissions
    ADD CONSTRAINT contact_submissions_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE FUNCTION private.client_address_key(_entry text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.client_address_key(_entry text) IS 'The per-client limit key of one X-Forwarded-For entry: IPv4 as it is, IPv6 as its /64 network, IPv4-mapped IPv6 as IPv4; brackets, port and zone id dropped; null when it is no address.';

REVOKE ALL ON FUNCTION private.client_address_key(_entry text) FROM PUBLIC;

CREATE FUNCTION private.client_prefix_key(_client text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if _client is null or pg_catalog.strpos(_client, ':') = 0 then
    return null;
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(_client::inet, 48))::text;
exception when data_exception then
  return null;
end;
$$;

COMMENT ON FUNCTION private.client_prefix_key(_client text) IS 'The /48 of an IPv6 client key (the per-prefix limit), null for an IPv4 key or none.';

REVOKE ALL ON FUNCTION private.client_prefix_key(_client text) FROM PUBLIC;

CREATE FUNCTION private.client_address_at(_forwarded text, _hops integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  entries text[];
begin
  if _forwarded is null or _hops is null or _hops < 1 then
    return null;
  end if;
  entries := pg_catalog.regexp_split_to_array(_forwarded, '\s*,\s*');
  if pg_catalog.cardinality(entries) < _hops then
    return null;
  end if;
  return private.client_address_key(entries[pg_catalog.cardinality(entries) - _hops + 1]);
end;
$$;

COMMENT ON FUNCTION private.client_address_at(_forwarded text, _hops integer) IS 'The per-client key of the X-Forwarded-For entry _hops from the right, through private.client_address_key; null when there are fewer entries or the entry is no address.';

REVOKE ALL ON FUNCTION private.client_address_at(_forwarded text, _hops integer) FROM PUBLIC;

CREATE FUNCTION private.client_address_of(_forwarded text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.client_address_at(_forwarded, limits.function_proxy_hops)
  from private.enquiry_limits as limits;
$$;

COMMENT ON FUNCTION private.client_address_of(_forwarded text) IS 'The per-client key of the X-Forwarded-For an Edge Function passed on: its entry function_proxy_hops from the right, through private.client_address_key; null for none or an entry that is no address.';

REVOKE ALL ON FUNCTION private.client_address_of(_forwarded text) FROM PUBLIC;

CREATE FUNCTION private.enquiry_client_address() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.client_address_at(
    nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    limits.trusted_proxy_hops)
  from private.enquiry_limits as limits;
$$;

COMMENT ON FUNCTION private.enquiry_client_address() IS 'The per-client key of the current Data API request: the X-Forwarded-For entry trusted_proxy_hops from the right, through private.client_address_key; null outside a request or for an entry that is no address.';

REVOKE ALL ON FUNCTION private.enquiry_client_address() FROM PUBLIC;

CREATE FUNCTION private.enforce_contact_submission_client_limits() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.enforce_contact_submission_client_limits() IS 'BEFORE INSERT trigger on contact_submissions: refuses Data API inserts past the per-client or per-/48 hourly limit (P0001, hint contact_submissions_client_rate_limit); holds (held_at) those past the hourly ceiling from everyone together, and refuses them once held_per_hour are held (hint contact_submissions_global_rate_limit); held_at is null otherwise.';

REVOKE ALL ON FUNCTION private.enforce_contact_submission_client_limits() FROM PUBLIC;

CREATE FUNCTION private.mailbox_key(_email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.mailbox_key(_email text) IS 'The mailbox an address delivers to, for per-address limits: lower case, without a +tag, and without the local part''s dots at gmail.com/googlemail.com (spelt @gmail.com).';

REVOKE ALL ON FUNCTION private.mailbox_key(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_key(_email text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox_key(_email text) TO service_role;

CREATE FUNCTION private.enforce_contact_submission_rate_limit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.enforce_contact_submission_rate_limit() IS 'BEFORE INSERT trigger on contact_submissions: refuses a 4th enquiry to one mailbox (private.mailbox_key) within 15 minutes (P0001, hint contact_submissions_rate_limit).';

REVOKE ALL ON FUNCTION private.enforce_contact_submission_rate_limit() FROM PUBLIC;

CREATE FUNCTION private.guard_enquiry_hold() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.guard_enquiry_hold() IS 'BEFORE UPDATE trigger on contact_submissions: anon and authenticated never set or change held_at; only the admin release action clears it (P0001, hint contact_submissions_hold_read_only). The service role and direct SQL are not bound.';

REVOKE ALL ON FUNCTION private.guard_enquiry_hold() FROM PUBLIC;

CREATE FUNCTION private.record_enquiry_source() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.record_enquiry_source() IS 'AFTER INSERT trigger on contact_submissions: records the client address of a Data API insert for the per-client limit.';

REVOKE ALL ON FUNCTION private.record_enquiry_source() FROM PUBLIC;

CREATE INDEX enquiry_sources_client_address_created_at_idx ON private.enquiry_sources USING btree (client_address, created_at DESC);

CREATE INDEX enquiry_sources_client_prefix_created_at_idx ON private.enquiry_sources USING btree (private.client_prefix_key(client_address), created_at DESC) WHERE (strpos(client_address, ':'::text) > 0);

CREATE INDEX contact_submissions_assigned_to_idx ON public.contact_submissions USING btree (assigned_to);

CREATE INDEX contact_submissions_awaiting_reply_idx ON public.contact_submissions USING btree (created_at) WHERE ((first_response_at IS NULL) AND (held_at IS NULL) AND (status = ANY (ARRAY['new'::text, 'in_progress'::text])));

CREATE INDEX contact_submissions_company_key_idx ON public.contact_submissions USING btree (lower(regexp_replace("Company", '\s'::text, ''::text, 'g'::text)), created_at DESC);

COMMENT ON INDEX public.contact_submissions_company_key_idx IS 'The company without spaces in lower case, newest first: serves public.related_enquiries.';

CREATE INDEX contact_submissions_created_at_idx ON public.contact_submissions USING btree (created_at DESC);

CREATE INDEX contact_submissions_email_created_at_idx ON public.contact_submissions USING btree (lower("Email"), created_at DESC);

CREATE INDEX contact_submissions_held_idx ON public.contact_submissions USING btree (created_at DESC) WHERE (held_at IS NOT NULL);

CREATE INDEX contact_submissions_status_created_at_idx ON public.contact_submissions USING btree (status, created_at DESC);

CREATE TRIGGER contact_submissions_audit_change AFTER DELETE OR UPDATE OF status, assigned_to, last_contacted_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.audit_enquiry_change();

CREATE TRIGGER contact_submissions_client_limits BEFORE INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.enforce_contact_submission_client_limits();

CREATE TRIGGER contact_submissions_guard_hold BEFORE UPDATE OF held_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.guard_enquiry_hold();

CREATE TRIGGER contact_submissions_rate_limit BEFORE INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.enforce_contact_submission_rate_limit();

CREATE TRIGGER contact_submissions_record_source AFTER INSERT ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.record_enquiry_source();

CREATE POLICY "admins delete enquiries" ON public.contact_submissions FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiries" ON public.contact_submissions FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "signed-in users submit enquiries" ON public.contact_submissions FOR INSERT TO authenticated WITH CHECK (((created_at = now()) AND (id IS NOT NULL)));

CREATE POLICY "visitors submit enquiries" ON public.contact_submissions FOR INSERT TO anon WITH CHECK (((created_at = now()) AND (id IS NOT NULL)));
