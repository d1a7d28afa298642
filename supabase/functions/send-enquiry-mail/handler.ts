import { headerAddress, renderJob } from './render.ts';
import type { MailJob } from './render.ts';

/** What the sender needs; on Supabase these come from the function's secrets. */
export interface SenderEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
  mailApiUrl: string;
  mailApiKey: string;
  mailFrom: string;
  notifyTo: string;
  siteUrl: string;
}

export type EnvResult = { ok: true; env: SenderEnv } | { ok: false; problems: string[] };

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Reads the settings by name (Deno.env.get or process.env); each problem names its variable. */
export function readSenderEnv(get: (name: string) => string | undefined): EnvResult {
  const problems: string[] = [];
  const value = (name: string) => get(name)?.trim() ?? '';
  const url = (name: string) => {
    const text = value(name);
    if (!isHttpUrl(text)) problems.push(`${name} must be an http(s) URL, got "${text}"`);
    return text.replace(/\/+$/, '');
  };
  const secret = (name: string) => {
    const text = value(name);
    if (text === '') problems.push(`${name} is not set`);
    return text;
  };
  const address = (name: string) => {
    const text = value(name);
    const checked = headerAddress(text);
    if (checked === null) problems.push(`${name} must be one e-mail address, got "${text}"`);
    return checked ?? '';
  };
  const env: SenderEnv = {
    supabaseUrl: url('SUPABASE_URL'),
    serviceRoleKey: secret('SUPABASE_SERVICE_ROLE_KEY'),
    mailApiUrl: url('MAIL_API_URL'),
    mailApiKey: secret('MAIL_API_KEY'),
    mailFrom: address('MAIL_FROM'),
    notifyTo: address('ENQUIRY_NOTIFY_TO'),
    siteUrl: url('SITE_URL'),
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, env };
}

/** Equal strings, compared without an early exit. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) {
    difference |= (a[index % Math.max(a.length, 1)] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0 && a.length > 0;
}

/**
 * Only the service role may run the sender. Supabase's verify_jwt lets any valid project JWT
 * through, the anon key included, so the function checks the caller itself: the bearer token
 * must be the service-role key. A JWT whose role claim says service_role but that is not this
 * key (another project's, a forged one) is refused too.
 */
export function isServiceRoleRequest(request: Request, serviceRoleKey: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match !== null && sameSecret(match[1] ?? '', serviceRoleKey);
}

interface ClaimedJob extends MailJob {
  attempts: number;
  claim_token: string;
}

export interface RunSummary {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

async function rpc<T>(
  env: SenderEnv,
  fetcher: typeof fetch,
  name: string,
  args: unknown,
): Promise<T> {
  const response = await fetcher(`${env.supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: env.serviceRoleKey,
      Authorization: `Bearer ${env.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type SendResult = { ok: true; id: string | null } | { ok: false; error: string };

async function sendMail(
  env: SenderEnv,
  fetcher: typeof fetch,
  job: ClaimedJob,
): Promise<SendResult> {
  const rendered = renderJob(job, {
    from: env.mailFrom,
    staffTo: env.notifyTo,
    siteUrl: env.siteUrl,
  });
  if (!rendered.ok) return rendered;
  try {
    const response = await fetcher(`${env.mailApiUrl}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.mailApiKey}`,
        'Content-Type': 'application/json',
        // the provider keeps the first answer for this key, so a job sent again after a crash
        // between sending and marking is not delivered twice.
        'Idempotency-Key': job.id,
      },
      body: JSON.stringify(rendered.mail),
      // a hung provider must not hold the run (and the job's lease) until the platform kills it
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      return { ok: false, error: `mail API answered ${response.status}: ${text.slice(0, 300)}` };
    }
    let id: string | null = null;
    try {
      const body = JSON.parse(text) as { id?: unknown };
      id = typeof body.id === 'string' ? body.id : null;
    } catch {
      id = null;
    }
    return { ok: true, id };
  } catch (error) {
    return {
      ok: false,
      error: `mail API unreachable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Claims due jobs in batches and sends them, until none are due or the batch limit is reached. */
export async function drainOutbox(
  env: SenderEnv,
  fetcher: typeof fetch = fetch,
  maxBatches = 5,
): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const jobs = await rpc<ClaimedJob[]>(env, fetcher, 'claim_enquiry_mail_jobs', { max_jobs: 10 });
    if (jobs.length === 0) break;
    summary.claimed += jobs.length;
    for (const job of jobs) {
      const result = await sendMail(env, fetcher, job);
      if (result.ok) {
        await rpc(env, fetcher, 'complete_enquiry_mail_job', {
          job_id: job.id,
          claim: job.claim_token,
          message_id: result.id,
        });
        summary.sent += 1;
      } else {
        const status = await rpc<string | null>(env, fetcher, 'fail_enquiry_mail_job', {
          job_id: job.id,
          claim: job.claim_token,
          error: result.error,
        });
        if (status === 'failed') summary.failed += 1;
        else summary.retried += 1;
      }
    }
  }
  return summary;
}

/** `POST /functions/v1/send-enquiry-mail`: drains the enquiry outbox. Service role only. */
export async function handle(
  request: Request,
  env: EnvResult,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  if (request.method !== 'POST') return jsonResponse(405, { error: 'Use POST.' });
  if (!env.ok) {
    console.error(`send-enquiry-mail is not configured: ${env.problems.join('; ')}`);
    return jsonResponse(500, { error: 'The sender is not configured.' });
  }
  if (!isServiceRoleRequest(request, env.env.serviceRoleKey)) {
    return jsonResponse(401, { error: 'Only the service role may run the enquiry mail sender.' });
  }
  try {
    return jsonResponse(200, await drainOutbox(env.env, fetcher));
  } catch (error) {
    return jsonResponse(502, {
      error: `The outbox could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
