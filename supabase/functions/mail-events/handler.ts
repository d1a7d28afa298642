import { Webhook } from 'standardwebhooks';

import {
  DATABASE_ENV,
  readEnv,
  secret,
  url,
  type EnvGetter,
  type EnvResult as SharedEnvResult,
} from '../_shared/env.ts';
import {
  bareAddress,
  inboundDomainRule,
  messageIdOrNull,
  tokenFromRecipients,
} from '../_shared/mail-thread.ts';
import { answerText, htmlText } from './answer-text.ts';

/** What the receiver needs; on Supabase these come from the function's secrets. */
export interface MailEventsEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** The webhook's signing secret, `whsec_` and base64, as the mail API gives it. */
  webhookSecret: string;
  /** The mail API, whose receiving endpoint gives a received message's text. */
  mailApiUrl: string;
  mailApiKey: string;
  /** The domain of the reply addresses (reply+<token>@ it). */
  inboundDomain: string;
}

export type EnvResult = SharedEnvResult<MailEventsEnv>;

const SIGNING_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/** Reads the settings by name; a malformed secret is named without its value being shown. */
export function readMailEventsEnv(get: EnvGetter): EnvResult {
  const read = readEnv(get, {
    ...DATABASE_ENV,
    webhookSecret: ['MAIL_WEBHOOK_SECRET', secret],
    mailApiUrl: ['MAIL_API_URL', url],
    mailApiKey: ['MAIL_API_KEY', secret],
    inboundDomain: ['MAIL_INBOUND_DOMAIN', inboundDomainRule],
  });
  if (read.ok && !SIGNING_SECRET.test(read.env.webhookSecret)) {
    return {
      ok: false,
      problems: ['MAIL_WEBHOOK_SECRET must be the webhook signing secret (whsec_ and base64)'],
    };
  }
  return read;
}

/** The largest body accepted; a delivery event is a few hundred bytes. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The events applied; any other type is answered 200 and left alone. */
export const APPLIED_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
] as const;

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

