import { createClient, type Factor } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

import type { Database } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * A real supabase-js client whose requests MSW answers at the network the way PostgREST would.
 * A test says what each table or database function answers and asserts the HTTP requests that
 * reached it: the filters, order, paging, headers and bodies PostgREST would have received.
 */

export const TEST_SUPABASE_URL = 'http://supabase.test';
export const TEST_ANON_KEY = 'test-anon-key';

const REST_URL = `${TEST_SUPABASE_URL}/rest/v1`;
/** Set on every request of a client made by `answer()`, so each answers with its own handlers. */
const CLIENT_HEADER = 'x-test-client';
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';
/** Far enough ahead that no faked clock makes supabase-js refresh the session. */
const SESSION_EXPIRES_AT = Date.UTC(2100, 0, 1) / 1000;

/** One request PostgREST (or GoTrue, kind `auth`) received, parsed. */
export type PostgrestRequest = {
  method: string;
  /**
   * `table` for /rest/v1/:table, `rpc` for /rest/v1/rpc/:fn, `auth` for /auth/v1/*, `other` for
   * any other path.
   */
  kind: 'table' | 'rpc' | 'auth' | 'other';
  /** The table or function; for `auth`, the path after /auth/v1 (`/token`); for `other`, the path. */
  name: string;
  url: string;
  /** Filters (`status=eq.new`), `select`, `order`, `limit`, `offset`, `or`, and GET rpc args. */
  params: URLSearchParams;
  /** The JSON body; undefined when there is none. */
  body: unknown;
  /** With lower-case names. */
  headers: Record<string, string>;
  /** The Prefer header's preferences, e.g. ['count=exact', 'return=representation']. */
  prefer: string[];
  /** The rows asked for, inclusive: `.range(0, 9)` sends offset=0&limit=10, read as 0 to 9. */
  range: { from: number; to: number } | undefined;
  /** A HEAD request: `select(..., { head: true })`, which asks only for the count. */
  head: boolean;
  /** `.single()`: asks for one object instead of an array. */
  single: boolean;
};

export type PostgrestErrorBody = {
  /** An SQLSTATE or a PGRSTxxx code; without one, P0001 (what `raise exception` gives). */
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
};

/**
 * What a table or function answers: rows (or a function's value), or an error; `count` is the
 * total sent when the client asked for one; `status` overrides PostgREST's. `'network-failure'`
 * makes the request fail as if offline (supabase-js retries a failed GET or HEAD, with waits).
 */
export type PostgrestAnswer =
  | { data?: unknown; error?: PostgrestErrorBody; count?: number; status?: number }
  | 'network-failure';

export type PostgrestHandler = (
  request: PostgrestRequest,
) => PostgrestAnswer | Promise<PostgrestAnswer>;

export type NetworkRoutes = {
  tables?: Record<string, PostgrestHandler>;
  rpc?: Record<string, PostgrestHandler>;
  /** Signs the client in as this user; without it the client uses the anon key. */
  userId?: string;
  email?: string;
  /** The assurance level of userId's session: aal1 (a password sign-in) unless given. */
  aal?: AssuranceLevel;
  /** What GoTrue at /auth/v1 knows and answers; see GoTrueRoutes. */
  auth?: GoTrueRoutes;
};

export type AssuranceLevel = 'aal1' | 'aal2';

/** The routes of GoTrue the fake answers, each one a key of `auth.handlers`. */
export type AuthRoute =
  'token' | 'signup' | 'logout' | 'user' | 'enroll' | 'challenge' | 'verify' | 'unenroll';

/** A GoTrue error: its code (`invalid_credentials`), and its message unless the usual one. */
export type AuthErrorBody = { code: string; message?: string };

/** What a GoTrue route answers: a JSON body (none: 204), or an error; `status` overrides. */
export type AuthAnswer =
  { data?: unknown; error?: AuthErrorBody; status?: number } | 'network-failure';

