import bcrypt from 'bcryptjs';

import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, errors } from './auth-error.ts';
import { readJsonBody } from './request-json.ts';
import { issueSession, refreshSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';
import { optionalString, weakPasswordReasons } from './validation.ts';

// Compared against when the e-mail is unknown, so both failures take the same time.
const decoyHash = bcrypt.hashSync('decoy-password-for-timing', 10);

/** POST /token?grant_type=password|refresh_token (GoTrue token.go, token_refresh.go). */
export async function tokenGrant(
  request: LocalRequest,
  context: AuthContext,
): Promise<Record<string, unknown>> {
  const grantType = request.url.searchParams.get('grant_type') ?? '';
  const body = readJsonBody(request);
  const tokens = { keys: context.keys, issuer: context.externalUrl };
  if (grantType === 'refresh_token') {
    const result = await context.db.transaction((tx) =>
      refreshSession({ ...tokens, db: tx }, optionalString(body.refresh_token)),
    );
    if (result instanceof AuthError) throw result;
    return result;
  }
  if (grantType !== 'password')
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');

  const email = optionalString(body.email).trim();
  const phone = optionalString(body.phone).trim();
  const password = optionalString(body.password);
  if (email === '' && phone === '') throw errors.validation('missing email or phone');
  if (email !== '' && phone !== '')
    throw errors.validation('Only an email address or phone number should be provided on login.');
  if (phone !== '') throw errors.invalidCredentials();

  const user = await findUserByEmail(context.db, email);
  const matches = await bcrypt.compare(password, user?.encrypted_password || decoyHash);
  if (!user || !user.encrypted_password || !matches) throw errors.invalidCredentials();
  if (user.is_banned) throw errors.userBanned();
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed();

  const session = await context.db.transaction((tx) =>
    issueSession(
      { ...tokens, db: tx },
      user.id,
      'password',
      header(request, 'user-agent') ?? null,
      request.ip,
    ),
  );
  const weak = weakPasswordReasons(password, context.minimumPasswordLength);
  return weak ? { ...session, weak_password: weak } : session;
}
