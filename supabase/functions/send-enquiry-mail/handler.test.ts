import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import { drainOutbox, handle, isServiceRoleRequest, readSenderEnv } from './handler.ts';

const values: Record<string, string> = {
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  MAIL_API_URL: 'http://127.0.0.1:9/mail',
  MAIL_API_KEY: 'mail-key',
  MAIL_FROM: 'no-reply@kestrel.test',
  ENQUIRY_NOTIFY_TO: 'team@kestrel.test',
  SITE_URL: 'https://www.kestrel.test',
  MAIL_INBOUND_DOMAIN: 'reply.kestrel.test',
};

const request = (authorization?: string, method = 'POST') =>
  new Request('http://localhost/functions/v1/send-enquiry-mail', {
    method,
    headers: authorization ? { Authorization: authorization } : {},
  });

Deno.test('readSenderEnv names every missing or bad variable', () => {
  const result = readSenderEnv((name) =>
    name === 'MAIL_FROM' ? 'x\r\nBcc: y@z.test' : name === 'SITE_URL' ? 'ftp://x' : undefined,
  );
  equal(result.ok, false);
  if (result.ok) return;
  for (const name of [
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'MAIL_API_KEY',
    'MAIL_FROM',
    'ENQUIRY_NOTIFY_TO',
    'SITE_URL',
    'MAIL_INBOUND_DOMAIN',
  ]) {
    ok(
      result.problems.some((problem) => problem.startsWith(name)),
      name,
    );
  }
});

Deno.test('only the service-role key passes the caller check', () => {
  ok(isServiceRoleRequest(request('Bearer service-key'), 'service-key'));
  ok(!isServiceRoleRequest(request('Bearer anon-key'), 'service-key'));
  ok(!isServiceRoleRequest(request('Bearer service-key-and-more'), 'service-key'));
  ok(!isServiceRoleRequest(request('service-key'), 'service-key'));
  ok(!isServiceRoleRequest(request(), 'service-key'));
  ok(!isServiceRoleRequest(request('Bearer '), ''));
});

Deno.test('a caller without the service-role key gets 401 and nothing is fetched', async () => {
  const env = readSenderEnv((name) => values[name]);
  let fetched = 0;
  const fetcher = (() => {
    fetched += 1;
    return Promise.resolve(new Response('[]'));
  }) as typeof fetch;
  for (const authorization of [undefined, 'Bearer anon-key']) {
    const response = await handle(request(authorization), env, fetcher);
    equal(response.status, 401);
  }
  equal((await handle(request('Bearer service-key', 'GET'), env, fetcher)).status, 405);
  equal(fetched, 0);
});

Deno.test(
  'the service role runs the sender: claim, send with the job id as idempotency key, complete',
  async () => {
    const env = readSenderEnv((name) => values[name]);
    const calls: { url: string; headers: Headers; body: unknown }[] = [];
    let claims = 0;
    const fetcher = ((input: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as unknown;
      calls.push({ url: input, headers: new Headers(init.headers), body });
      if (input.endsWith('/rpc/claim_enquiry_mail_jobs')) {
        claims += 1;
        const jobs =
          claims === 1
            ? [
                {
                  id: 'job-1',
                  kind: 'acknowledgement',
                  recipient: 'ann@example.com',
                  payload: {},
                  attempts: 1,
                  claim_token: 'claim-1',
                },
              ]
            : [];
        return Promise.resolve(new Response(JSON.stringify(jobs)));
      }
      if (input.endsWith('/emails')) return Promise.resolve(new Response('{"id":"msg-1"}'));
      return Promise.resolve(new Response('true'));
    }) as typeof fetch;
    const response = await handle(request('Bearer service-key'), env, fetcher);
    equal(response.status, 200);
    deepStrictEqual(await response.json(), {
      claimed: 1,
      sent: 1,
      retried: 0,
      failed: 0,
      skipped: 0,
      errors: 0,
    });
    const mail = calls.find((call) => call.url === 'http://127.0.0.1:9/mail/emails');
    ok(mail);
    equal(mail.headers.get('idempotency-key'), 'job-1');
    equal(mail.headers.get('authorization'), 'Bearer mail-key');
    const complete = calls.find((call) => call.url.endsWith('/rpc/complete_enquiry_mail_job'));
    deepStrictEqual(complete?.body, { job_id: 'job-1', claim: 'claim-1', message_id: 'msg-1' });
  },
);

