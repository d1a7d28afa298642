import type { Queryable } from '../db/database.ts';
import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import { bearerToken, unverifiedClaims } from '../jwt.ts';
import type { JwtClaims, JwtKeys } from '../jwt.ts';
import { RestError } from './rest-error.ts';

export interface RequestRole {
  role: string;
  claims: JwtClaims;
}

const apiRoles = new Set(['anon', 'authenticated', 'service_role']);

/** The token PostgREST sees: the gateway turns a bare `apikey` into `Authorization: Bearer`. */
export function requestToken(request: LocalRequest, keys: JwtKeys): string | null {
  const token = bearerToken(header(request, 'authorization')) ?? header(request, 'apikey') ?? null;
  return token === null ? null : keys.resolveOpaqueKey(token);
}

function jwtError(
  code: 'PGRST301' | 'PGRST303',
  message: string,
  details: string | null = null,
): RestError {
  return new RestError(401, code, message, details, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

/** PostgREST's JWT step: no token → anon; bad signature → PGRST301; expired → PGRST303. */
export async function resolveRole(request: LocalRequest, keys: JwtKeys): Promise<RequestRole> {
  const token = requestToken(request, keys);
  if (token === null || token === '') return { role: 'anon', claims: { role: 'anon' } };
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  const result = await keys.verify(token, 30);
  if (!result.ok) {
    if (result.reason === 'expired') {
      const exp = decodeExp(token);
      const late =
        exp === null
          ? null
          : `Invalid by ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds`;
      throw jwtError('PGRST303', 'JWT expired', late);
    }
    throw jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
  const role =
    typeof result.claims.role === 'string' && result.claims.role !== ''
      ? result.claims.role
      : 'anon';
  return { role, claims: { ...result.claims, role } };
}

function decodeExp(token: string): number | null {
  const exp = unverifiedClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/**
 * PostgREST's one `select set_config(...)` per request (its `Query/PreQuery.hs`). It connects as
 * `authenticator`, which may only switch to the API roles; we connect as a superuser, so refuse
 * other existing roles the way Postgres would refuse authenticator.
 */
export async function applyRequestSettings(
  tx: Queryable,
  request: LocalRequest,
  role: RequestRole,
): Promise<void> {
  if (!apiRoles.has(role.role)) {
    const exists = await tx.query('select 1 from pg_catalog.pg_roles where rolname = $1', [
      role.role,
    ]);
    if (exists.rows.length > 0) {
      throw new RestError(403, '42501', `permission denied to set role "${role.role}"`);
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'cookie' || value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  await tx.query(
    `select set_config('search_path', $1, true), set_config('role', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
            set_config('request.path', $5, true), set_config('request.headers', $6, true),
            set_config('request.cookies', $7, true)`,
    [
      'public, extensions',
      role.role,
      JSON.stringify(role.claims),
      request.method,
      request.path,
      JSON.stringify(headers),
      '{}',
    ],
  );
}
