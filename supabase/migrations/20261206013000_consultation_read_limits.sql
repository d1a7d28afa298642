-- The free times are quick on any server, and reading them or claiming a book token is limited
-- per client. On a PostgreSQL with JIT on (Debian's packages, any built with LLVM), the
-- planner's estimates for the set-returning slot functions were far above their real cost, so
-- every read of the free times was JIT-compiled: about 600 ms a host, over three seconds for
-- five, against about 10 ms for five hosts without it; of 40 reads at once, 11 failed with a
-- bare 502. The slot functions now run with jit off. Neither the read nor the claim was limited:
-- each now counts per client address key (the caller's X-Forwarded-For, as for booking changes)
-- in an unlogged table pruned as rows arrive, refused past an hourly limit in the settings
-- (P0001, hint consultation_read_limit), counted under a transaction lock per address like the
-- limits on changes. The two functions take p_forwarded_for, so they are dropped and made again.

ALTER TABLE private.consultation_settings
    ADD COLUMN slot_reads_per_client_per_hour integer DEFAULT 120 NOT NULL,
    ADD COLUMN claims_per_client_per_hour integer DEFAULT 30 NOT NULL,
    ADD CONSTRAINT consultation_settings_read_limits CHECK (((slot_reads_per_client_per_hour >= 1) AND (claims_per_client_per_hour >= 1)));

COMMENT ON COLUMN private.consultation_settings.slot_reads_per_client_per_hour IS 'Reads of the free times (book and manage links) one client network address may make in any hour: a prospect reads them a few times, a script hundreds.';

COMMENT ON COLUMN private.consultation_settings.claims_per_client_per_hour IS 'Book tokens one client network address may claim with enquiry booking keys in any hour.';

CREATE UNLOGGED TABLE private.consultation_reads (
    id bigint NOT NULL,
    action text NOT NULL,
    client_address text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT consultation_reads_action CHECK ((action = ANY (ARRAY['slots'::text, 'claim'::text])))
);

COMMENT ON TABLE private.consultation_reads IS 'One row per read of the free times and per book token claimed in the last hour, with the client address key, for the per-client limits. Unlogged: a crash forgets an hour of counts, nothing else. Older rows are deleted as new ones arrive.';

COMMENT ON COLUMN private.consultation_reads.action IS 'slots (a read of the free times) or claim (a book token claimed with a booking key).';

COMMENT ON COLUMN private.consultation_reads.client_address IS 'The client address key of the request (private.client_address_of of the caller''s X-Forwarded-For).';

ALTER TABLE private.consultation_reads ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.consultation_reads_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.consultation_reads
    ADD CONSTRAINT consultation_reads_pkey PRIMARY KEY (id);

CREATE INDEX consultation_reads_client_idx ON private.consultation_reads USING btree (client_address, action, created_at);

CREATE INDEX consultation_reads_created_at_idx ON private.consultation_reads USING btree (created_at);

ALTER TABLE private.consultation_reads ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.count_consultation_read(_action text, _client text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  allowed integer;
begin
  if _client is null then
    return;
  end if;
  -- Reads from one client wait here for each other until the one before commits, and each then
  -- counts with a fresh snapshot (hence VOLATILE): two can no longer both see the last free place
  -- under the limit. The lock is held while the slots are worked out, so one client's reads run
  -- one after another and cannot take every connection.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('consultation reads ' || _action || ' ' || _client, 0));
  select case _action when 'claim' then settings.claims_per_client_per_hour
                      else settings.slot_reads_per_client_per_hour end
    into allowed
    from private.consultation_settings as settings;
  -- rows older than the hour, whoever's, skipping any another request is deleting just now.
  delete from private.consultation_reads as old
   where old.id in (select stale.id from private.consultation_reads as stale
                     where stale.created_at <= pg_catalog.now() - interval '1 hour'
                       for update skip locked);
  if (select pg_catalog.count(*) from private.consultation_reads as earlier
       where earlier.client_address = _client and earlier.action = _action
         and earlier.created_at > pg_catalog.now() - interval '1 hour') >= allowed then
    raise exception using
      errcode = 'P0001',
      message = 'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
      hint = 'consultation_read_limit';
  end if;
  insert into private.consultation_reads (action, client_address) values (_action, _client);
end;
$$;

COMMENT ON FUNCTION private.count_consultation_read(_action text, _client text) IS 'Counts a read of the free times (slots) or a book token claim (claim) from a client address key, refusing it past slot_reads_per_client_per_hour or claims_per_client_per_hour (P0001, hint consultation_read_limit); no limit without a key. Holds a transaction lock per address and action, so concurrent requests are counted one after another; a request that fails later is not counted.';

REVOKE ALL ON FUNCTION private.count_consultation_read(_action text, _client text) FROM PUBLIC, anon, authenticated, service_role;

ALTER FUNCTION private.staff_free_slots(_staff_id uuid, _from timestamp with time zone, _until timestamp with time zone, _ignore_booking uuid, _now timestamp with time zone) SET jit TO 'off';

ALTER FUNCTION private.enquiry_free_slots(_assigned_to uuid, _ignore_booking uuid) SET jit TO 'off';

ALTER FUNCTION private.nearest_free_slots(_assigned_to uuid, _wanted timestamp with time zone, _ignore_booking uuid) SET jit TO 'off';

DROP FUNCTION public.consultation_slots(p_token text);

DROP FUNCTION private.consultation_slots(p_token text);

CREATE FUNCTION private.consultation_slots(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  booking public.consultation_bookings;
  enquiry public.contact_submissions;
begin
  perform private.count_consultation_read('slots', private.client_address_of(p_forwarded_for));
  if pg_catalog.left(coalesce(p_token, ''), 2) = 'm.' then
    booking := private.managed_booking(p_token);
    enquiry := private.bookable_enquiry(booking.submission_id);
  else
    enquiry := private.bookable_enquiry((private.read_consultation_token(p_token, 'b')).subject);
    select * into booking from public.consultation_bookings as candidate
     where candidate.submission_id = enquiry.id and candidate.status = 'booked';
  end if;
  return pg_catalog.jsonb_build_object(
    'meeting_minutes', (select settings.meeting_minutes from private.consultation_settings as settings),
    'host_time_zone', 'Europe/London',
    'booking', case when booking.id is null then null else private.consultation_booking_json(booking) end,
    'slots', coalesce((select pg_catalog.jsonb_agg(slot.starts_at order by slot.starts_at)
                         from private.enquiry_free_slots(enquiry.assigned_to, booking.id) as slot), '[]'::jsonb)
  );
end;
$$;

COMMENT ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) IS 'Anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked; P0001 (hint consultation_read_limit) past slot_reads_per_client_per_hour from the client of p_forwarded_for (the caller''s X-Forwarded-For). Called by public.consultation_slots().';

REVOKE ALL ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.consultation_slots(p_token text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.consultation_slots(p_token text, p_forwarded_for text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.consultation_slots(p_token, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone holding a book or manage token: the free start times on offer (the booking''s own time left free for a move), and the enquiry''s booking if one is booked; P0001 (hint consultation_read_limit) past the hourly reads of the client of p_forwarded_for.';

REVOKE ALL ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.consultation_slots(p_token text, p_forwarded_for text) TO service_role;

DROP FUNCTION public.claim_consultation_token(p_enquiry_key text);

DROP FUNCTION private.claim_consultation_token(p_enquiry_key text);

CREATE FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
begin
  perform private.count_consultation_read('claim', private.client_address_of(p_forwarded_for));
  select submission.* into enquiry
    from public.contact_submissions as submission
    cross join private.consultation_settings as settings
   where submission.booking_key = private.sha256_hex(pg_catalog.convert_to(coalesce(p_enquiry_key, ''), 'UTF8'))
     and submission.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => settings.claim_minutes);
  if enquiry.id is null then
    raise exception using
      errcode = 'P0001',
      message = 'This enquiry cannot book a consultation from here. Please use the link in our e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  return private.consultation_book_token(enquiry.id, enquiry.created_at);
end;
$$;

COMMENT ON FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) IS 'Anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise, or hint consultation_read_limit past claims_per_client_per_hour from the client of p_forwarded_for (the caller''s X-Forwarded-For). Called by public.claim_consultation_token().';

REVOKE ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) TO service_role;

CREATE FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text DEFAULT NULL::text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select * from private.claim_consultation_token(p_enquiry_key, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise, or hint consultation_read_limit past the hourly claims of the client of p_forwarded_for.';

REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) TO service_role;
