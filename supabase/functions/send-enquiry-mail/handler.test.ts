import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import { handle, isServiceRoleRequest, readSenderEnv } from './handler.ts';

const values: Record<string, string> = {
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  MAIL_API_URL: 'http://127.0.0.1:9/mail',
  MAIL_API_KEY: 'mail-key',
  MAIL_FROM: 'no-reply@kestrel.test',
  ENQUIRY_NOTIFY_TO: 'team@kestrel.test',
  SITE_URL: 'https://www.kestrel.test',
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
    deepStrictEqual(await response.json(), { claimed: 1, sent: 1, retried: 0, failed: 0 });
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
      return Promise.resolve(new Response('"pending"'));
    }) as typeof fetch;
    const response = await handle(request('Bearer service-key'), env, fetcher);
    deepStrictEqual(await response.json(), { claimed: 1, sent: 0, retried: 1, failed: 0 });
    deepStrictEqual(
      rpcs.map((call) => call.name),
      ['claim_enquiry_mail_jobs', 'fail_enquiry_mail_job', 'claim_enquiry_mail_jobs'],
    );
    const failed = rpcs[1]?.body as { job_id: string; claim: string; error: string };
    equal(failed.job_id, 'job-9');
    equal(failed.claim, 'claim-9');
    ok(failed.error.startsWith('mail API answered 503'));
  },
);
