// The jobs the migrations schedule: each of them is in cron.job (pg_cron's table, or the
// platform stand-in here), the mail sender's job calls the Edge Function only when a mail is due
// and its Vault secrets are stored, and the daily purge removes only mail finished long ago.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDeclaredJobs } from '../../scripts/db-schedules.ts';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const declared = readDeclaredJobs();

const requestSend = async () =>
  (await backend.sql<{ id: string | null }>('select private.request_enquiry_mail_send() as id'))[0]!
    .id;

describe('the schedules the migrations declare', () => {
  it('are all in cron.job with their schedule and command', async () => {
    expect(declared.map((job) => job.jobname)).toEqual(
      expect.arrayContaining(['send-enquiry-mail', 'apply-retention', 'send-reply-reminders']),
    );
    const jobs = await backend.sql<{ jobname: string; schedule: string; command: string }>(
      'select jobname, schedule, command from cron.job order by jobname',
    );
    expect(jobs).toEqual([...declared].sort((a, b) => a.jobname.localeCompare(b.jobname)));
  });
});

describe('the mail sender job', () => {
  beforeEach(async () => {
    await backend.sql('delete from private.enquiry_mail_jobs');
    await backend.sql('delete from net.http_request_queue');
    await backend.sql('delete from vault.secrets');
  });

  it('asks nothing while no mail is due, even with its secrets stored', async () => {
    await backend.sql(
      "select vault.create_secret('https://ref.supabase.test/functions/v1/send-enquiry-mail', 'enquiry_mail_function_url')",
    );
    await backend.sql("select vault.create_secret('service-key', 'enquiry_mail_service_key')");
    await backend.sql(
      "insert into private.enquiry_mail_jobs (kind, payload, next_attempt_at) values ('weekly_summary', '{}', now() + interval '1 hour')",
    );
    expect(await requestSend()).toBeNull();
    expect(await backend.sql('select id from net.http_request_queue')).toEqual([]);
  });

  it('waits without error for the secrets when a mail is due', async () => {
    await backend.sql(
      "insert into private.enquiry_mail_jobs (kind, payload) values ('weekly_summary', '{}')",
    );
    expect(await requestSend()).toBeNull();
  });

  it('posts to the stored function URL with the service key when a mail is due', async () => {
    await backend.sql(
      "select vault.create_secret('https://ref.supabase.test/functions/v1/send-enquiry-mail', 'enquiry_mail_function_url')",
    );
    await backend.sql("select vault.create_secret('service-key', 'enquiry_mail_service_key')");
    await backend.sql(
      "insert into private.enquiry_mail_jobs (kind, payload) values ('weekly_summary', '{}')",
    );
    const id = await requestSend();
    expect(id).not.toBeNull();
    const [request] = await backend.sql<{
      method: string;
      url: string;
      headers: Record<string, string>;
      body: unknown;
    }>('select method, url, headers, body from net.http_request_queue where id = $1', [id]);
    expect(request).toEqual({
      method: 'POST',
      url: 'https://ref.supabase.test/functions/v1/send-enquiry-mail',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
      body: {},
    });
  });
});

describe('the purge of finished mail', () => {
  it('deletes sent and skipped mail older than 30 days, and nothing else', async () => {
    await backend.sql('delete from private.enquiry_mail_jobs');
    await backend.sql(
      `insert into private.enquiry_mail_jobs (kind, payload, status, skip_reason, updated_at, sent_at) values
         ('weekly_summary', '{"n": "old sent"}', 'sent', null, '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z'),
         ('weekly_summary', '{"n": "old skipped"}', 'skipped', 'hourly limit', '2026-10-01T00:00:00Z', null),
         ('weekly_summary', '{"n": "old failed"}', 'failed', null, '2026-10-01T00:00:00Z', null),
         ('weekly_summary', '{"n": "recent sent"}', 'sent', null, '2026-11-10T00:00:00Z', '2026-11-10T00:00:00Z')`,
    );
    const [{ purged }] = (await backend.sql<{ purged: number }>(
      "select private.purge_finished_enquiry_mail('2026-11-20T00:00:00Z') as purged",
    )) as [{ purged: number }];
    expect(purged).toBe(2);
    const left = await backend.sql<{ n: string }>(
      "select payload->>'n' as n from private.enquiry_mail_jobs order by n",
    );
    expect(left.map((row) => row.n)).toEqual(['old failed', 'recent sent']);
  });
});

describe('the local jobs route', () => {
  const jobs = (path = '', method = 'GET', key = backend.serviceRoleKey) =>
    fetch(`${backend.url}/__local/jobs${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}` },
    });

  it('lists the scheduled jobs for the service role only', async () => {
    expect((await jobs('', 'GET', backend.anonKey)).status).toBe(401);
    const listed = (await (await jobs()).json()) as { jobname: string }[];
    expect(listed.map((job) => job.jobname).sort()).toEqual(
      declared.map((job) => job.jobname).sort(),
    );
  });

  it("runs a job's command now, and names the jobs when asked for another", async () => {
    await backend.sql('delete from private.enquiry_mail_jobs');
    await backend.sql(
      `insert into private.enquiry_mail_jobs (kind, payload, status, updated_at, sent_at)
       values ('weekly_summary', '{}', 'sent', now() - interval '40 days', now() - interval '40 days')`,
    );
    const ran = await jobs('/purge-enquiry-mail', 'POST');
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({
      job: declared.find((job) => job.jobname === 'purge-enquiry-mail'),
    });
    expect(await backend.sql('select id from private.enquiry_mail_jobs')).toEqual([]);

    const unknown = await jobs('/nightly', 'POST');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain(
      'No job named nightly; the jobs are: apply-retention,',
    );
  });
});
