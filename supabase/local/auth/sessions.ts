import { randomInt } from 'node:crypto';

import type { Queryable } from '../db/database.ts';
import type { JwtKeys } from '../jwt.ts';
import { AuthError, OAuthError, errors } from './auth-error.ts';
import { findUserById, userJson } from './users.ts';
import type { UserRow } from './users.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
/** GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL as the CLI sets it. */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod = 'password' | 'otp';

/** The `amr` methods that prove a second factor and so raise a session to aal2. */
const secondFactorMethods = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's legacy refresh token: 12 random lower-case alphanumerics. */
function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += alphabet[randomInt(alphabet.length)];
  return token;
}

export interface TokenContext {
  db: Queryable;
  keys: JwtKeys;
  issuer: string;
}

async function accessToken(
  context: TokenContext,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; exp: number }> {
  // Newest first, each dated by its last update, as GoTrue's CalculateAALAndAMR builds them.
  const amr = await context.db.query<{ method: string; at: string }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::text as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, created_at desc`,
    [sessionId],
  );
  const aal = amr.rows.some((row) => secondFactorMethods.has(row.method)) ? 'aal2' : 'aal1';
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const token = await context.keys.sign({
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: context.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal,
    amr: amr.rows.map((row) => ({ method: row.method, timestamp: Number(row.at) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, exp };
}

async function sessionResponse(
  context: TokenContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
) {
  const user = await findUserById(context.db, userId);
  if (!user)
    throw new AuthError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  const { token, exp } = await accessToken(context, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionResponse>>;

async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** A new session with its first refresh token, as after a password sign-in or a verified link. */
export async function issueSession(
  context: TokenContext,
  userId: string,
  method: AuthMethod,
  userAgent: string | null,
  ip: string,
): Promise<SessionResponse> {
  const session = await context.db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', now(), $2, $3::inet) returning id::text`,
    [userId, userAgent, ipOrNull(ip)],
  );
  const sessionId = session.rows[0]?.id ?? '';
  await context.db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())`,
    [sessionId, method],
  );
  await context.db.query(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1',
    [userId],
  );
  await context.db.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const refreshToken = await insertRefreshToken(context.db, userId, sessionId, null);
  return sessionResponse(context, userId, sessionId, refreshToken);
}

function ipOrNull(ip: string): string | null {
  const plain = ip.replace(/^::ffff:/, '');
  return /^[0-9a-f.:]+$/i.test(plain) ? plain : null;
}

interface RefreshRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  session_exists: boolean;
  within_reuse_interval: boolean;
}

/**
 * The refresh_token grant with rotation and reuse detection (GoTrue tokens/service.go):
 * a live token is revoked and replaced by a child; a revoked token that is the parent of the
 * session's active token returns that active token; a revoked token used again after the reuse
 * interval revokes the whole family (returned as an AuthError after that change is kept).
 */
export async function refreshSession(
  context: TokenContext,
  presented: string,
): Promise<SessionResponse | AuthError> {
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
  if (presented.length < 12 || (presented.length === 12 && !/^[a-z0-9]{12}$/.test(presented))) {
    throw errors.validation('Refresh token is not valid');
  }
  const found = await context.db.query<RefreshRow>(
    `select t.id::text, t.token, t.user_id, coalesce(t.revoked, false) as revoked, t.parent, t.session_id::text,
            exists (select 1 from auth.sessions s where s.id = t.session_id) as session_exists,
            t.updated_at + make_interval(secs => $2) > now() as within_reuse_interval
       from auth.refresh_tokens t where t.token = $1 for update`,
    [presented, REFRESH_REUSE_INTERVAL_SECONDS],
  );
  const token = found.rows[0];
  if (!token)
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  if (!token.session_id || !token.session_exists) {
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const user = await findUserById(context.db, token.user_id);
  if (!user)
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  if (user.is_banned) throw errors.userBanned('Invalid Refresh Token: User Banned');

  if (token.revoked) {
    const active = await context.db.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1`,
      [token.session_id],
    );
    const current = active.rows[0];
    if (current && current.parent === token.token) {
      return sessionResponse(context, user.id, token.session_id, current.token);
    }
    if (!token.within_reuse_interval) {
      await context.db.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not coalesce(revoked, false)',
        [token.session_id],
      );
      // Returned, not thrown, so the caller commits the family's revocation before answering.
      return new AuthError(
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      );
    }
  } else {
    await context.db.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [token.id],
    );
  }
  const child = await insertRefreshToken(context.db, user.id, token.session_id, token.token);
  await context.db.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
    [token.session_id],
  );
  return sessionResponse(context, user.id, token.session_id, child);
}

/**
 * After a verified TOTP code (GoTrue's updateMFASessionAndClaims): the session gains the `totp`
 * claim, aal2 and the factor; its refresh token is swapped for a child; the user's other sessions
 * still below aal2 are ended.
 */
export async function raiseSessionToAal2(
  context: TokenContext,
  userId: string,
  sessionId: string,
  factorId: string,
): Promise<SessionResponse> {
  await context.db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), 'totp', gen_random_uuid())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId],
  );
  const active = await context.db.query<{ id: string; token: string }>(
    `select id::text, token from auth.refresh_tokens
      where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1`,
    [sessionId],
  );
  const current = active.rows[0];
  if (current) {
    await context.db.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [current.id],
    );
  }
  const child = await insertRefreshToken(context.db, userId, sessionId, current?.token ?? null);
  await context.db.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [sessionId, factorId],
  );
  await context.db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [userId]);
  return sessionResponse(context, userId, sessionId, child);
}