/**
 * Answers one GoTrue route instead of the fake; `gotrue()` gives (and applies) the fake's own
 * answer, so a handler can hold a request back, or refuse once and then let GoTrue answer.
 */
export type AuthHandler = (
  request: PostgrestRequest,
  gotrue: () => AuthAnswer,
) => AuthAnswer | Promise<AuthAnswer>;

/**
 * A small GoTrue of one account: `userId` and `email` when given, else `account`. It signs in
 * with the account's password (an aal1 session), signs up new addresses, signs out, lists the
 * user's factors (GET /user), enrols TOTP factors, challenges and verifies them with `totpCode`
 * (an aal2 session) and removes them, as GoTrue answers each.
 */
export type GoTrueRoutes = {
  /** The account when no userId is given (a signed-out client); and its password. */
  account?: { id: string; email: string; password?: string };
  /** The password of userId's account, for a sign-in through POST /token. */
  password?: string;
  /** The account's MFA factors (a verified TOTP factor lets its session reach aal2). */
  factors?: Factor[];
  /** The code POST /factors/:id/verify accepts; TEST_TOTP_CODE unless given. */
  totpCode?: string;
  /** When the signed-in session expires (Unix seconds); far ahead unless given. */
  expiresAt?: number;
  /** Answers of routes that replace (or wrap) the fake's. */
  handlers?: Partial<Record<AuthRoute, AuthHandler>>;
};

let clientsMade = 0;

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An enrolled, verified authenticator-app factor, as GoTrue lists it on the user. */
export function verifiedTotpFactor(id = 'factor-1'): Factor {
  return {
    id,
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

/** The TOTP code the fake GoTrue accepts unless `auth.totpCode` says otherwise. */
export const TEST_TOTP_CODE = '123456';
/** The key the fake GoTrue gives every TOTP factor it enrols (base32, as GoTrue's). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The QR code GoTrue sends (an SVG; supabase-js makes it a data: URL). */
export const TEST_TOTP_QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
const CREATED_AT = '2026-01-01T00:00:00Z';

export type SessionUser = { id: string; email: string; factors?: Factor[] };

/** The user as GoTrue sends it: `factors` is left out when there are none. */
function userJson({ id, email, factors }: SessionUser, identities = true) {
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    email_confirmed_at: CREATED_AT,
    confirmed_at: CREATED_AT,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { email, email_verified: true, phone_verified: false, sub: id },
    identities: identities
      ? [
          {
            identity_id: `identity-${id}`,
            id,
            user_id: id,
            identity_data: { email, email_verified: true, phone_verified: false, sub: id },
            provider: 'email',
            created_at: CREATED_AT,
            updated_at: CREATED_AT,
            email,
          },
        ]
      : [],
    ...(factors && factors.length > 0 ? { factors } : {}),
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    is_anonymous: false,
  };
}

/**
 * A session as GoTrue hands it out (POST /token, POST /factors/:id/verify); the access token is a
 * JWT with GoTrue's claims (sub, email, role, aal, amr, session_id) no one checks the signature of.
 */
export function sessionOf(
  user: SessionUser,
  {
    aal = 'aal1',
    expiresAt = SESSION_EXPIRES_AT,
  }: { aal?: AssuranceLevel; expiresAt?: number } = {},
) {
  const issuedAt = Math.min(expiresAt - 3600, Math.floor(Date.now() / 1000));
  const amr = [{ method: 'password', timestamp: issuedAt }];
  if (aal === 'aal2') amr.unshift({ method: 'totp', timestamp: issuedAt });
  const claims = {
    iss: `${TEST_SUPABASE_URL}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal,
    amr,
    session_id: `session-${user.id}`,
    is_anonymous: false,
  };
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.test-signature`,
    token_type: 'bearer',
    expires_in: Math.max(expiresAt - issuedAt, 1),
    expires_at: expiresAt,
    refresh_token: `refresh-${aal}-${user.id}`,
    user: userJson(user),
  };
}

/**
 * A supabase-js client at TEST_SUPABASE_URL, signed in as `userId` when given (the session is
 * read from its own storage, so no auth request is made), at `aal` (aal1 unless given), with
 * the user's `factors`. A client holds a BroadcastChannel until `client.auth.dispose()`; the clients of `answer()` are disposed after
 * each test.
 */
export function createTestSupabaseClient(
  options: {
    userId?: string;
    email?: string;
    aal?: AssuranceLevel;
    factors?: Factor[];
    expiresAt?: number;
    headers?: Record<string, string>;
    /** Sends the client's requests instead of the global fetch (which MSW answers). */
    fetch?: typeof fetch;
  } = {},
): AppSupabaseClient {
  clientsMade += 1;
  // A key of its own: supabase-js warns about a second client on one key in a browser (jsdom).
  const storageKey = `sb-test-${clientsMade}-auth-token`;
  const stored = new Map<string, string>();
  if (options.userId) {
    const user = { id: options.userId, email: options.email ?? '', factors: options.factors };
    const session = sessionOf(user, { aal: options.aal, expiresAt: options.expiresAt });
    stored.set(storageKey, JSON.stringify(session));
  }
  return createClient<Database>(TEST_SUPABASE_URL, TEST_ANON_KEY, {
    auth: {
      storageKey,
      // Kept in `stored` (never localStorage), so a sign-in through POST /token is kept too.
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
    global: { headers: options.headers ?? {}, ...(options.fetch && { fetch: options.fetch }) },
  });
}

/** `in.(a,"b,c")` → ['a', 'b,c']: PostgREST's list, with quoted items unquoted. */
function parseList(list: string): string[] {
  const items: string[] = [];
  for (const match of list.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)) {
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? ''));
  }
  return items;
}