Deno.test(
  'a mail API error is reported back with fail_enquiry_mail_job, not marked sent',
  async () => {
    const env = readSenderEnv((name) => values[name]);
    const rpcs: { name: string; body: unknown }[] = [];
    let claims = 0;
    const fetcher = ((input: string, init: RequestInit) => {
      if (input.endsWith('/emails')) {
        return Promise.resolve(new Response('{"message":"down"}', { status: 503 }));
      }
      const name = input.split('/rpc/')[1] ?? '';
      rpcs.push({ name, body: JSON.parse(String(init.body)) as unknown });
      if (name === 'claim_enquiry_mail_jobs') {
        claims += 1;
        const jobs =
          claims === 1
            ? [
                {
                  id: 'job-9',
                  kind: 'acknowledgement',
                  recipient: 'ann@example.com',
                  payload: {},
                  attempts: 2,
                  claim_token: 'claim-9',
                },
              ]
            : [];
        return Promise.resolve(new Response(JSON.stringify(jobs)));
      }
      if (name === 'renew_enquiry_mail_job') return Promise.resolve(new Response('true'));
      return Promise.resolve(new Response('"pending"'));
    }) as typeof fetch;
    const response = await handle(request('Bearer service-key'), env, fetcher);
    deepStrictEqual(await response.json(), {
      claimed: 1,
      sent: 0,
      retried: 1,
      failed: 0,
      skipped: 0,
      errors: 0,
    });
    deepStrictEqual(
      rpcs.map((call) => call.name),
      [
        'claim_enquiry_mail_jobs',
        'renew_enquiry_mail_job',
        'fail_enquiry_mail_job',
        'claim_enquiry_mail_jobs',
      ],
    );
    const failed = rpcs[2]?.body as { job_id: string; claim: string; error: string };
    equal(failed.job_id, 'job-9');
    equal(failed.claim, 'claim-9');
    ok(failed.error.startsWith('mail API answered 503'));
  },
);

const job = (id: string) => ({
  id,
  kind: 'acknowledgement',
  recipient: `${id}@example.com`,
  payload: {},
  attempts: 1,
  claim_token: `claim-${id}`,
});

/**
 * A Data API and mail API in one fetcher: the first claim returns `jobs`, later ones none; each
 * RPC or mail request is answered by `answer` when it returns a Response, else as a healthy
 * backend would. Records the RPCs (name and job id) and the idempotency keys mailed.
 */
function fakeBackend(
  jobs: unknown[],
  answer: (name: string, jobId: string | undefined) => Response | undefined = () => undefined,
) {
  const rpcs: string[] = [];
  const mailed: string[] = [];
  const completed: unknown[] = [];
  let claims = 0;
  const fetcher = ((input: string, init: RequestInit) => {
    if (input.endsWith('/emails')) {
      const key = new Headers(init.headers).get('idempotency-key') ?? '';
      mailed.push(key);
      return Promise.resolve(answer('emails', key) ?? new Response(`{"id":"msg-${key}"}`));
    }
    const name = input.split('/rpc/')[1] ?? '';
    const body = JSON.parse(String(init.body)) as { job_id?: string };
    rpcs.push(body.job_id ? `${name} ${body.job_id}` : name);
    const given = answer(name, body.job_id);
    if (given) return Promise.resolve(given);
    if (name === 'claim_enquiry_mail_jobs') {
      claims += 1;
      return Promise.resolve(new Response(JSON.stringify(claims === 1 ? jobs : [])));
    }
    if (name === 'complete_enquiry_mail_job') completed.push(body);
    if (name === 'fail_enquiry_mail_job') return Promise.resolve(new Response('"pending"'));
    return Promise.resolve(new Response('true'));
  }) as typeof fetch;
  return { fetcher, rpcs, mailed, completed };
}

const senderEnv = () => {
  const result = readSenderEnv((name) => values[name]);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.env;
};

Deno.test(
  'each job is renewed right before its send; a job whose claim was lost is not sent',
  async () => {
    const backend = fakeBackend([job('a'), job('b'), job('c')], (name, id) =>
      name === 'renew_enquiry_mail_job' && id === 'b' ? new Response('false') : undefined,
    );
    const summary = await drainOutbox(senderEnv(), backend.fetcher, { log: () => {} });
    deepStrictEqual(summary, { claimed: 3, sent: 2, retried: 0, failed: 0, skipped: 1, errors: 0 });
    deepStrictEqual(backend.mailed, ['a', 'c']);
    deepStrictEqual(backend.rpcs, [
      'claim_enquiry_mail_jobs',
      'renew_enquiry_mail_job a',
      'complete_enquiry_mail_job a',
      'renew_enquiry_mail_job b',
      'renew_enquiry_mail_job c',
      'complete_enquiry_mail_job c',
      'claim_enquiry_mail_jobs',
    ]);
  },
);

