import { randomBytes } from 'node:crypto';

import bcrypt from 'bcryptjs';

import type { LocalRequest, LocalResponse } from '../http.ts';
import { json } from '../http.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, errors } from './auth-error.ts';
import { requireClaims } from './bearer-user.ts';
import { deleteFactor, factorJson, findOwnedFactor, listFactors, UUID_PATTERN } from './factors.ts';
import { readJsonBody } from './request-json.ts';
import { BCRYPT_COST } from './signup.ts';
import { findUserByEmail, findUserById, insertUser, listUsers, userJson } from './users.ts';
import { optionalObject, optionalString, validateEmail } from './validation.ts';

const adminRoles = new Set(['service_role', 'supabase_admin']);

/** GoTrue's requireAdminCredentials: the JWT's role must be an admin role. */
async function requireAdmin(request: LocalRequest, context: AuthContext): Promise<void> {
  const claims = await requireClaims(request, context.keys);
  if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) throw errors.notAdmin();
}

/** POST /admin/users (GoTrue admin.go adminUserCreate): no strength check, 200 with the user. */
async function createUser(request: LocalRequest, context: AuthContext): Promise<LocalResponse> {
  const body = readJsonBody(request);
  const rawEmail = optionalString(body.email).trim();
  if (rawEmail === '' && optionalString(body.phone) === '') {
    throw errors.validation('Cannot create a user without either an email or phone');
  }
  if (rawEmail === '')
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  const password = optionalString(body.password) || randomBytes(24).toString('base64url');
  if (password.length > 72) throw errors.validation('Password cannot be longer than 72 characters');
  const confirmed = body.email_confirm === true;
  const userMetadata = optionalObject(body.user_metadata);
  const appMetadata = {
    ...optionalObject(body.app_metadata),
    provider: 'email',
    providers: ['email'],
  };
  const id = optionalString(body.id) || undefined;
  if (
    id !== undefined &&
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  ) {
    throw errors.validation('Invalid user id');
  }
  const role = optionalString(body.role) || 'authenticated';
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);

  const user = await context.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    const userId = await insertUser(tx, {
      id,
      email,
      passwordHash,
      appMetadata,
      userMetadata: confirmed ? { ...userMetadata, email_verified: true } : userMetadata,
      confirmed,
      role,
    });
    return findUserById(tx, userId);
  });
  if (!user)
    throw new AuthError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  // GoTrue does not reload the model after create, so the generated confirmed_at is absent.
  return json(200, userJson(user, { omitConfirmedAt: true }));
}

export async function handleAdminUsers(
  request: LocalRequest,
  context: AuthContext,
  rest: string[],
): Promise<LocalResponse> {
  await requireAdmin(request, context);
  const [id, ...extra] = rest;
  if (id !== undefined && extra[0] === 'factors' && extra.length <= 2) {
    return handleAdminFactors(request, context, id, extra[1]);
  }
  if (extra.length > 0) throw errors.notFound();
  if (id === undefined) {
    if (request.method === 'POST') return createUser(request, context);
    if (request.method === 'GET') {
      const page = Math.max(1, Number(request.url.searchParams.get('page') ?? '1') || 1);
      const perPage = Math.min(
        1000,
        Math.max(1, Number(request.url.searchParams.get('per_page') ?? '50') || 50),
      );
      const { users, total } = await listUsers(context.db, perPage, (page - 1) * perPage);
      return json(
        200,
        { users: users.map((user) => userJson(user)), aud: 'authenticated' },
        { 'X-Total-Count': String(total) },
      );
    }
    throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  }
  const user = await findUserById(context.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  if (request.method === 'GET') return json(200, userJson(user));
  if (request.method === 'DELETE') {
    await context.db.query('delete from auth.users where id = $1', [id]);
    return json(200, userJson(user));
  }
  throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
}

/**
 * GET /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{factorId} (GoTrue
 * admin.go): how an operator resets a staff member's lost authenticator.
 */
async function handleAdminFactors(
  request: LocalRequest,
  context: AuthContext,
  userId: string,
  factorId: string | undefined,
): Promise<LocalResponse> {
  const user = await findUserById(context.db, userId);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  if (factorId === undefined) {
    if (request.method !== 'GET')
      throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
    const factors = await listFactors(context.db, user.id);
    return json(200, factors.map(factorJson));
  }
  if (!UUID_PATTERN.test(factorId))
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(context.db, user.id, factorId);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  if (request.method !== 'DELETE')
    throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  await context.db.transaction((tx) => deleteFactor(tx, factor));
  return json(200, factorJson(factor));
}