export type Filter = { op: string; value: string | string[] };

function parseFilter(raw: string): Filter {
  const negated = raw.startsWith('not.');
  const rest = negated ? raw.slice('not.'.length) : raw;
  const dot = rest.indexOf('.');
  const op = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? '' : rest.slice(dot + 1);
  const isList = op === 'in' && value.startsWith('(') && value.endsWith(')');
  return {
    op: negated ? `not.${op}` : op,
    value: isList ? parseList(value.slice(1, -1)) : value,
  };
}

/**
 * Every filter on `column`: `status=eq.new` → { op: 'eq', value: 'new' },
 * `id=in.(a,b)` → { op: 'in', value: ['a', 'b'] }, `not('x', 'is', null)` → { op: 'not.is',
 * value: 'null' }. Values are the strings sent.
 */
export function filtersOn(request: PostgrestRequest, column: string): Filter[] {
  return request.params.getAll(column).map(parseFilter);
}

/** The one filter on `column`, or undefined; throws when there are several (use filtersOn). */
export function filterOn(request: PostgrestRequest, column: string): Filter | undefined {
  const filters = filtersOn(request, column);
  if (filters.length > 1) {
    throw new Error(`${filters.length} filters on ${column}: read them with filtersOn`);
  }
  return filters[0];
}

/** supabase-js asks for a page with offset and limit, never with a Range header. */
function requestedRange(params: URLSearchParams) {
  const limit = params.get('limit');
  const offset = params.get('offset');
  if (limit === null && offset === null) return undefined;
  const from = Number(offset ?? 0);
  return { from, to: limit === null ? Infinity : from + Number(limit) - 1 };
}

async function readRequest(
  request: Request,
  kind: PostgrestRequest['kind'],
  name: string,
): Promise<PostgrestRequest> {
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const headers = Object.fromEntries(request.headers);
  delete headers[CLIENT_HEADER];
  return {
    method: request.method,
    kind,
    name,
    url: request.url,
    params: url.searchParams,
    body,
    headers,
    prefer: (headers.prefer ?? '')
      .split(',')
      .map((preference) => preference.trim())
      .filter(Boolean),
    range: requestedRange(url.searchParams),
    head: request.method === 'HEAD',
    single: (headers.accept ?? '').startsWith(SINGLE_OBJECT),
  };
}

