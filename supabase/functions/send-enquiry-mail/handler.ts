import {
  DATABASE_ENV,
  readEnv,
  secret,
  url,
  type EnvGetter,
  type EnvResult as SharedEnvResult,
  type EnvRule,
} from '../_shared/env.ts';
import { inboundDomainRule, threadHeaders } from '../_shared/mail-thread.ts';
import type { MailThread } from '../_shared/mail-thread.ts';
import { isServiceRoleRequest } from '../_shared/service-role.ts';
import { headerAddress, renderJob } from './render.ts';
import type { MailJob } from './render.ts';

export { isServiceRoleRequest };

/** What the sender needs; on Supabase these come from the function's secrets. */
export interface SenderEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
  mailApiUrl: string;
  mailApiKey: string;
  mailFrom: string;
  notifyTo: string;
  siteUrl: string;
  /** Where the enquirer's answers go: reply+<token>@ this domain (MAIL_INBOUND_DOMAIN). */
  inboundDomain: string;
}

export type EnvResult = SharedEnvResult<SenderEnv>;

const address: EnvRule = { kind: 'checked', check: headerAddress, expected: 'one e-mail address' };

/** Reads the settings by name (Deno.env.get or process.env); each problem names its variable. */
export const readSenderEnv = (get: EnvGetter): EnvResult =>
  readEnv(get, {
    ...DATABASE_ENV,
    mailApiUrl: ['MAIL_API_URL', url],
    mailApiKey: ['MAIL_API_KEY', secret],
    mailFrom: ['MAIL_FROM', address],
    notifyTo: ['ENQUIRY_NOTIFY_TO', address],
    siteUrl: ['SITE_URL', url],
    inboundDomain: ['MAIL_INBOUND_DOMAIN', inboundDomainRule],
  });

interface ClaimedJob extends MailJob {
  attempts: number;
  claim_token: string;
  /** Set for mail to the enquirer: the thread it belongs to. */
  thread?: MailThread | null;
}

export interface RunSummary {
  claimed: number;
  /** Accepted by the mail API and recorded as sent. */
  sent: number;
  /** Not sent this time; queued again with backoff. */
  retried: number;
  /** Not sent on their last attempt; parked as failed for an admin. */
  failed: number;
  /** Not sent by this run because another run took the claim over (their lease had run out). */
  skipped: number;
  /**
   * Failures logged on the way: a job whose RPC failed (it is tried again once its lease runs
   * out), or the claim of a later batch.
   */
  errors: number;
}

/** How long one send may take. The lease is renewed right before it and lasts at least 30 s. */
export const SEND_TIMEOUT_MS = 15_000;

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

/** The mail API's error name (`invalid_idempotent_request`, ...), when its body has one. */
function errorName(text: string): string | null {
  try {
    const body = JSON.parse(text) as { name?: unknown };
    return typeof body.name === 'string' ? body.name : null;
  } catch {
    return null;
  }
}

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
  const mail = job.thread
    ? {
        ...rendered.mail,
        ...threadHeaders(job.thread, job.id, job.kind === 'acknowledgement', env.inboundDomain),
      }
    : rendered.mail;
  try {
    const response = await fetcher(`${env.mailApiUrl}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.mailApiKey}`,
        'Content-Type': 'application/json',
        // the provider keeps the first answer for this key (Resend: 24 hours), so a job sent
        // again after its send was not recorded is not delivered twice.
        'Idempotency-Key': job.id,
      },
      body: JSON.stringify(mail),
      // a hung provider must not hold the run past the job's lease
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await response.text();
    // the key was already used for a message with other content (the settings or a digest
    // changed since): the provider accepted a message for this job, so it was sent.
    if (response.status === 409 && errorName(text) === 'invalid_idempotent_request') {
      return { ok: true, id: null };
    }
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
    return { ok: false, error: `mail API unreachable: ${errorText(error)}` };
  }
}

export interface DrainOptions {
  maxBatches?: number;
  /** Where a job's failed bookkeeping is reported; the run goes on with the next job. */
  log?: (line: string) => void;
  /** Waits between tries to record a send (milliseconds); the length is the number of retries. */
  recordRetryDelays?: readonly number[];
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Records a message the mail API accepted. This comes first after the send, before anything
 * else; a short database hiccup is tried again at once, since a send left unrecorded is only
 * safe from a second delivery while the provider remembers its idempotency key.
 */
async function recordSent(
  env: SenderEnv,
  fetcher: typeof fetch,
  job: ClaimedJob,
  messageId: string | null,
  delays: readonly number[],
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await rpc<boolean>(env, fetcher, 'complete_enquiry_mail_job', {
        job_id: job.id,
        claim: job.claim_token,
        message_id: messageId,
      });
      return;
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}

type JobOutcome = 'sent' | 'retried' | 'failed' | 'skipped';

/** One job: renew its lease, send it, record the answer. */
async function processJob(
  env: SenderEnv,
  fetcher: typeof fetch,
  job: ClaimedJob,
  recordRetryDelays: readonly number[],
): Promise<JobOutcome> {
  // jobs wait their turn in the batch while their lease runs; one another run took over in the
  // meantime is that run's to send.
  const renewed = await rpc<boolean>(env, fetcher, 'renew_enquiry_mail_job', {
    job_id: job.id,
    claim: job.claim_token,
  });
  if (!renewed) return 'skipped';
  const result = await sendMail(env, fetcher, job);
  if (result.ok) {
    try {
      await recordSent(env, fetcher, job, result.id, recordRetryDelays);
    } catch (error) {
      throw new Error(
        `sent (message id ${result.id ?? 'unknown'}) but not recorded: ${errorText(error)}`,
      );
    }
    return 'sent';
  }
  const status = await rpc<string | null>(env, fetcher, 'fail_enquiry_mail_job', {
    job_id: job.id,
    claim: job.claim_token,
    error: result.error,
  });
  if (status === null) return 'skipped';
  return status === 'failed' ? 'failed' : 'retried';
}

/**
 * Claims due jobs in batches and sends them, until none are due or the batch limit is reached.
 * Each job stands alone: a job whose RPC fails is logged and counted in `errors`, and the run
 * goes on with the next one. Only a failed first claim fails the run (nothing was read).
 */
export async function drainOutbox(
  env: SenderEnv,
  fetcher: typeof fetch = fetch,
  options: DrainOptions = {},
): Promise<RunSummary> {
  const { maxBatches = 5, log = console.error, recordRetryDelays = [200, 1000] } = options;
  const summary: RunSummary = { claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0, errors: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    let jobs: ClaimedJob[];
    try {
      jobs = await rpc<ClaimedJob[]>(env, fetcher, 'claim_enquiry_mail_jobs', { max_jobs: 10 });
    } catch (error) {
      if (batch === 0) throw error;
      log(`send-enquiry-mail: stopped after ${batch} batches: ${errorText(error)}`);
      summary.errors += 1;
      break;
    }
    if (jobs.length === 0) break;
    summary.claimed += jobs.length;
    for (const job of jobs) {
      try {
        summary[await processJob(env, fetcher, job, recordRetryDelays)] += 1;
      } catch (error) {
        log(`send-enquiry-mail: job ${job.id} (${job.kind}): ${errorText(error)}`);
        summary.errors += 1;
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
    return jsonResponse(502, { error: `The outbox could not be read: ${errorText(error)}` });
  }
}
