import { createClient } from '@supabase/supabase-js';
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

/** One request PostgREST received, parsed. */
export type PostgrestRequest = {
  method: string;
  /** `table` for /rest/v1/:table, `rpc` for /rest/v1/rpc/:fn, `other` for any other path. */
  kind: 'table' | 'rpc' | 'other';
  /** The table or function; for `other`, the path. */
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
};

let clientsMade = 0;

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A session as GoTrue hands it out; the token is a JWT no one checks the signature of. */
function sessionOf(userId: string, email = '') {
  const claims = {
    sub: userId,
    email,
    role: 'authenticated',
    aud: 'authenticated',
    exp: SESSION_EXPIRES_AT,
  };
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.test-signature`,
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: SESSION_EXPIRES_AT,
    user: {
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

/**
 * A supabase-js client at TEST_SUPABASE_URL, signed in as `userId` when given (the session is
 * read from its own storage, so no auth request is made). A signed-in client holds a
 * BroadcastChannel until `client.auth.dispose()`; the clients of `answer()` are disposed after
 * each test.
 */
export function createTestSupabaseClient(
  options: { userId?: string; email?: string; headers?: Record<string, string> } = {},
): AppSupabaseClient {
  clientsMade += 1;
  // A key of its own: supabase-js warns about a second client on one key in a browser (jsdom).
  const storageKey = `sb-test-${clientsMade}-auth-token`;
  const stored = new Map<string, string>();
  if (options.userId) {
    stored.set(storageKey, JSON.stringify(sessionOf(options.userId, options.email)));
  }
  return createClient<Database>(TEST_SUPABASE_URL, TEST_ANON_KEY, {
    auth: {
      storageKey,
      persistSession: options.userId !== undefined,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
    global: { headers: options.headers ?? {} },
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
  return errorResponse(byKind[request.kind], 404);
}

type AnsweringClient = {
  routes: NetworkRoutes;
  requests: PostgrestRequest[];
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
    http.all(`${TEST_SUPABASE_URL}/*`, ({ request }) =>
      dispatch(request, 'other', new URL(request.url).pathname),
    ),
  );
  // Requests to any other address: MSW refuses them ('error'); this makes the test fail too.
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
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
    /** A client whose requests the given handlers answer (as `userId` when given). */
    answer(routes: NetworkRoutes = {}): AnsweredNetwork {
      const id = String(answering.size + 1);
      const requests: PostgrestRequest[] = [];
      answering.set(id, { routes, requests });
      const { userId, email } = routes;
      const client = createTestSupabaseClient({ userId, email, headers: { [CLIENT_HEADER]: id } });
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