const errorStatusByCode: Record<string, number> = {
  PGRST116: 406,
  PGRST202: 404,
  PGRST205: 404,
  PGRST301: 401,
  PGRST303: 401,
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '42883': 404,
  '42P01': 404,
  P0001: 400,
};
const errorStatusByClass: Record<string, number> = {
  '08': 503,
  '0L': 403,
  '0P': 403,
  '28': 403,
  '53': 503,
  '54': 413,
  ...Object.fromEntries(
    ['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].map(
      (errorClass) => [errorClass, 500],
    ),
  ),
};

/** The HTTP status PostgREST gives an error code; a refused privilege depends on who asked. */
function errorStatus(code: string, signedIn: boolean): number {
  if (code === '42501') return signedIn ? 403 : 401;
  return errorStatusByCode[code] ?? errorStatusByClass[code.slice(0, 2)] ?? 400;
}

function errorResponse(error: PostgrestErrorBody, status: number): Response {
  const body = {
    code: error.code ?? 'P0001',
    details: error.details ?? null,
    hint: error.hint ?? null,
    message: error.message,
  };
  return HttpResponse.json(body, { status });
}

function countAsked(request: PostgrestRequest): boolean {
  return request.prefer.some((preference) => preference.startsWith('count='));
}

/** PostgREST's `Content-Range`: the rows sent, then the total when a count was asked for. */
function contentRange(request: PostgrestRequest, sent: number, total: number): string {
  const from = request.range?.from ?? 0;
  return `${sent > 0 ? `${from}-${from + sent - 1}` : '*'}/${countAsked(request) ? total : '*'}`;
}

function isWrite(request: PostgrestRequest): boolean {
  return request.kind === 'table' && ['POST', 'PATCH', 'DELETE'].includes(request.method);
}

function successStatus(request: PostgrestRequest, sent: unknown, partial: boolean): number {
  if (isWrite(request)) return request.method === 'POST' ? 201 : sent === undefined ? 204 : 200;
  if (request.kind === 'rpc' && sent === undefined && !request.head) return 204;
  return partial ? 206 : 200;
}

function respond(request: PostgrestRequest, answer: PostgrestAnswer): Response {
  if (answer === 'network-failure') return HttpResponse.error();
  if (answer.error) {
    const signedIn = request.headers.authorization !== `Bearer ${TEST_ANON_KEY}`;
    const status = errorStatus(answer.error.code ?? 'P0001', signedIn);
    return errorResponse(answer.error, answer.status ?? status);
  }
  const rows = Array.isArray(answer.data) ? answer.data : undefined;
  const total = answer.count ?? rows?.length ?? 0;
  // A write sends back no rows unless the client asked for them (`.select()` after it).
  const returnsRows = !isWrite(request) || request.prefer.includes('return=representation');
  let sent = returnsRows && !request.head ? answer.data : undefined;
  const rowsSent = isWrite(request) || request.head ? 0 : (rows?.length ?? 0);
  const headers = new Headers();
  if (rows || request.head || isWrite(request)) {
    headers.set('Content-Range', contentRange(request, rowsSent, total));
  }
  let contentType = 'application/json; charset=utf-8';
  if (request.single && Array.isArray(sent)) {
    if (sent.length !== 1) {
      const error = {
        code: 'PGRST116',
        details: `The result contains ${sent.length} rows`,
        message: 'Cannot coerce the result to a single JSON object',
      };
      return errorResponse(error, answer.status ?? 406);
    }
    sent = sent[0];
    contentType = `${SINGLE_OBJECT}; charset=utf-8`;
  }
  if (sent !== undefined) headers.set('Content-Type', contentType);
  // HEAD counts every row, though it sends none.
  const partial = !request.head && countAsked(request) && rowsSent < total;
  return new HttpResponse(sent === undefined ? null : JSON.stringify(sent), {
    status: answer.status ?? successStatus(request, sent, partial),
    headers,
  });
}

