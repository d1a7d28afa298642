// The enquiry mail sender (send-enquiry-mail) against a mail API that fails, against two runs at
// once, and after a sender died between sending and marking; and the local mail API's own rules
// (bearer key, no line breaks in header values, Idempotency-Key).

import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { mailTo } from './support/mail.ts';
import { renderJob } from '../../supabase/functions/send-enquiry-mail/render.ts';
import type { MailJob, OutgoingMail } from '../../supabase/functions/send-enquiry-mail/render.ts';

const SITE = 'https://site.kestrel.test';
const FROM = 'Kestrel Data <no-reply@kestrel-data.local>';
const STAFF = 'enquiries@kestrel-data.local';

const sendToLocalApi = (
  backend: TestBackend,
  mail: OutgoingMail,
  key: string,
  authorization = 'Bearer local-mail-api-key',
) =>
  fetch(`${backend.url}/__local/mail-api/emails`, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(mail),
  });

interface Received {
  headers: IncomingHttpHeaders;
  body: { from: string; to: string; subject: string; html: string; text: string };
}

/**
 * A mail API on 127.0.0.1 that answers every request with `status`, recording what it got. It
 * keeps no idempotency keys, so every request it records would be a mail delivered. `before`
 * runs before each answer, while the sender waits for it.
 */
async function startMailApi(
  status: () => number,
  before: (request: Received, index: number) => Promise<void> = () => Promise.resolve(),
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: Received = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
      };
      received.push(request);
      const index = received.length - 1;
      await before(request, index);
      const code = status();
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(
        code < 300
          ? JSON.stringify({ id: `msg-${index + 1}` })
          : JSON.stringify({ statusCode: code, name: 'application_error', message: 'down' }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

const enquiry = (email: string) => ({
  Name: 'Katherine Johnson',
  Email: email,
  Company: 'Orbital Mechanics Ltd',
  Interest: 'analytics',
  Timeline: 'immediate',
  Message: 'We need a second look at our trajectory analytics.',
});

interface RunSummary {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  errors: number;
}

/** A sender run's answer: the counts given, every other count 0. */
const summary = (counts: Partial<RunSummary>): RunSummary => ({
  claimed: 0,
  sent: 0,
  retried: 0,
  failed: 0,
  skipped: 0,
  errors: 0,
  ...counts,
});

const runSender = (backend: TestBackend) =>
  fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
  });

interface JobRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  delay_seconds: number | null;
  last_error: string | null;
}

const jobRows = (backend: TestBackend) =>
  backend.sql<JobRow>(
    `select id, kind, status, attempts, last_error,
            round(extract(epoch from (next_attempt_at - updated_at)))::int as delay_seconds
       from private.enquiry_mail_jobs order by kind`,
  );

