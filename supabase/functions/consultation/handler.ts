/**
 * The visitor's booking API: claim a book token, list free times, book, move, cancel, or confirm
 * a held booking with the link mailed to its address. A
 * visitor holds no account, only a signed token, so the database keeps these functions from the
 * anon role (no SECURITY DEFINER function is anon's to run); this function calls them with the
 * service role and passes on the caller's X-Forwarded-For for the per-client limits (on reading
 * the free times and claiming a token, as on booking, moving and cancelling).
 * Web-standard types only: the same module runs on Supabase's Deno runtime and in the embedded
 * backend.
 */
import {
  CONSULTATION_ACTIONS,
  isConsultationRefusal,
  type RefusalBody,
} from '../_shared/consultation-wire.ts';
import { DATABASE_ENV, readEnv, type EnvGetter, type EnvResult } from '../_shared/env.ts';
import { isServiceRoleRequest } from '../_shared/service-role.ts';
import { isTimeZone } from '../_shared/time-zone.ts';

export interface ConsultationEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
}

export type ConsultationEnvResult = EnvResult<ConsultationEnv>;

/** Reads the settings by name (Deno.env.get or process.env); each problem names its variable. */
export const readConsultationEnv = (get: EnvGetter): ConsultationEnvResult =>
  readEnv(get, DATABASE_ENV);

/** One call of the API, checked: what the browser may ask for and nothing else. */
export type ConsultationCall =
  | { action: 'claim'; key: string }
  | { action: 'slots' | 'cancel' | 'confirm'; token: string }
  | { action: 'book' | 'reschedule'; token: string; startsAt: string; timeZone: string };

const MAX_BODY_BYTES = 4096;
const TOKEN_PATTERN = /^[bmc]\.[0-9a-f-]{36}\.[0-9]{1,9}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** What a zone name looks like; whether it is one, Intl says (isTimeZone). */
const TIME_ZONE_SHAPE = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** What is wrong with a call: a developer's message, or the refusal the visitor should read. */
type Checked<T> = { ok: true; value: T } | { ok: false; message: string; refusal?: RefusalBody };

/** The database refuses a zone it does not know the same way; refused here before the call. */
const UNKNOWN_ZONE: RefusalBody = {
  code: 'P0001',
  message: 'The time zone is not one we know. Please choose another.',
  details: null,
  hint: 'consultation_time_zone_invalid',
};

/** The request's JSON body as a call, or what is wrong with it, in words a developer can act on. */
export function readCall(body: unknown): Checked<ConsultationCall> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object.' };
  }
  const fields = body as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const token = text('token');
  const tokenProblem = TOKEN_PATTERN.test(token) ? null : 'token is missing or malformed.';
  switch (fields.action) {
    case 'claim': {
      const key = text('key');
      return KEY_PATTERN.test(key)
        ? { ok: true, value: { action: 'claim', key } }
        : { ok: false, message: 'key must be 43 base64url characters.' };
    }
    case 'slots':
    case 'cancel':
    case 'confirm':
      return tokenProblem
        ? { ok: false, message: tokenProblem }
        : { ok: true, value: { action: fields.action, token } };
    case 'book':
    case 'reschedule': {
      if (tokenProblem) return { ok: false, message: tokenProblem };
      const startsAt = text('starts_at');
      if (startsAt.length > 40 || Number.isNaN(Date.parse(startsAt))) {
        return { ok: false, message: 'starts_at must be an ISO 8601 date and time.' };
      }
      const timeZone = text('time_zone');
      if (!TIME_ZONE_SHAPE.test(timeZone)) {
        return { ok: false, message: 'time_zone must be an IANA time zone name.' };
      }
      if (!isTimeZone(timeZone)) {
        return { ok: false, message: `time_zone ${timeZone} is unknown.`, refusal: UNKNOWN_ZONE };
      }
      return { ok: true, value: { action: fields.action, token, startsAt, timeZone } };
    }
    default:
      return {
        ok: false,
        message: `action must be one of ${CONSULTATION_ACTIONS.join(', ')}.`,
      };
  }
}