/** A body as bytes, or null once it passes `limit` (the reading stops there). */
async function readBounded(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The Standard Webhooks headers; the mail API (Resend, through Svix) sends them as svix-*, the
 * standard names them webhook-*.
 */
function signatureHeaders(request: Request): Record<string, string> | null {
  const read = (name: string) =>
    request.headers.get(`webhook-${name}`) ?? request.headers.get(`svix-${name}`);
  const [id, timestamp, signature] = [read('id'), read('timestamp'), read('signature')];
  if (!id || !timestamp || !signature) return null;
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
}

/** One delivery event, as public.apply_mail_event takes it. */
export interface MailEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  message_id: string | null;
  bounce_type: 'hard' | 'soft' | null;
  detail: string | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The event of a verified payload (`{ type, created_at, data: { email_id, bounce?: { type,
 * subType, message } } }`), or what is wrong with it. A permanent bounce is hard; a transient or
 * undetermined one soft.
 */
export function readMailEvent(eventId: string, payload: unknown): MailEvent | string {
  const body = record(payload);
  const type = text(body?.type);
  const data = record(body?.data);
  if (!body || !type || !data) return 'The event needs a type and a data object.';
  const when = text(body.created_at) ?? text(data.created_at);
  if (!when || Number.isNaN(Date.parse(when))) return 'The event needs its time (created_at).';
  const bounce = record(data.bounce);
  const bounceType = type === 'email.bounced' ? text(bounce?.type) : null;
  const detail = bounce
    ? [text(bounce.type), text(bounce.subType), text(bounce.message)]
        .filter((part): part is string => part !== null)
        .join(': ')
        .slice(0, 500) || null
    : null;
  return {
    event_id: eventId,
    event_type: type,
    occurred_at: new Date(when).toISOString(),
    message_id: text(data.email_id),
    bounce_type: bounceType === null ? null : bounceType === 'Permanent' ? 'hard' : 'soft',
    detail: type === 'email.bounced' ? detail : null,
  };
}

async function rpc(env: MailEventsEnv, fetcher: typeof fetch, name: string, args: unknown) {
  const response = await fetcher(`${env.supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: env.serviceRoleKey,
      Authorization: `Bearer ${env.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const answer = await response.text();
  if (!response.ok) {
    throw new Error(`${name} answered ${response.status}: ${answer.slice(0, 300)}`);
  }
  return JSON.parse(answer) as string;
}

export const RECEIVED_EVENT_TYPE = 'email.received';

const addresses = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter(
    (item): item is string => typeof item === 'string',
  );

/** One received answer, as public.receive_enquiry_answer takes it. */
export interface ReceivedAnswer {
  email_id: string;
  token: string | null;
  from_address: string;
  subject: string;
  body: string;
  truncated: boolean;
  attachments: { filename: string; size: number | null; content_type: string | null }[];
  message_id: string | null;
  received_at: string;
}

/**
 * The answer from the event (`data: { email_id, to, cc, from, ... }`) and the message the mail
 * API's receiving endpoint gives (`{ from, subject, text, html, message_id, attachments, ... }`).
 */
export function readReceivedAnswer(
  payload: unknown,
  message: unknown,
  domain: string,
): ReceivedAnswer | string {
  const data = record(record(payload)?.data);
  const stored = record(message);
  const emailId = text(data?.email_id);
  if (!data || !emailId) return 'The event names no received message (data.email_id).';
  if (!stored) return 'The receiving API gave no message.';
  const from = bareAddress(text(stored.from) ?? text(data.from) ?? '');
  if (!from.includes('@')) return 'The received message has no sender address.';
  const when =
    text(stored.created_at) ?? text(data.created_at) ?? text(record(payload)?.created_at);
  if (!when || Number.isNaN(Date.parse(when))) return 'The received message has no time.';
  const recipients = [
    ...addresses(stored.to ?? data.to),
    ...addresses(stored.cc ?? data.cc),
    ...addresses(data.bcc),
  ];
  const plain = typeof stored.text === 'string' && stored.text.trim() !== '' ? stored.text : null;
  const html = typeof stored.html === 'string' ? stored.html : '';
  const body = answerText(plain ?? htmlText(html));
  const listed = Array.isArray(stored.attachments) ? stored.attachments : (data.attachments ?? []);
  const attachments = (Array.isArray(listed) ? listed : [])
    .map(record)
    .filter((item): item is Record<string, unknown> => item !== null)
    .slice(0, 50)
    .map((item) => ({
      filename: (text(item.filename) ?? 'unnamed').slice(0, 255),
      size:
        typeof item.size === 'number' && Number.isFinite(item.size) ? Math.round(item.size) : null,
      content_type: text(item.content_type),
    }));
  return {
    email_id: emailId,
    token: tokenFromRecipients(recipients, domain),
    from_address: from.slice(0, 320),
    subject: (text(stored.subject) ?? text(data.subject) ?? '').slice(0, 300),
    body: body.text,
    truncated: body.truncated,
    attachments,
    message_id: messageIdOrNull(stored.message_id ?? data.message_id),
    received_at: new Date(when).toISOString(),
  };
}

/**
 * The largest received message read from the mail API. Its text is kept bounded anyway, and
 * attachments are only listed, so a message past this is a long HTML thread or worse: it is noted
 * on the record rather than read into memory.
 */
export const MAX_RECEIVED_BYTES = 5 * 1024 * 1024;

/** What the record says of an answer too large to read; the provider still has the message. */
export const TOO_LARGE_ANSWER =
  "This message was too large to read here. Open it in the mail provider's received mail.";

/** The received message from the mail API (null when past its bound), or why it could not be had. */
async function fetchReceived(env: MailEventsEnv, fetcher: typeof fetch, emailId: string) {
  const response = await fetcher(
    `${env.mailApiUrl}/emails/receiving/${encodeURIComponent(emailId)}`,
    {
      headers: { Authorization: `Bearer ${env.mailApiKey}` },
      signal: AbortSignal.timeout(10_000),
    },
  );
  const bytes = await readBounded(response.body, MAX_RECEIVED_BYTES);
  const body = bytes === null ? '' : new TextDecoder().decode(bytes);
  if (!response.ok) {
    throw new Error(`the receiving API answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return bytes === null ? null : (JSON.parse(body) as unknown);
}

async function receiveAnswer(env: MailEventsEnv, fetcher: typeof fetch, payload: unknown) {
  const emailId = text(record(record(payload)?.data)?.email_id);
  if (!emailId) return { status: 400, body: { error: 'The event names no received message.' } };
  const message = await fetchReceived(env, fetcher, emailId);
  // too large to read: kept from what the event itself says, with a note in place of the text.
  const answer = readReceivedAnswer(
    payload,
    message ?? { text: TOO_LARGE_ANSWER },
    env.inboundDomain,
  );
  if (typeof answer === 'string') return { status: 400, body: { error: answer } };
  if (message === null) answer.truncated = true;
  return {
    status: 200,
    body: { result: await rpc(env, fetcher, 'receive_enquiry_answer', answer) },
  };
}

/**
 * `POST /functions/v1/mail-events`: the mail API's delivery webhooks, and `email.received` for
 * mail to a reply address: the message is fetched from the receiving API, trimmed to the
 * enquirer's own words and stored once per message (public.receive_enquiry_answer). The signature is the
 * authentication (the gateway lets the request through without a JWT): a request not signed
 * with the secret, or signed more than five minutes from now, is refused with 401. A verified
 * event is applied once per webhook id; a failure to record it answers 500, so the mail API
 * delivers it again.
 */
export async function handle(
  request: Request,
  env: EnvResult,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  if (request.method !== 'POST') return jsonResponse(405, { error: 'Use POST.' });
  if (!env.ok) {
    console.error(`mail-events is not configured: ${env.problems.join('; ')}`);
    return jsonResponse(500, { error: 'The receiver is not configured.' });
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return jsonResponse(413, { error: 'The event is too large.' });
  const headers = signatureHeaders(request);
  if (!headers) return jsonResponse(401, { error: 'The event is not signed.' });
  const body = await readBounded(request.body, MAX_BODY_BYTES);
  if (!body) return jsonResponse(413, { error: 'The event is too large.' });

  try {
    new Webhook(env.env.webhookSecret).verify(body, headers, { jsonParse: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return jsonResponse(401, { error: `The event's signature does not hold: ${reason}.` });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return jsonResponse(400, { error: 'The event is not JSON.' });
  }
  if (record(payload)?.type === RECEIVED_EVENT_TYPE) {
    try {
      const outcome = await receiveAnswer(env.env, fetcher, payload);
      return jsonResponse(outcome.status, outcome.body);
    } catch (error) {
      console.error(`mail-events: ${error instanceof Error ? error.message : String(error)}`);
      return jsonResponse(500, { error: 'The answer could not be recorded; deliver it again.' });
    }
  }
  const event = readMailEvent(headers['webhook-id'] ?? '', payload);
  if (typeof event === 'string') return jsonResponse(400, { error: event });
  if (!(APPLIED_EVENT_TYPES as readonly string[]).includes(event.event_type)) {
    return jsonResponse(200, { result: 'ignored' });
  }
  try {
    return jsonResponse(200, { result: await rpc(env.env, fetcher, 'apply_mail_event', event) });
  } catch (error) {
    console.error(`mail-events: ${error instanceof Error ? error.message : String(error)}`);
    return jsonResponse(500, { error: 'The event could not be recorded; deliver it again.' });
  }
}
