import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import { RestError, unsupported } from './rest-error.ts';

export interface Preferences {
  returning: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | null;
  missingDefault: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  /** The preferences honoured, for `Preference-Applied`, in PostgREST's order. */
  applied: string[];
}

/** Preferences PostgREST knows that the local backend does not implement: refused, named. */
const unimplemented: Record<string, string> = {
  'count=planned': 'Prefer: count=planned (a planner estimate)',
  'count=estimated': 'Prefer: count=estimated (a planner estimate)',
};

/**
 * `Prefer: return=representation, count=exact` (several values arrive comma-joined; the first of
 * each kind wins, as in PostgREST). What the local backend does not implement is refused, never
 * ignored: `tx`, `timezone`, `max-affected`, planned and estimated counts, and any token PostgREST
 * does not know either (PostgREST would ignore those only under its default `handling=lenient`;
 * sent explicitly, `handling=lenient` ignores them here too, and `handling=strict` refuses them
 * with PGRST122 as PostgREST does).
 */
export function parsePreferences(request: LocalRequest): Preferences {
  const tokens = (header(request, 'prefer') ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const first = (options: string[]) => tokens.find((token) => options.includes(token)) ?? null;
  const returning = first(['return=minimal', 'return=representation', 'return=headers-only']);
  const count = first(['count=exact', 'count=planned', 'count=estimated']);
  const missing = first(['missing=default', 'missing=null']);
  const resolution = first(['resolution=merge-duplicates', 'resolution=ignore-duplicates']);
  const handling = first(['handling=strict', 'handling=lenient']);
  for (const token of tokens) {
    const feature =
      unimplemented[token] ??
      (token.startsWith('tx=')
        ? 'Prefer: tx (transaction end)'
        : token.startsWith('timezone=')
          ? 'Prefer: timezone'
          : token.startsWith('max-affected=')
            ? 'Prefer: max-affected'
            : null);
    if (feature) throw unsupported(feature);
  }
  const notUnderstood = tokens.filter((token) => !validTokens.has(token));
  if (notUnderstood.length > 0 && handling !== 'handling=lenient') {
    if (handling === 'handling=strict')
      throw new RestError(
        400,
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${notUnderstood.join(', ')}`,
      );
    throw new RestError(
      400,
      'PGRST122',
      `Prefer: ${notUnderstood.join(', ')} is not supported by the local backend`,
      `Invalid preferences: ${notUnderstood.join(', ')}`,
      'PostgREST ignores unknown preferences unless handling=strict; the local backend refuses them unless handling=lenient is sent.',
    );
  }

  const valueOf = (token: string | null) =>
    token === null ? null : token.slice(token.indexOf('=') + 1);
  const applied = [resolution, missing, returning, count, handling].filter(
    (token): token is string => token !== null,
  );
  return {
    returning: valueOf(returning) as Preferences['returning'],
    count: count === null ? null : 'exact',
    missingDefault: missing === 'missing=default',
    resolution: valueOf(resolution) as Preferences['resolution'],
    applied,
  };
}

const validTokens = new Set([
  'return=minimal',
  'return=representation',
  'return=headers-only',
  'count=exact',
  'missing=default',
  'missing=null',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'handling=strict',
  'handling=lenient',
]);

export type ResponseShape = 'array' | 'object';

/** Media types PostgREST produces for a plain table or function that the local backend does not. */
const unproduced = [/^text\/csv$/, /^application\/geo\+json$/, /^application\/vnd\.pgrst\.plan/];

/**
 * Which body the client accepts, negotiated as PostgREST does (by quality, then order): a JSON
 * array, or one object (`single()`). A type PostgREST would answer but the local backend cannot
 * (CSV, GeoJSON, plans, `nulls=stripped`) is refused with 400 naming it; no acceptable type at all
 * is 406 PGRST107, as in PostgREST.
 */
export function responseShape(request: LocalRequest): ResponseShape {
  const accept = (header(request, 'accept') ?? '').trim();
  if (accept === '') return 'array';
  const entries = accept
    .split(',')
    .map((item, index) => {
      const [rawType, ...rawParams] = item.split(';').map((part) => part.trim());
      const params = new Map(
        rawParams.map((param) => {
          const [name, value] = param.split('=').map((part) => part.trim().toLowerCase());
          return [name ?? '', value ?? ''] as const;
        }),
      );
      const q = params.has('q') ? Number(params.get('q')) : 1;
      params.delete('q');
      return { type: (rawType ?? '').toLowerCase(), params, q: Number.isNaN(q) ? 1 : q, index };
    })
    .filter((entry) => entry.type !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type, params } of entries) {
    const json =
      type === 'application/json' || type === '*/*' || type === 'application/*'
        ? 'array'
        : type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array'
          ? 'array'
          : type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object'
            ? 'object'
            : null;
    if (json) {
      const extra = [...params.keys()].filter((name) => name !== 'charset');
      if (extra.length > 0) throw unsupported(`Accept: ${type} with ${extra.join(', ')}`);
      return json;
    }
    if (unproduced.some((pattern) => pattern.test(type))) throw unsupported(`Accept: ${type}`);
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${entries.map((entry) => entry.type).join(', ')}`,
  );
}

/** Only `public` is exposed, as on Supabase by default (plus graphql_public, which we lack). */
export function checkProfile(request: LocalRequest): void {
  const name =
    request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = header(request, name);
  if (profile !== undefined && profile !== 'public') {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

/** `Range: 0-9` (items) → offset/limit, for reads without `limit`/`offset` parameters. */
export function parseRangeHeader(
  request: LocalRequest,
): { offset: number; limit: number | null } | null {
  const raw = header(request, 'range');
  if (!raw) return null;
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(raw);
  if (!match) return null;
  const first = Number(match[1]);
  if (match[2] === '' || match[2] === undefined) return { offset: first, limit: null };
  const last = Number(match[2]);
  if (last < first) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: first, limit: last - first + 1 };
}