function notFound(request: PostgrestRequest): Response {
  const missing = `No test handler answers ${request.method} ${request.name}`;
  const byKind = {
    table: {
      code: 'PGRST205',
      message: `Could not find the table 'public.${request.name}'`,
      hint: `${missing}: give it in tables of network.answer().`,
    },
    rpc: {
      code: 'PGRST202',
      message: `Could not find the function public.${request.name}`,
      hint: `${missing}: give it in rpc of network.answer().`,
    },
    other: {
      code: 'PGRST125',
      message: 'Invalid path specified in request URL',
      hint: `${missing}: only /rest/v1 is answered; add an MSW handler with network.server.use().`,
    },
  };
  return errorResponse(byKind[request.kind === 'auth' ? 'other' : request.kind], 404);
}

/** GoTrue's status of an error code (auth `internal/api/errors.go` and the handlers). */
const authErrorStatus: Record<string, number> = {
  invalid_credentials: 400,
  email_not_confirmed: 400,
  validation_failed: 400,
  refresh_token_not_found: 400,
  session_not_found: 403,
  no_authorization: 401,
  bad_jwt: 403,
  not_admin: 403,
  user_not_found: 403,
  mfa_factor_not_found: 404,
  not_found: 404,
  weak_password: 422,
  signup_disabled: 422,
  user_already_exists: 422,
  email_exists: 422,
  mfa_verification_failed: 422,
  mfa_challenge_expired: 422,
  mfa_ip_address_mismatch: 422,
  mfa_factor_name_conflict: 422,
  too_many_enrolled_mfa_factors: 422,
  over_request_rate_limit: 429,
  over_email_send_rate_limit: 429,
  unexpected_failure: 500,
};

const authErrorMessage: Record<string, string> = {
  invalid_credentials: 'Invalid login credentials',
  no_authorization: 'This endpoint requires a valid Bearer token',
  mfa_factor_not_found: 'Factor not found',
  mfa_verification_failed: 'Invalid TOTP code entered',
  over_request_rate_limit: 'Request rate limit reached',
  signup_disabled: 'Signups not allowed for this instance',
  user_already_exists: 'User already registered',
  unexpected_failure: 'Unexpected failure, please check server logs for more information',
};

const API_VERSION = '2024-01-01';

/**
 * A GoTrue error as GoTrue sends it: `{ code, message }` with the X-Supabase-Api-Version header
 * to a client that sent that header (auth-js always does), else the initial shape
 * `{ code: <status>, error_code, msg }`; the x-sb-error-code header either way.
 */
function authErrorResponse(request: PostgrestRequest, error: AuthErrorBody, status?: number) {
  const sent = status ?? authErrorStatus[error.code] ?? 400;
  const message = error.message ?? authErrorMessage[error.code] ?? error.code;
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if ((request.headers['x-supabase-api-version'] ?? '') >= API_VERSION) {
    headers['X-Supabase-Api-Version'] = API_VERSION;
    return HttpResponse.json({ code: error.code, message }, { status: sent, headers });
  }
  return HttpResponse.json(
    { code: sent, error_code: error.code, msg: message },
    {
      status: sent,
      headers,
    },
  );
}

function respondAuth(request: PostgrestRequest, answer: AuthAnswer): Response {
  if (answer === 'network-failure') return HttpResponse.error();
  if (answer.error) return authErrorResponse(request, answer.error, answer.status);
  if (answer.data === undefined) return new HttpResponse(null, { status: answer.status ?? 204 });
  return HttpResponse.json(answer.data as Record<string, unknown>, {
    status: answer.status ?? 200,
  });
}