/** The database function and arguments of a call. */
export function rpcOf(call: ConsultationCall, forwardedFor: string | null) {
  switch (call.action) {
    case 'claim':
      return {
        name: 'claim_consultation_token',
        args: { p_enquiry_key: call.key, p_forwarded_for: forwardedFor },
      };
    case 'slots':
      return {
        name: 'consultation_slots',
        args: { p_token: call.token, p_forwarded_for: forwardedFor },
      };
    case 'book':
    case 'reschedule':
      return {
        name: call.action === 'book' ? 'book_consultation' : 'reschedule_consultation',
        args: {
          p_token: call.token,
          p_starts_at: call.startsAt,
          p_time_zone: call.timeZone,
          p_forwarded_for: forwardedFor,
        },
      };
    case 'cancel':
    case 'confirm':
      return {
        name: call.action === 'cancel' ? 'cancel_consultation' : 'confirm_consultation',
        args: { p_token: call.token, p_forwarded_for: forwardedFor },
      };
  }
}

// Any origin: the API is token-gated, sets no cookie and reads no credential.
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, apikey, content-type, x-client-info',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '3600',
};

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      ...CORS_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });

/** A refusal the visitor should read (a bad token, a taken time, a limit): passed on as is. */
const isVisitorRefusal = (error: RefusalBody) =>
  error.code === 'P0001' && isConsultationRefusal(error.hint);

/** `{ "action": "forwarding" }`: the set-up's question, not the browser's. */
const isForwardingProbe = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { action?: unknown }).action === 'forwarding';

/**
 * The X-Forwarded-For this function received, for the service role only. How many proxies append
 * to it before a function runs is not documented for hosted Supabase, and the per-client limits
 * depend on it: too few and every visitor shares a proxy's key, too many and a visitor names their
 * own. `npm run setup:hosted` sends a marker entry and counts the entries appended after it.
 */
function answerForwardingProbe(request: Request, env: ConsultationEnv): Response {
  if (!isServiceRoleRequest(request, env.serviceRoleKey)) {
    return jsonResponse(401, { code: 'unauthorized', message: 'Only the service role may ask.' });
  }
  return jsonResponse(200, { forwarded_for: request.headers.get('x-forwarded-for') });
}

export async function handle(
  request: Request,
  env: ConsultationEnvResult,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== 'POST') return jsonResponse(405, { code: 'method', message: 'Use POST.' });
  if (!env.ok) {
    console.error(`consultation is not configured: ${env.problems.join('; ')}`);
    return jsonResponse(500, { code: 'unavailable', message: 'Booking is not available.' });
  }
  const raw = await request.text();
  if (new TextEncoder().encode(raw).length > MAX_BODY_BYTES) {
    return jsonResponse(413, { code: 'invalid_request', message: 'The body is too large.' });
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return jsonResponse(400, { code: 'invalid_request', message: 'The body must be JSON.' });
  }
  if (isForwardingProbe(body)) return answerForwardingProbe(request, env.env);
  const call = readCall(body);
  if (!call.ok) {
    return jsonResponse(400, call.refusal ?? { code: 'invalid_request', message: call.message });
  }

  const { name, args } = rpcOf(call.value, request.headers.get('x-forwarded-for'));
  try {
    const response = await fetcher(`${env.env.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: env.env.serviceRoleKey,
        Authorization: `Bearer ${env.env.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    const answer: unknown = text === '' ? null : JSON.parse(text);
    if (response.ok) return jsonResponse(200, answer);
    const error = (answer ?? {}) as RefusalBody;
    if (isVisitorRefusal(error)) {
      return jsonResponse(response.status === 400 ? 400 : 409, {
        code: error.code,
        message: error.message,
        details: error.details ?? null,
        hint: error.hint,
      });
    }
    console.error(`consultation: ${name} answered ${response.status}: ${text.slice(0, 300)}`);
  } catch (error) {
    console.error(
      `consultation: ${name} failed: ${error instanceof Error ? error.message : error}`,
    );
  }
  return jsonResponse(502, {
    code: 'unavailable',
    message: 'Booking is not available just now. Please try again in a minute.',
  });
}
