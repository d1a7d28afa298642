import { randomUUID } from 'node:crypto';

import bcrypt from 'bcryptjs';

import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, errors } from './auth-error.ts';
import { sendConfirmation } from './confirmation-mail.ts';
import { allowedRedirect } from './redirect.ts';
import { readJsonBody } from './request-json.ts';
import { issueSession } from './sessions.ts';
import { findUserById, findUserByEmail, insertUser, userJson } from './users.ts';
import {
  checkPasswordStrength,
  optionalObject,
  optionalString,
  validateEmail,
} from './validation.ts';

/** GOTRUE_SMTP_MAX_FREQUENCY as the CLI sets it. */
const RESEND_INTERVAL_SECONDS = 1;
export const BCRYPT_COST = 10;

/** POST /signup (GoTrue signup.go), with e-mail confirmation on unless autoconfirm. */
export async function signUp(
  request: LocalRequest,
  context: AuthContext,
): Promise<Record<string, unknown>> {
  const body = readJsonBody(request);
  const password = optionalString(body.password);
  const rawEmail = optionalString(body.email).trim();
  const data = optionalObject(body.data);
  if (optionalString(body.phone) !== '')
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (password === '') throw errors.validation('Signup requires a valid password');
  if (rawEmail === '') throw errors.validation('Sign up only available with email provider');
  const email = validateEmail(rawEmail);
  checkPasswordStrength(password, context.minimumPasswordLength);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), context.siteUrl);
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);

  return context.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (context.autoconfirm)
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      return obfuscatedUser(email, data);
    }

    let userId: string;
    if (existing) {
      const wait = await tx.query<{ wait: number }>(
        `select ceil(extract(epoch from (confirmation_sent_at + make_interval(secs => $2) - now())))::int as wait
           from auth.users where id = $1 and confirmation_sent_at + make_interval(secs => $2) > now()`,
        [existing.id, RESEND_INTERVAL_SECONDS],
      );
      const seconds = wait.rows[0]?.wait;
      if (seconds !== undefined) {
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${Math.max(1, seconds)} seconds.`,
        );
      }
      userId = existing.id;
      const metadata = { ...(existing.raw_user_meta_data ?? {}), ...data };
      await tx.query(
        'update auth.users set encrypted_password = $1, raw_user_meta_data = $2::jsonb, updated_at = now() where id = $3',
        [passwordHash, JSON.stringify(metadata), userId],
      );
    } else {
      userId = await insertUser(tx, {
        email,
        passwordHash,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: {},
        confirmed: context.autoconfirm,
      });
      // GoTrue replaces user_metadata with the identity's data (sub, email, *_verified, data's keys).
      await tx.query(
        `update auth.users u set raw_user_meta_data = i.identity_data || $2::jsonb
           from auth.identities i where i.user_id = u.id and u.id = $1`,
        [userId, JSON.stringify(data)],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || $2::jsonb where user_id = $1`,
        [userId, JSON.stringify(data)],
      );
    }

    if (context.autoconfirm) {
      return issueSession(
        { db: tx, keys: context.keys, issuer: context.externalUrl },
        userId,
        'password',
        header(request, 'user-agent') ?? null,
        request.ip,
      );
    }
    if (context.allowEmail && !context.allowEmail())
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    await sendConfirmation(
      tx,
      { id: userId, email },
      { externalUrl: context.externalUrl, redirectTo },
    );
    const user = await findUserById(tx, userId);
    if (!user)
      throw new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      );
    return userJson(user);
  });
}

/** What GoTrue answers for an already confirmed address, so sign-up does not reveal accounts. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
