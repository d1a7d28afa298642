-- Migration: run private.apply_retention() every day at 03:17 UTC through pg_cron.
--
-- Only where the pg_cron extension is installed (hosted Supabase: Database > Extensions >
-- pg_cron, then re-run this statement in the SQL editor if the extension came later). The
-- embedded backend has no pg_cron and runs the same function itself on start and once a day.
-- cron.schedule with an existing job name replaces that job, so running this twice is safe.

do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('apply-retention', '17 3 * * *', 'select private.apply_retention()');
  end if;
end
$$;
