-- Every scheduled job, in one place. The migrations enable pg_cron and pg_net and schedule each
-- job, so a `db push` to a new project leaves them all in place; only the mail sender's two Vault
-- secrets (its function URL and the service-role key) are the operator's to store. The other
-- function a job calls (sync-busy-calendars) is found beside the mail sender's URL.
--
-- pg_cron runs only in the database its library was loaded for (cron.database_name); anywhere
-- else (the embedded backend's PostgreSQL from npm, a throwaway database beside it)
-- supabase/local/platform.sql stands in for cron.schedule and cron.job, and for pg_net and Vault,
-- so these statements apply everywhere alike. cron.schedule replaces a job of the same name: applying this again is safe.

DO $$
begin
  if pg_catalog.current_setting('cron.database_name', true) = pg_catalog.current_database() then
    create extension if not exists pg_cron;
  end if;
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

CREATE FUNCTION private.request_enquiry_mail_send() RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  function_url text;
  service_key text;
begin
  -- Nothing to send: no call to the function, so an idle site costs no invocations.
  if not exists (
    select 1 from private.enquiry_mail_jobs as job
     where (job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
        or (job.status = 'sending' and job.lease_until <= pg_catalog.now())
  ) then
    return null;
  end if;
  select secret.decrypted_secret into function_url
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_function_url';
  select secret.decrypted_secret into service_key
    from vault.decrypted_secrets as secret where secret.name = 'enquiry_mail_service_key';
  if function_url is null or service_key is null then
    raise warning 'request_enquiry_mail_send: store enquiry_mail_function_url and enquiry_mail_service_key in Vault; mail waits until then';
    return null;
  end if;
  return net.http_post(
    url := function_url,
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000);
end
$$;

COMMENT ON FUNCTION private.request_enquiry_mail_send() IS 'Asks the send-enquiry-mail Edge Function (through pg_net) to send the outbox, when a job is due and both Vault secrets (enquiry_mail_function_url, enquiry_mail_service_key) are stored; returns the pg_net request id, or null when it asked nothing. Every minute by pg_cron.';

REVOKE ALL ON FUNCTION private.request_enquiry_mail_send() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_enquiry_mail_send() TO service_role;

CREATE FUNCTION private.request_busy_calendar_sync() RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.request_busy_calendar_sync() IS 'Asks the sync-busy-calendars Edge Function (through pg_net) to read every staff calendar, when any is set and the mail sender''s Vault secrets are stored (its URL is the sender''s, last segment replaced); returns the pg_net request id, or null when it asked nothing. Hourly by pg_cron.';

REVOKE ALL ON FUNCTION private.request_busy_calendar_sync() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_busy_calendar_sync() TO service_role;

CREATE FUNCTION private.purge_finished_enquiry_mail(_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  purged integer;
begin
  delete from private.enquiry_mail_jobs as job
   where job.status in ('sent', 'skipped') and job.updated_at < _now - interval '30 days';
  get diagnostics purged = row_count;
  return purged;
end
$$;

COMMENT ON FUNCTION private.purge_finished_enquiry_mail(_now timestamp with time zone) IS 'Deletes outbox jobs sent or skipped more than 30 days before _now: past the hourly limits they count towards, they hold only a copy of what was mailed. Returns how many. Daily by pg_cron.';

REVOKE ALL ON FUNCTION private.purge_finished_enquiry_mail(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.purge_finished_enquiry_mail(_now timestamp with time zone) TO service_role;

DO $$
begin
  perform cron.schedule('send-enquiry-mail', '* * * * *', 'select private.request_enquiry_mail_send()');
  perform cron.schedule('purge-enquiry-mail', '0 3 * * *', 'select private.purge_finished_enquiry_mail()');
  perform cron.schedule('send-reply-reminders', '*/5 * * * *', 'select private.send_reply_reminders()');
  perform cron.schedule('send-follow-up-reminders', '*/5 * * * *', 'select private.send_follow_up_reminders()');
  perform cron.schedule('queue-weekly-summary', '2 * * * *', 'select private.queue_weekly_summary()');
  perform cron.schedule('apply-retention', '17 3 * * *', 'select private.apply_retention()');
  perform cron.schedule('send-consultation-reminders', '*/5 * * * *', 'select private.queue_consultation_reminders()');
  perform cron.schedule('sync-busy-calendars', '11 * * * *', 'select private.request_busy_calendar_sync()');
  perform cron.schedule('release-unconfirmed-consultations', '*/5 * * * *', 'select private.release_unconfirmed_consultations()');
end
$$;
