import type { Queryable } from '../db/database.ts';
import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import { bearerToken } from '../jwt.ts';
import type { JwtClaims, JwtKeys } from '../jwt.ts';
import { errors } from './auth-error.ts';
import { findUserById } from './users.ts';
import type { UserRow } from './users.ts';

/** GoTrue's requireAuthentication: the Bearer JWT must verify; no clock skew allowance. */
export async function requireClaims(request: LocalRequest, keys: JwtKeys): Promise<JwtClaims> {
  const token = bearerToken(header(request, 'authorization'));
  if (!token) throw errors.noAuthorization();
  const result = await keys.verify(keys.resolveOpaqueKey(token));
  if (!result.ok) {
    const tail =
      result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message;
    throw errors.badJwt(`invalid JWT: unable to parse or verify signature, ${tail}`);
  }
  return result.claims;
}

/** The signed-in user and session behind the Bearer JWT (GET /user, POST /logout). */
export async function requireUser(
  request: LocalRequest,
  keys: JwtKeys,
  db: Queryable,
): Promise<{ user: UserRow; sessionId: string | null }> {
  const claims = await requireClaims(request, keys);
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw errors.badJwt('invalid claim: missing sub claim');
  const user = await findUserById(db, claims.sub);
  if (!user) throw errors.userNotFound();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId) {
    const valid = /^[0-9a-f-]{36}$/i.test(sessionId);
    const session = valid
      ? await db.query('select 1 from auth.sessions where id = $1::uuid', [sessionId])
      : { rows: [] };
    if (session.rows.length === 0) throw errors.sessionNotFound();
  }
  return { user, sessionId };
}
