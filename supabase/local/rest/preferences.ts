import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import { RestError } from './rest-error.ts';

export interface Preferences {
  returning: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  missingDefault: boolean;
  applied: string[];
}

/** `Prefer: return=representation, count=exact` (several values arrive comma-joined). */
export function parsePreferences(request: LocalRequest): Preferences {
  const result: Preferences = { returning: null, count: null, missingDefault: false, applied: [] };
  const raw = header(request, 'prefer') ?? '';
  for (const part of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=').map((item) => item.trim());
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      result.returning = value;
      result.applied.push(part);
    } else if (
      name === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      result.count = value;
      result.applied.push(part);
    } else if (name === 'missing' && value === 'default') {
      result.missingDefault = true;
      result.applied.push(part);
    } else if (name === 'resolution') {
      throw new RestError(
        400,
        'PGRST100',
        'Upsert (Prefer: resolution) is not supported by the local backend',
        null,
        'Use `supabase start` (Docker) for the full PostgREST.',
      );
    }
    // PostgREST ignores unknown preferences unless handling=strict; so do we.
  }
  return result;
}

export type ResponseShape = 'array' | 'object';

/** Which body the client accepts: a JSON array, or one object (`single()`), else 406 PGRST107. */
export function responseShape(request: LocalRequest): ResponseShape {
  const accept = (header(request, 'accept') ?? '').trim();
  if (accept === '') return 'array';
  const types = accept.split(',').map((item) => (item.split(';')[0] ?? '').trim().toLowerCase());
  if (
    types.includes('application/vnd.pgrst.object+json') ||
    types.includes('application/vnd.pgrst.object')
  )
    return 'object';
  if (
    types.some((type) => type === 'application/json' || type === '*/*' || type === 'application/*')
  )
    return 'array';
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${types.join(', ')}`,
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