/** The claims of the Bearer token, or undefined for none, the anon key or no JWT. */
function bearerClaims(request: PostgrestRequest): Record<string, unknown> | undefined {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function authRoute(method: string, path: string): { route: AuthRoute; factorId?: string } | null {
  if (method === 'POST' && path === '/token') return { route: 'token' };
  if (method === 'POST' && path === '/signup') return { route: 'signup' };
  if (method === 'POST' && path === '/logout') return { route: 'logout' };
  if (method === 'GET' && path === '/user') return { route: 'user' };
  if (method === 'POST' && path === '/factors') return { route: 'enroll' };
  const factor = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (!factor) return null;
  const factorId = decodeURIComponent(factor[1]!);
  if (method === 'POST' && factor[2] === '/challenge') return { route: 'challenge', factorId };
  if (method === 'POST' && factor[2] === '/verify') return { route: 'verify', factorId };
  if (method === 'DELETE' && !factor[2]) return { route: 'unenroll', factorId };
  return null;
}

/** The state of one client's GoTrue, and its answer to each route. */
function createGoTrue(routes: NetworkRoutes) {
  const auth = routes.auth ?? {};
  const account = {
    id: routes.userId ?? auth.account?.id ?? 'test-user',
    email: routes.email ?? auth.account?.email ?? '',
    password: auth.password ?? auth.account?.password,
  };
  let factors: Factor[] = (auth.factors ?? []).map((factor) => ({ ...factor }));
  const challenges = new Map<string, string>();
  let made = 0;
  const user = () => ({ id: account.id, email: account.email, factors });
  const session = (aal: AssuranceLevel) => sessionOf(user(), { aal });
  const refuse = (code: string, message?: string): AuthAnswer => ({ error: { code, message } });

  function signedIn(request: PostgrestRequest): AuthAnswer | null {
    if (!request.headers.authorization) return refuse('no_authorization');
    const claims = bearerClaims(request);
    if (!claims || typeof claims.sub !== 'string') {
      return refuse('bad_jwt', 'invalid claim: missing sub claim');
    }
    if (claims.sub !== account.id) {
      return refuse('user_not_found', 'User from sub claim in JWT does not exist');
    }
    return null;
  }

  function token(request: PostgrestRequest): AuthAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const grant = request.params.get('grant_type');
    if (grant === 'refresh_token') {
      const match = /^refresh-(aal[12])-/.exec(String(body.refresh_token ?? ''));
      if (!match)
        return refuse('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return { data: session(match[1] as AssuranceLevel) };
    }
    if (grant !== 'password') {
      return refuse('invalid_credentials', 'unsupported_grant_type');
    }
    if (!body.email) return refuse('validation_failed', 'missing email or phone');
    const email = String(body.email).toLowerCase();
    const known = account.password !== undefined && email === account.email.toLowerCase();
    if (!known || body.password !== account.password) return refuse('invalid_credentials');
    return { data: session('aal1') };
  }

  function signup(request: PostgrestRequest): AuthAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!body.password) return refuse('validation_failed', 'Signup requires a valid password');
    const email = String(body.email ?? '').toLowerCase();
    const data = (body.data ?? {}) as Record<string, unknown>;
    made += 1;
    const id = `signed-up-${made}`;
    // An address that has an account: a made-up user without identities (confirmations on).
    const existing = email === account.email.toLowerCase();
    const created = userJson({ id, email }, !existing);
    return {
      data: {
        ...created,
        email_confirmed_at: undefined,
        confirmed_at: undefined,
        confirmation_sent_at: CREATED_AT,
        user_metadata: existing
          ? data
          : { ...created.user_metadata, email_verified: false, ...data },
      },
    };
  }

  function enroll(request: PostgrestRequest): AuthAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = typeof body.friendly_name === 'string' ? body.friendly_name : '';
    if (name && factors.some((factor) => factor.friendly_name === name)) {
      return refuse(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${name}" for this user already exists`,
      );
    }
    made += 1;
    const id = `factor-new-${made}`;
    factors = [
      ...factors,
      {
        id,
        friendly_name: name,
        factor_type: 'totp',
        status: 'unverified',
        created_at: CREATED_AT,
        updated_at: CREATED_AT,
      },
    ];
    const issuer = typeof body.issuer === 'string' ? body.issuer : '';
    const label = `${encodeURIComponent(issuer)}:${account.email}`;
    const query = `algorithm=SHA1&digits=6&issuer=${encodeURIComponent(issuer)}&period=30`;
    return {
      data: {
        id,
        type: 'totp',
        friendly_name: name,
        totp: {
          qr_code: TEST_TOTP_QR_SVG,
          secret: TEST_TOTP_SECRET,
          uri: `otpauth://totp/${label}?${query}&secret=${TEST_TOTP_SECRET}`,
        },
      },
    };
  }

  return (request: PostgrestRequest, route: AuthRoute, factorId?: string): AuthAnswer => {
    if (route === 'token') return token(request);
    if (route === 'signup') return signup(request);
    const refusal = signedIn(request);
    if (refusal) return refusal;
    const factor = factors.find((candidate) => candidate.id === factorId);
    switch (route) {
      case 'logout': {
        const scope = request.params.get('scope') ?? 'global';
        if (!['global', 'local', 'others'].includes(scope)) {
          return refuse('validation_failed', `Unsupported logout scope "${scope}"`);
        }
        return {};
      }
      case 'user':
        return { data: userJson(user()) };
      case 'enroll':
        return enroll(request);
      case 'challenge': {
        if (!factor) return refuse('mfa_factor_not_found');
        made += 1;
        const id = `challenge-${made}`;
        challenges.set(id, factor.id);
        return {
          data: { id, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 },
        };
      }
      case 'verify': {
        if (!factor) return refuse('mfa_factor_not_found');
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (challenges.get(String(body.challenge_id)) !== factor.id) {
          return refuse(
            'mfa_challenge_expired',
            `MFA challenge ${String(body.challenge_id)} has expired, verify against another`,
          );
        }
        challenges.delete(String(body.challenge_id));
        if (body.code !== (auth.totpCode ?? TEST_TOTP_CODE))
          return refuse('mfa_verification_failed');
        factors = factors.map((candidate) =>
          candidate.id === factor.id ? { ...candidate, status: 'verified' as const } : candidate,
        );
        return { data: session('aal2') };
      }
      case 'unenroll':
        if (!factor) return refuse('mfa_factor_not_found');
        factors = factors.filter((candidate) => candidate.id !== factor.id);
        return { data: { id: factor.id } };
    }
  };
}

