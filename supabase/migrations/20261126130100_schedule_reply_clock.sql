-- Migration: run the reply reminders every 5 minutes and the weekly summary check every hour
-- through pg_cron.
--
-- Only where the pg_cron extension is installed (hosted Supabase: Database > Extensions >
-- pg_cron, then re-run this statement in the SQL editor if the extension came later). The
-- embedded backend has no pg_cron and runs the same functions on its own timer
-- (supabase/local/jobs/reply-clock.ts). The summary is checked hourly rather than scheduled at
-- 08:00 UTC because 08:00 in London is 07:00 UTC in summer: private.queue_weekly_summary()
-- decides from the London clock and queues at most one per week. cron.schedule with an existing
-- job name replaces that job, so running this twice is safe.

do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('send-reply-reminders', '*/5 * * * *', 'select private.send_reply_reminders()');
    perform cron.schedule('queue-weekly-summary', '2 * * * *', 'select private.queue_weekly_summary()');
  end if;
end
$$;