describe('a failing mail API', () => {
  let backend: TestBackend;
  let api: Awaited<ReturnType<typeof startMailApi>>;

  beforeAll(async () => {
    api = await startMailApi(() => 500);
    backend = await startTestBackend({
      enquiryMail: { apiUrl: api.url, apiKey: 'provider-key' },
      enquiryLimits: { max_attempts: 3, retry_base_seconds: 60 },
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await api?.close();
  });

  it('is retried with exponential backoff and the job is finally parked as failed', async () => {
    const { error } = await anonClient(backend)
      .from('contact_submissions')
      .insert(enquiry('retry@example.com'));
    expect(error).toBeNull();

    const first = await runSender(backend);
    expect(await first.json()).toEqual(summary({ claimed: 2, retried: 2 }));
    let rows = await jobRows(backend);
    expect(rows.map((row) => [row.status, row.attempts, row.delay_seconds])).toEqual([
      ['pending', 1, 60],
      ['pending', 1, 60],
    ]);
    expect(rows[0]!.last_error).toMatch(/^mail API answered 500/);

    // not due yet: a run now claims nothing
    expect(await (await runSender(backend)).json()).toEqual(summary({}));

    await backend.sql('update private.enquiry_mail_jobs set next_attempt_at = now()');
    await runSender(backend);
    rows = await jobRows(backend);
    expect(rows.map((row) => [row.status, row.attempts, row.delay_seconds])).toEqual([
      ['pending', 2, 120],
      ['pending', 2, 120],
    ]);

    await backend.sql('update private.enquiry_mail_jobs set next_attempt_at = now()');
    expect(await (await runSender(backend)).json()).toEqual(summary({ claimed: 2, failed: 2 }));
    rows = await jobRows(backend);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);

    // parked jobs are never claimed again
    await backend.sql('update private.enquiry_mail_jobs set next_attempt_at = now()');
    expect((await (await runSender(backend)).json()).claimed).toBe(0);
    expect(api.received).toHaveLength(6);
    // every attempt of one job carried the same idempotency key, the job id, and the API key
    const ids = new Set(rows.map((row) => row.id));
    for (const request of api.received) {
      expect(ids.has(String(request.headers['idempotency-key']))).toBe(true);
      expect(request.headers.authorization).toBe('Bearer provider-key');
    }
  });
});

describe('sending exactly once', () => {
  let backend: TestBackend;
  let api: Awaited<ReturnType<typeof startMailApi>>;

  beforeAll(async () => {
    api = await startMailApi(() => 200);
    backend = await startTestBackend({ enquiryMail: { apiUrl: api.url, apiKey: 'provider-key' } });
  });

  afterAll(async () => {
    await backend?.stop();
    await api?.close();
  });

  afterEach(() => {
    api.received.length = 0;
  });

  it('two sender runs at the same time send each job once', async () => {
    const anon = anonClient(backend);
    for (let n = 0; n < 4; n += 1) {
      const { error } = await anon
        .from('contact_submissions')
        .insert(enquiry(`twice-${n}@example.com`));
      expect(error).toBeNull();
    }
    const results = await Promise.all([runSender(backend), runSender(backend), runSender(backend)]);
    const summaries = (await Promise.all(results.map((result) => result.json()))) as {
      sent: number;
    }[];
    expect(summaries.reduce((total, summary) => total + summary.sent, 0)).toBe(8);
    const keys = api.received.map((request) => String(request.headers['idempotency-key']));
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
    const rows = await jobRows(backend);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('a lease that runs out while the run is busy with an earlier job', () => {
  let backend: TestBackend;
  let api: Awaited<ReturnType<typeof startMailApi>>;
  let takeover: RunSummary | null = null;

  beforeAll(async () => {
    // while the first job's send is under way, the others' leases run out and another run
    // (the next minute's) claims and sends them
    api = await startMailApi(
      () => 200,
      async (request, index) => {
        if (index !== 0) return;
        await backend.sql(
          `update private.enquiry_mail_jobs set lease_until = now() - interval '1 second'
            where status = 'sending' and id <> $1`,
          [String(request.headers['idempotency-key'])],
        );
        takeover = (await (await runSender(backend)).json()) as RunSummary;
      },
    );
    backend = await startTestBackend({ enquiryMail: { apiUrl: api.url, apiKey: 'provider-key' } });
  });

  afterAll(async () => {
    await backend?.stop();
    await api?.close();
  });

  it('does not send the jobs another run took over', async () => {
    const anon = anonClient(backend);
    for (const email of ['lease-1@example.com', 'lease-2@example.com']) {
      const { error } = await anon.from('contact_submissions').insert(enquiry(email));
      expect(error).toBeNull();
    }
    const first = (await (await runSender(backend)).json()) as RunSummary;
    expect(takeover).toEqual(summary({ claimed: 3, sent: 3 }));
    expect(first).toEqual(summary({ claimed: 4, sent: 1, skipped: 3 }));

    // one request per job reached the provider, none of them twice
    const keys = api.received.map((request) => String(request.headers['idempotency-key']));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
    const rows = await jobRows(backend);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.map((row) => row.attempts).sort()).toEqual([1, 2, 2, 2]);
  });
});

describe('a job whose bookkeeping fails', () => {
  let backend: TestBackend;
  const unrecorded = 'unrecorded@example.com';
  const other = 'other@example.com';

  beforeAll(async () => {
    // the embedded backend's own mail API, which honours Idempotency-Key like Resend
    backend = await startTestBackend({ siteUrl: SITE });
    // recording the acknowledgement to `unrecorded` as sent fails, as a database outage would
    await backend.sql(`
      create function private.refuse_recording_for_test() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' and new.recipient = '${unrecorded}' then
          raise exception 'the database is unavailable';
        end if;
        return new;
      end;
      $$;
      create trigger refuse_recording_for_test before update on private.enquiry_mail_jobs
        for each row execute function private.refuse_recording_for_test();
    `);
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('does not stop the other jobs, and its retry delivers the message once', async () => {
    const anon = anonClient(backend);
    for (const email of [unrecorded, other]) {
      const { error } = await anon.from('contact_submissions').insert(enquiry(email));
      expect(error).toBeNull();
    }
    // the failing job is claimed among the first two (oldest first), before the other enquiry's
    const response = await runSender(backend);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(summary({ claimed: 4, sent: 3, errors: 1 }));
    expect(await mailTo(backend, unrecorded)).toHaveLength(1);
    expect(await mailTo(backend, other)).toHaveLength(1);
    expect(await mailTo(backend, STAFF)).toHaveLength(2);
    const states = await backend.sql<{ recipient: string | null; status: string }>(
      `select recipient, status from private.enquiry_mail_jobs order by recipient nulls last`,
    );
    expect(states.map((row) => row.status)).toEqual(['sent', 'sending', 'sent', 'sent']);
    expect(states[1]?.recipient).toBe(unrecorded);

    // the database is back; once the lease runs out the job is sent again with the same key
    await backend.sql('drop trigger refuse_recording_for_test on private.enquiry_mail_jobs');
    await backend.sql(
      `update private.enquiry_mail_jobs set lease_until = now() - interval '1 second'
        where status = 'sending'`,
    );
    expect(await (await runSender(backend)).json()).toEqual(summary({ claimed: 1, sent: 1 }));
    expect(await mailTo(backend, unrecorded)).toHaveLength(1);
    const [job] = await backend.sql<{ status: string; attempts: number; same_message: boolean }>(
      `select job.status, job.attempts,
              job.provider_message_id = request.message_id::text as same_message
         from private.enquiry_mail_jobs as job
         join local_dev.mail_api_requests as request on request.idempotency_key = job.id::text
        where job.recipient = $1`,
      [unrecorded],
    );
    expect(job).toEqual({ status: 'sent', attempts: 2, same_message: true });
  });
});

describe('a sender that dies between sending and marking', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    // the embedded backend's own mail API, which honours Idempotency-Key like Resend
    backend = await startTestBackend({ siteUrl: SITE, enquiryLimits: { lease_seconds: 30 } });
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('does not make the message arrive twice: the retry carries the same idempotency key', async () => {
    const email = 'crash@example.com';
    const { error } = await anonClient(backend).from('contact_submissions').insert(enquiry(email));
    expect(error).toBeNull();

    // the first run claims the jobs and sends the acknowledgement, then dies before marking it
    const claimed = await serviceClient(backend).rpc('claim_enquiry_mail_jobs', { max_jobs: 10 });
    expect(claimed.error).toBeNull();
    const job = (claimed.data as MailJob[]).find((row) => row.kind === 'acknowledgement')!;
    const rendered = renderJob(job, { from: FROM, staffTo: STAFF, siteUrl: SITE });
    if (!rendered.ok) throw new Error(rendered.error);
    expect((await sendToLocalApi(backend, rendered.mail, job.id)).status).toBe(200);
    expect(await mailTo(backend, email)).toHaveLength(1);

    // while the lease holds, another run leaves the jobs alone
    expect((await (await runSender(backend)).json()).claimed).toBe(0);

    await backend.sql(
      `update private.enquiry_mail_jobs set lease_until = now() - interval '1 second'`,
    );
    expect(await (await runSender(backend)).json()).toEqual(summary({ claimed: 2, sent: 2 }));
    expect(await mailTo(backend, email)).toHaveLength(1);
    expect(await mailTo(backend, STAFF)).toHaveLength(1);
    const rows = await jobRows(backend);
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ['acknowledgement', 'sent', 2],
      ['staff_alert', 'sent', 2],
    ]);
  });

  it('a claim whose lease ran out on its last attempt is parked as failed', async () => {
    await backend.sql('delete from private.enquiry_mail_jobs');
    const { error } = await anonClient(backend)
      .from('contact_submissions')
      .insert(enquiry('last-try@example.com'));
    expect(error).toBeNull();
    await backend.sql(
      `update private.enquiry_mail_jobs set status = 'sending', attempts = 5,
              claim_token = gen_random_uuid(), lease_until = now() - interval '1 second'`,
    );
    expect((await (await runSender(backend)).json()).claimed).toBe(0);
    const rows = await jobRows(backend);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
  });
});

describe('the local mail API', () => {
  let backend: TestBackend;
  const mail = {
    from: FROM,
    to: 'someone@example.com',
    subject: 'Hello',
    text: 'Hello there',
    html: '<p>Hello there</p>',
  };

  beforeAll(async () => {
    backend = await startTestBackend();
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('needs its bearer key', async () => {
    const missing = await fetch(`${backend.url}/__local/mail-api/emails`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(mail),
    });
    expect(missing.status).toBe(401);
    expect(
      (await sendToLocalApi(backend, mail, crypto.randomUUID(), 'Bearer wrong-key')).status,
    ).toBe(403);
    expect(await mailTo(backend, mail.to)).toEqual([]);
  });

  it('refuses a line break in the subject or an address (header injection)', async () => {
    for (const bad of [
      { ...mail, subject: 'Hello\r\nBcc: victim@example.com' },
      { ...mail, to: 'someone@example.com\nBcc: victim@example.com' },
      { ...mail, from: 'Kestrel <no-reply@kestrel.test>\r\nX-Evil: 1' },
    ]) {
      const response = await sendToLocalApi(backend, bad, crypto.randomUUID());
      expect(response.status).toBe(422);
      expect(((await response.json()) as { name: string }).name).toBe('validation_error');
    }
    expect(await mailTo(backend, mail.to)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first result and refuses it with another body', async () => {
    const key = crypto.randomUUID();
    const first = await sendToLocalApi(backend, mail, key);
    const second = await sendToLocalApi(backend, mail, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    const changed = await sendToLocalApi(backend, { ...mail, text: 'Something else' }, key);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { name: string }).name).toBe('invalid_idempotent_request');
    expect(await mailTo(backend, mail.to)).toHaveLength(1);
  });

  it('answers requests sent at once with one key with one message', async () => {
    const to = 'concurrent@example.com';
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => sendToLocalApi(backend, { ...mail, to }, key)),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const ids = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { id: string }).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await mailTo(backend, to)).toHaveLength(1);
  });
});
