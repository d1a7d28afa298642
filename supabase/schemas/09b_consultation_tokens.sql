-- Consultation tokens: how a visitor proves which enquiry or booking they act on.
--
-- Tokens are signed with the key in private.consultation_settings (HMAC-SHA256) and expire: a
-- book token for an enquiry, a manage token for a booking (invalid once the booking moves). The
-- browser that sent an enquiry claims its book token with the booking key it sent, for a few
-- minutes; only the key's SHA-256 is stored.

CREATE INDEX contact_submissions_booking_key_idx ON public.contact_submissions USING btree (booking_key) WHERE (booking_key IS NOT NULL);

CREATE FUNCTION private.base64url(_bytes bytea) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(_bytes, 'base64'), E'+/\n', '-_'), '=');
$$;

REVOKE ALL ON FUNCTION private.base64url(_bytes bytea) FROM PUBLIC;

CREATE FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select claims || '.' || private.base64url(extensions.hmac(pg_catalog.convert_to(claims, 'UTF8'), settings.token_secret, 'sha256'))
    from private.consultation_settings as settings,
         lateral (select _kind || '.' || _subject::text || '.' || _version::text || '.'
                         || pg_catalog.floor(extract(epoch from _expires_at))::bigint::text as claims) as token;
$$;

COMMENT ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) IS 'A token <kind>.<subject>.<version>.<expiry, epoch seconds>.<HMAC-SHA256, base64url>: kind b (book: subject the enquiry) or m (manage: subject the booking, version its sequence).';

REVOKE ALL ON FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  parts text[];
  expires_at timestamp with time zone;
begin
  parts := pg_catalog.string_to_array(coalesce(_token, ''), '.');
  if pg_catalog.cardinality(parts) <> 5
     or parts[1] <> _kind
     or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or parts[3] !~ '^[0-9]{1,9}$'
     or parts[4] !~ '^[0-9]{1,12}$'
     or private.sign_consultation_token(parts[1], parts[2]::uuid, parts[3]::integer,
          pg_catalog.to_timestamp(parts[4]::bigint)) <> _token then
    raise exception using
      errcode = 'P0001',
      message = 'This link is not valid. Please use the link from your e-mail.',
      hint = 'consultation_token_invalid';
  end if;
  expires_at := pg_catalog.to_timestamp(parts[4]::bigint);
  if expires_at <= pg_catalog.now() then
    raise exception using
      errcode = 'P0001',
      message = 'This link has expired.',
      hint = 'consultation_token_expired';
  end if;
  subject := parts[2]::uuid;
  version := parts[3]::integer;
end;
$$;

COMMENT ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) IS 'The subject and version of a token of this kind signed by private.sign_consultation_token; P0001 with hint consultation_token_invalid or consultation_token_expired otherwise.';

REVOKE ALL ON FUNCTION private.read_consultation_token(_token text, _kind text, OUT subject uuid, OUT version integer) FROM PUBLIC;

CREATE FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('b', _submission_id, 0,
           _created_at + pg_catalog.make_interval(days => settings.book_token_days))
    from private.consultation_settings as settings;
$$;

COMMENT ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) IS 'The book token of an enquiry that arrived at _created_at: valid book_token_days.';

REVOKE ALL ON FUNCTION private.consultation_book_token(_submission_id uuid, _created_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('m', _booking.id, _booking.sequence, _booking.ends_at);
$$;

COMMENT ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) IS 'The manage token of a booking as it stands: valid until it ends, and only until its next move or cancellation.';

REVOKE ALL ON FUNCTION private.consultation_manage_token(_booking public.consultation_bookings) FROM PUBLIC;

CREATE FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_consultation_token('c', _booking.id, 0, coalesce(_booking.hold_until, _booking.ends_at));
$$;

COMMENT ON FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) IS 'The confirm token of a held booking, mailed with its invitation: valid until the hold ends (or, once confirmed, until the booking ends), whatever moves it.';

REVOKE ALL ON FUNCTION private.consultation_confirm_token(_booking public.consultation_bookings) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.hash_enquiry_booking_key() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' then
    new.booking_key := old.booking_key;
    return new;
  end if;
  if new.booking_key is not null then
    if new.booking_key !~ '^[A-Za-z0-9_-]{43}$' then
      raise exception using
        errcode = 'P0001',
        message = 'The booking key must be 32 random bytes in base64url.',
        hint = 'contact_submissions_booking_key_format';
    end if;
    new.booking_key := private.sha256_hex(pg_catalog.convert_to(new.booking_key, 'UTF8'));
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.hash_enquiry_booking_key() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: stores the SHA-256 of the browser''s booking key, never the key (P0001, hint contact_submissions_booking_key_format, for one that is not 43 base64url characters); an update cannot change it.';

REVOKE ALL ON FUNCTION private.hash_enquiry_booking_key() FROM PUBLIC;

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

REVOKE ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- What the Data API exposes: a SECURITY INVOKER wrapper, the service role's alone (the
-- consultation Edge Function calls it).

CREATE FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text DEFAULT NULL::text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select * from private.claim_consultation_token(p_enquiry_key, p_forwarded_for);
$$;

COMMENT ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) IS 'Service role only (the consultation Edge Function), for anyone: exchanges the booking key a browser sent with its enquiry, within claim_minutes of it, for that enquiry''s book token; P0001 (hint consultation_token_invalid) otherwise, or hint consultation_read_limit past the hourly claims of the client of p_forwarded_for.';

REVOKE ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_consultation_token(p_enquiry_key text, p_forwarded_for text) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- Triggers

CREATE TRIGGER contact_submissions_booking_key BEFORE INSERT OR UPDATE OF booking_key ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.hash_enquiry_booking_key();