Deno.test('a job whose RPC fails is logged and the run goes on with the next job', async () => {
  const logged: string[] = [];
  const backend = fakeBackend([job('a'), job('b'), job('c')], (name, id) =>
    (name === 'complete_enquiry_mail_job' && id === 'a') ||
    (name === 'renew_enquiry_mail_job' && id === 'b')
      ? new Response('{"message":"database unavailable"}', { status: 503 })
      : undefined,
  );
  const summary = await drainOutbox(senderEnv(), backend.fetcher, {
    log: (line) => logged.push(line),
    recordRetryDelays: [0, 0],
  });
  deepStrictEqual(summary, { claimed: 3, sent: 1, retried: 0, failed: 0, skipped: 0, errors: 2 });
  // b is not sent without a renewed lease; c is sent and recorded
  deepStrictEqual(backend.mailed, ['a', 'c']);
  deepStrictEqual(backend.completed, [{ job_id: 'c', claim: 'claim-c', message_id: 'msg-c' }]);
  // recording a's send was tried three times, and nothing reported it as failed
  equal(backend.rpcs.filter((call) => call === 'complete_enquiry_mail_job a').length, 3);
  ok(!backend.rpcs.some((call) => call.startsWith('fail_enquiry_mail_job')));
  equal(logged.length, 2);
  ok(
    logged[0]?.includes('job a') && logged[0].includes('sent (message id msg-a) but not recorded'),
  );
  ok(logged[1]?.includes('job b') && logged[1].includes('renew_enquiry_mail_job answered 503'));
});

Deno.test(
  'a send whose record failed once is recorded by the next try, not mailed again',
  async () => {
    let completes = 0;
    const backend = fakeBackend([job('a')], (name) => {
      if (name !== 'complete_enquiry_mail_job') return undefined;
      completes += 1;
      return completes === 1 ? new Response('{}', { status: 500 }) : undefined;
    });
    const summary = await drainOutbox(senderEnv(), backend.fetcher, {
      log: () => {},
      recordRetryDelays: [0],
    });
    deepStrictEqual(summary, { claimed: 1, sent: 1, retried: 0, failed: 0, skipped: 0, errors: 0 });
    deepStrictEqual(backend.mailed, ['a']);
  },
);

Deno.test('a key the provider already used for other content counts as sent', async () => {
  const backend = fakeBackend([job('a')], (name) =>
    name === 'emails'
      ? new Response('{"statusCode":409,"name":"invalid_idempotent_request","message":"x"}', {
          status: 409,
        })
      : undefined,
  );
  const summary = await drainOutbox(senderEnv(), backend.fetcher, { log: () => {} });
  equal(summary.sent, 1);
  deepStrictEqual(backend.completed, [{ job_id: 'a', claim: 'claim-a', message_id: null }]);
});

Deno.test('a request still in progress under the same key is retried later', async () => {
  const backend = fakeBackend([job('a')], (name) =>
    name === 'emails'
      ? new Response('{"statusCode":409,"name":"concurrent_idempotent_requests"}', {
          status: 409,
        })
      : undefined,
  );
  const summary = await drainOutbox(senderEnv(), backend.fetcher, { log: () => {} });
  deepStrictEqual(summary, { claimed: 1, sent: 0, retried: 1, failed: 0, skipped: 0, errors: 0 });
  deepStrictEqual(backend.completed, []);
});

Deno.test('a failed claim after the first batch ends the run with what it did', async () => {
  let claims = 0;
  const backend = fakeBackend([], (name) => {
    if (name !== 'claim_enquiry_mail_jobs') return undefined;
    claims += 1;
    return claims === 1
      ? new Response(JSON.stringify([job('a')]))
      : new Response('{}', { status: 500 });
  });
  const logged: string[] = [];
  const summary = await drainOutbox(senderEnv(), backend.fetcher, {
    log: (line) => logged.push(line),
  });
  deepStrictEqual(summary, { claimed: 1, sent: 1, retried: 0, failed: 0, skipped: 0, errors: 1 });
  ok(logged[0]?.includes('claim_enquiry_mail_jobs answered 500'));
});

