-- The client of a request that reaches the database through an Edge Function is found by the
-- function's own count of proxies, not the Data API's: the two paths pass through different
-- proxies, and the count of the function path is measured on the deployed project by
-- `npm run setup:hosted`, which stores it here.

ALTER TABLE private.enquiry_limits
    ADD COLUMN function_proxy_hops integer DEFAULT 1 NOT NULL,
    ADD CONSTRAINT enquiry_limits_function_hops CHECK (((function_proxy_hops >= 1) AND (function_proxy_hops <= 5)));

COMMENT ON COLUMN private.enquiry_limits.function_proxy_hops IS 'Which X-Forwarded-For entry an Edge Function''s caller is, counted from the right; measured on the deployed project by setup:hosted.';

COMMENT ON COLUMN private.enquiry_limits.trusted_proxy_hops IS 'Which X-Forwarded-For entry a Data API caller is, counted from the right: 1 = the one the API gateway appended.';

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

CREATE OR REPLACE FUNCTION private.client_address_of(_forwarded text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.client_address_at(_forwarded, limits.function_proxy_hops)
  from private.enquiry_limits as limits;
$$;

COMMENT ON FUNCTION private.client_address_of(_forwarded text) IS 'The per-client key of the X-Forwarded-For an Edge Function passed on: its entry function_proxy_hops from the right, through private.client_address_key; null for none or an entry that is no address.';

CREATE OR REPLACE FUNCTION private.enquiry_client_address() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.client_address_at(
    nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    limits.trusted_proxy_hops)
  from private.enquiry_limits as limits;
$$;
