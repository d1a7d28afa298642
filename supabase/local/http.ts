import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A request as the handlers see it: body already read (and size-checked). */
export interface LocalRequest {
  method: string;
  url: URL;
  /** The path below the service prefix, e.g. `/token` for `/auth/v1/token`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ip: string;
}

export interface LocalResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | null;
}

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): LocalResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export function header(request: Pick<LocalRequest, 'headers'>, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

const allowedHeaders = [
  'apikey',
  'authorization',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-client-info',
  'x-client-ip',
  'x-jwt-aud',
  'x-retry-count',
  'x-supabase-api-version',
  'x-use-cookie',
].join(', ');

const exposedHeaders = [
  'Content-Range',
  'Content-Location',
  'Content-Profile',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'x-sb-error-code',
].join(', ');

/**
 * Which browser pages may read a route's responses:
 * - 'any': the Supabase API routes; supabase-js runs on any origin, as hosted Supabase allows;
 * - a set of origins: local-only routes (the captured inbox), for the site's own pages only;
 * - 'none': server-to-server routes, never read from a browser.
 */
export type CorsPolicy = 'any' | 'none' | ReadonlySet<string>;

function originAllowed(origin: string | undefined, policy: CorsPolicy): origin is string {
  if (policy === 'none' || origin === undefined) return false;
  return policy === 'any' || policy.has(origin);
}

/** CORS as the Supabase gateway does it for a browser app on another origin, within `policy`. */
export function corsHeaders(
  request: IncomingMessage,
  policy: CorsPolicy = 'any',
): Record<string, string> {
  const origin = request.headers.origin;
  if (policy === 'none') return {};
  if (policy !== 'any' && !originAllowed(origin, policy)) return { Vary: 'Origin' };
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Expose-Headers': exposedHeaders,
    Vary: 'Origin',
  };
  if (origin) headers['Access-Control-Allow-Credentials'] = 'true';
  return headers;
}

/** An OPTIONS preflight: allowed for the API routes, refused (403) for an origin the policy excludes. */
export function preflight(request: IncomingMessage, policy: CorsPolicy = 'any'): LocalResponse {
  if (policy !== 'any' && !originAllowed(request.headers.origin, policy)) {
    return json(
      403,
      { message: 'Cross-origin requests to this local route are allowed from the site only' },
      { Vary: 'Origin' },
    );
  }
  const requested = request.headers['access-control-request-headers'];
  return {
    status: 204,
    headers: {
      ...corsHeaders(request, policy),
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': requested
        ? `${allowedHeaders}, ${requested}`
        : allowedHeaders,
      'Access-Control-Max-Age': '3600',
    },
  };
}

/** The origins of `urls` (as a browser writes them in Origin); patterns and non-http(s) entries are skipped. */
export function originsOf(urls: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const text of urls) {
    if (text.includes('*')) continue;
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not a URL: it names no origin
    }
  }
  return origins;
}

/**
 * Whether the request's Host names this machine: a loopback name or address, or the address the
 * server is bound to. A page whose own host name was made to resolve to 127.0.0.1 (DNS
 * rebinding) still sends its own name, so a local-only route can refuse it.
 */
export function isLocalHost(hostHeader: string | undefined, boundHost: string): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    hostname === 'localhost' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === boundHost.replace(/^\[|\]$/g, '')
  );
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; tooLarge: true };

/**
 * Reads the whole body but keeps at most `limit` bytes; an oversized body is drained (so the
 * client can read our 413) unless it is absurdly large, in which case the socket is dropped.
 */
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(request.headers['content-length'] ?? '0');
    if (declared > limit) tooLarge = true;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (size > limit * 16) request.destroy();
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(tooLarge ? { ok: false, tooLarge } : { ok: true, body: Buffer.concat(chunks) }),
    );
    request.on('error', () => resolve({ ok: false, tooLarge: true }));
    request.on('close', () => {
      if (!request.complete) resolve({ ok: false, tooLarge: true });
    });
  });
}

export function send(response: ServerResponse, result: LocalResponse, headOnly = false): void {
  if (response.headersSent) return;
  const headers = { ...(result.headers ?? {}) };
  const body = result.body ?? '';
  if (result.status !== 204 && result.status !== 304) {
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  response.writeHead(result.status, headers);
  response.end(headOnly || result.status === 204 ? undefined : body);
}
