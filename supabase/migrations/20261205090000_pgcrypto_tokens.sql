-- Tokens, keys and signatures from pgcrypto, as every Supabase project has it in the extensions
-- schema, instead of an HMAC written by hand over sha256() and random bytes taken from UUIDs.
-- pgcrypto's hmac() gives the same bytes for keys of up to 64 bytes, so the tokens already sent
-- keep working.

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;

ALTER TABLE private.consultation_settings
  ALTER COLUMN token_secret SET DEFAULT extensions.gen_random_bytes(32);

CREATE OR REPLACE FUNCTION private.sign_consultation_token(_kind text, _subject uuid, _version integer, _expires_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select claims || '.' || private.base64url(extensions.hmac(pg_catalog.convert_to(claims, 'UTF8'), settings.token_secret, 'sha256'))
    from private.consultation_settings as settings,
         lateral (select _kind || '.' || _subject::text || '.' || _version::text || '.'
                         || pg_catalog.floor(extract(epoch from _expires_at))::bigint::text as claims) as token;
$$;

CREATE OR REPLACE FUNCTION private.rotate_consultation_feed() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  token text := private.base64url(extensions.gen_random_bytes(32));
begin
  perform private.require_enquiry_admin();
  insert into private.consultation_feeds (staff_id, token_hash)
  values (auth.uid(), private.sha256_hex(pg_catalog.convert_to(token, 'UTF8')))
  on conflict (staff_id) do update set token_hash = excluded.token_hash, created_at = pg_catalog.now();
  return token;
end;
$$;

DROP FUNCTION private.hmac_sha256(_message bytea, _key bytea);
DROP FUNCTION private.random_bytes_32();