type AnsweringClient = {
  routes: NetworkRoutes;
  requests: PostgrestRequest[];
  gotrue: ReturnType<typeof createGoTrue>;
};

export type AnsweredNetwork = {
  client: AppSupabaseClient;
  /** Every request the client sent, as they arrived (those sent at once in either order). */
  requests: PostgrestRequest[];
};

/**
 * Starts MSW for this test file (call it at the file's top level) and gives `answer()`, which
 * makes a client whose tables and functions answer with the given handlers. After each test, a
 * request that no handler answered, or a handler that threw, fails the test.
 */
export function useSupabaseNetwork() {
  const answering = new Map<string, AnsweringClient>();
  const clients: AppSupabaseClient[] = [];
  /** The requests `answer()`'s clients have sent and not yet had answered. */
  const inFlight = new Set<Promise<unknown>>();

  /** The global fetch (MSW's, at call time), keeping each request in `inFlight` until answered. */
  const trackedFetch: typeof fetch = (input, init) => {
    const sent = globalThis.fetch(input, init);
    const settled: Promise<unknown> = sent.then(
      () => inFlight.delete(settled),
      () => inFlight.delete(settled),
    );
    inFlight.add(settled);
    return sent;
  };
  let unhandled: string[] = [];
  let handlerErrors: unknown[] = [];

  async function dispatch(request: Request, kind: PostgrestRequest['kind'], name: string) {
    const parsed = await readRequest(request, kind, name);
    const target = answering.get(request.headers.get(CLIENT_HEADER) ?? '');
    target?.requests.push(parsed);
    const handler =
      kind === 'table'
        ? target?.routes.tables?.[name]
        : kind === 'rpc'
          ? target?.routes.rpc?.[name]
          : undefined;
    if (kind === 'auth') return dispatchAuth(parsed, target);
    if (!handler) {
      unhandled.push(`${parsed.method} ${parsed.url}`);
      return notFound(parsed);
    }
    try {
      return respond(parsed, await handler(parsed));
    } catch (error) {
      handlerErrors.push(error);
      return errorResponse({ code: 'XX000', message: `The test handler of ${name} threw` }, 500);
    }
  }

  async function dispatchAuth(request: PostgrestRequest, target: AnsweringClient | undefined) {
    const found = authRoute(request.method, request.name);
    if (!target || !found) {
      unhandled.push(`${request.method} ${request.url}`);
      const message = `No test handler answers ${request.method} /auth/v1${request.name}`;
      return authErrorResponse(request, { code: 'not_found', message });
    }
    const gotrue = () => target.gotrue(request, found.route, found.factorId);
    const handler = target.routes.auth?.handlers?.[found.route];
    try {
      return respondAuth(request, handler ? await handler(request, gotrue) : gotrue());
    } catch (error) {
      handlerErrors.push(error);
      return authErrorResponse(request, { code: 'unexpected_failure' });
    }
  }

  const server = setupServer(
    ...(['get', 'head', 'post'] as const).map((method) =>
      http[method](`${REST_URL}/rpc/:fn`, ({ request, params }) =>
        dispatch(request, 'rpc', String(params.fn)),
      ),
    ),
    ...(['get', 'head', 'post', 'patch', 'delete'] as const).map((method) =>
      http[method](`${REST_URL}/:table`, ({ request, params }) =>
        dispatch(request, 'table', String(params.table)),
      ),
    ),
    http.all(`${TEST_SUPABASE_URL}/auth/v1/*`, ({ request }) =>
      dispatch(request, 'auth', new URL(request.url).pathname.slice('/auth/v1'.length)),
    ),
    http.all(`${TEST_SUPABASE_URL}/*`, ({ request }) =>
      dispatch(request, 'other', new URL(request.url).pathname),
    ),
  );
  // Requests to any other address: MSW refuses them ('error'); this makes the test fail too.
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    // A request a page sent as its test ended (a role check after a redirect) is still this
    // test's: it is answered by this test's handlers and checked here, before the next begins.
    await Promise.all([...inFlight]);
    server.resetHandlers();
    answering.clear();
    await Promise.all(clients.splice(0).map((client) => client.auth.dispose()));
    const [errors, missed] = [handlerErrors, unhandled];
    [handlerErrors, unhandled] = [[], []];
    if (errors.length > 0) throw errors[0];
    if (missed.length > 0) {
      throw new Error(`No test handler answered:\n  ${missed.join('\n  ')}`);
    }
  });
  afterAll(() => server.close());

  return {
    /**
     * A client whose requests the given handlers answer, and GoTrue the fake of `auth` (signed in
     * as `userId` at `aal` when given; signed out otherwise).
     */
    answer(routes: NetworkRoutes = {}): AnsweredNetwork {
      const id = String(answering.size + 1);
      const requests: PostgrestRequest[] = [];
      answering.set(id, { routes, requests, gotrue: createGoTrue(routes) });
      const { userId, email, aal, auth } = routes;
      const client = createTestSupabaseClient({
        userId,
        email,
        aal,
        factors: auth?.factors,
        expiresAt: auth?.expiresAt,
        headers: { [CLIENT_HEADER]: id },
        fetch: trackedFetch,
      });
      clients.push(client);
      return { client, requests };
    },
    /** The requests no handler answered so far, which then no longer fail the test. */
    takeUnhandled(): string[] {
      const taken = unhandled;
      unhandled = [];
      return taken;
    },
    /** For a test that needs an MSW handler of its own (`server.use`); reset after each test. */
    server,
  };
}
