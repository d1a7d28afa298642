// After `supabase db push`: every job supabase/schemas/08_schedules.sql declares is in cron.job
// with its schedule and command, and each command runs without error. The mail sender's job is
// also run with its Vault secrets stored and a mail due: it must ask pg_net to call the function.
// Run by scripts/db-push.sh against the throwaway PostgreSQL in DATABASE_URL.
import pg from 'pg';

import {
  CRON_JOBS_SQL,
  readDeclaredJobs,
  scheduleProblems,
  type CronJobRow,
} from './db-schedules.ts';

const declared = readDeclaredJobs();

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const problems: string[] = [];
try {
  const cron = await client.query<{ extversion: string }>(
    "select extversion from pg_catalog.pg_extension where extname = 'pg_cron'",
  );
  const real = cron.rows[0]?.extversion;
  if (!real && process.env.PG_THROWAWAY_CRON === '1' && process.env.PG_THROWAWAY_REQUIRED === '1') {
    problems.push('pg_cron is not installed: the schedules were checked against the stand-in only');
  }

  const { rows: jobs } = await client.query<CronJobRow>(CRON_JOBS_SQL);
  problems.push(...scheduleProblems(declared, jobs, { strict: true }));

  for (const job of declared) {
    try {
      await client.query(job.command);
    } catch (error) {
      problems.push(`${job.jobname}: ${job.command} failed: ${(error as Error).message}`);
    }
  }

  // The mail sender with what an operator stores, in a transaction left unapplied.
  await client.query('begin');
  try {
    await client.query(
      "select vault.create_secret('https://project.invalid/functions/v1/send-enquiry-mail', 'enquiry_mail_function_url')",
    );
    await client.query("select vault.create_secret('service-key', 'enquiry_mail_service_key')");
    await client.query(
      "insert into private.enquiry_mail_jobs (kind, payload) values ('weekly_summary', '{}')",
    );
    const { rows } = await client.query<{ id: string | null }>(
      'select private.request_enquiry_mail_send() as id',
    );
    if (rows[0]?.id == null) problems.push('send-enquiry-mail: asked nothing with a mail due');
    const queued = await client
      .query(
        "select url, headers->>'Authorization' as authorization from net.http_request_queue where id = $1",
        [rows[0]?.id],
      )
      .catch(() => ({ rows: [] as { url: string; authorization: string }[] }));
    // Only the stand-in keeps its requests in that table; the real pg_net sends them.
    if (queued.rows.length > 0 && queued.rows[0]?.authorization !== 'Bearer service-key') {
      problems.push('send-enquiry-mail: the request does not carry the service key');
    }
  } finally {
    await client.query('rollback');
  }

  if (problems.length === 0) {
    console.log(
      `db-schedules: ${declared.length} jobs scheduled by the migrations (pg_cron ${real ?? 'stand-in'}); each command ran.`,
    );
  }
} finally {
  await client.end();
}
if (problems.length > 0) {
  console.error(`db-schedules:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
