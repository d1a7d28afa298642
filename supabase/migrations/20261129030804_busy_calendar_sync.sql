-- Migration: busy_calendar_sync (drafted by npm run db:diff from supabase/schemas; read before committing).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.request_busy_calendar_sync()
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  mail_function_url text;
  service_key text;
begin
  -- No staff calendar to read: no call to the function.
  if not exists (select 1 from private.staff_busy_calendars) then
    return null;
  end if;
  -- Deployed beside the mail sender: its URL is the sender's with the last segment replaced,
  -- so an operator stores nothing more for it.
  select secret.decrypted_secret into mail_function_url
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_function_url';
  select secret.decrypted_secret into service_key
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_service_key';
  if mail_function_url is null or service_key is null then
    raise warning 'request_busy_calendar_sync: store enquiry_mail_function_url and enquiry_mail_service_key in Vault; staff calendars are not read until then';
    return null;
  end if;
  return net.http_post(
    url := pg_catalog.regexp_replace(mail_function_url, '/[^/]+/?$', '/sync-busy-calendars'),
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000);
end
$function$
;

REVOKE ALL ON FUNCTION private.request_busy_calendar_sync() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.request_busy_calendar_sync() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_busy_calendar_sync() TO service_role;

COMMENT ON FUNCTION private.request_busy_calendar_sync() IS 'Asks the sync-busy-calendars Edge Function (through pg_net) to read every staff calendar, when any is set and the mail sender''s Vault secrets are stored (its URL is the sender''s, last segment replaced); returns the pg_net request id, or null when it asked nothing. Hourly by pg_cron.';

-- The schedule (hand-written: a schema diff carries none).

DO $$
begin
  perform cron.schedule('sync-busy-calendars', '11 * * * *', 'select private.request_busy_calendar_sync()');
end
$$;