Deno.test(
  'a booking mail goes to the mail API with its invitation as a base64 attachment',
  async () => {
    const env = readSenderEnv((name) => values[name]);
    const bodies: Record<string, unknown>[] = [];
    let claims = 0;
    const fetcher = ((input: string, init: RequestInit) => {
      if (input.endsWith('/emails')) {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return Promise.resolve(new Response('{"id":"msg-b"}'));
      }
      if (input.endsWith('/rpc/claim_enquiry_mail_jobs')) {
        claims += 1;
        const jobs =
          claims === 1
            ? [
                {
                  id: 'job-b',
                  kind: 'consultation_booked',
                  recipient: 'sam@example.com',
                  payload: {
                    booking: {
                      id: 'b1',
                      uid: 'b1@consultations.kestrel-data',
                      sequence: 0,
                      status: 'booked',
                      starts_at: '2026-12-01T09:00:00Z',
                      ends_at: '2026-12-01T09:30:00Z',
                      visitor_time_zone: 'Europe/London',
                      created_at: '2026-11-20T10:00:00Z',
                      updated_at: '2026-11-20T10:00:00Z',
                    },
                    organizer: { name: 'Ada Lovelace' },
                    manage_token: 'm.b1.1.1800000000.c2ln',
                  },
                  attempts: 1,
                  claim_token: 'claim-b',
                },
              ]
            : [];
        return Promise.resolve(new Response(JSON.stringify(jobs)));
      }
      return Promise.resolve(new Response('true'));
    }) as typeof fetch;
    const response = await handle(request('Bearer service-key'), env, fetcher);
    equal((await response.json()).sent, 1);
    equal(bodies.length, 1);
    const attachments = bodies[0]?.attachments as
      { filename: string; content: string; content_type: string }[] | undefined;
    equal(attachments?.length, 1);
    const [invite] = attachments ?? [];
    deepStrictEqual(Object.keys(invite ?? {}).sort(), ['content', 'content_type', 'filename']);
    equal(invite?.filename, 'invite.ics');
    equal(invite?.content_type, 'text/calendar; method=REQUEST; charset=UTF-8');
    ok(/^[A-Za-z0-9+/]+=*$/.test(invite?.content ?? ''));
    ok(atob(invite?.content ?? '').startsWith('BEGIN:VCALENDAR\r\n'));
  },
);

/** One run over the given jobs; returns the bodies the mail API received. */
async function mailsOf(jobs: unknown[]): Promise<Record<string, unknown>[]> {
  const env = readSenderEnv((name) => values[name]);
  const mails: Record<string, unknown>[] = [];
  let claims = 0;
  const fetcher = ((input: string, init: RequestInit) => {
    if (input.endsWith('/emails')) {
      mails.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Promise.resolve(new Response('{"id":"msg-1"}'));
    }
    if (input.endsWith('/rpc/claim_enquiry_mail_jobs')) {
      claims += 1;
      return Promise.resolve(new Response(JSON.stringify(claims === 1 ? jobs : [])));
    }
    return Promise.resolve(new Response('true'));
  }) as typeof fetch;
  equal((await handle(request('Bearer service-key'), env, fetcher)).status, 200);
  return mails;
}

const thread = {
  enquiry_id: 'e1',
  token: '0123456789abcdef0123456789abcdef',
  answer_message_id: null as string | null,
};

Deno.test(
  'mail to the enquirer answers to the reply address and opens or joins one thread',
  async () => {
    const [acknowledgement, reply, staffAlert] = await mailsOf([
      {
        id: 'job-a',
        kind: 'acknowledgement',
        recipient: 'ann@example.com',
        payload: {},
        attempts: 1,
        claim_token: 'c1',
        thread,
      },
      {
        id: 'job-r',
        kind: 'reply',
        recipient: 'ann@example.com',
        payload: { staff_name: 'Ada', staff_email: 'ada@kestrel.test', body: 'Hello' },
        attempts: 1,
        claim_token: 'c2',
        thread: { ...thread, answer_message_id: '<CAF+answer@mail.example.com>' },
      },
      {
        id: 'job-s',
        kind: 'answer_alert',
        recipient: null,
        payload: {
          enquiry: { id: 'e1', name: 'Ann', company: 'Acme' },
          answer: {
            id: 'x',
            from: 'ann@example.com',
            subject: 'Re',
            received_at: '2026-12-06T10:00:00Z',
            attachments: 0,
          },
        },
        attempts: 1,
        claim_token: 'c3',
        thread: null,
      },
    ]);
    const address = 'reply+0123456789abcdef0123456789abcdef@reply.kestrel.test';
    equal(acknowledgement?.reply_to, address);
    deepStrictEqual(acknowledgement?.headers, { 'Message-ID': '<enquiry-e1@reply.kestrel.test>' });
    // the staff member's own address gives way to the reply address: answers reach the record.
    equal(reply?.reply_to, address);
    deepStrictEqual(reply?.headers, {
      'Message-ID': '<job-r@reply.kestrel.test>',
      'In-Reply-To': '<CAF+answer@mail.example.com>',
      References: '<enquiry-e1@reply.kestrel.test> <CAF+answer@mail.example.com>',
    });
    equal(staffAlert?.to, 'team@kestrel.test');
    equal(staffAlert?.reply_to, undefined);
    equal(staffAlert?.headers, undefined);
    equal(staffAlert?.subject, 'Ann (Acme) answered by e-mail');
  },
);
