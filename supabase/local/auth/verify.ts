import { header } from '../http.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, errors } from './auth-error.ts';
import { tokenHash } from './confirmation-mail.ts';
import { allowedRedirect, withFragment } from './redirect.ts';
import { readJsonBody } from './request-json.ts';
import { issueSession } from './sessions.ts';
import type { SessionResponse } from './sessions.ts';
import { optionalString } from './validation.ts';

const supportedTypes = new Set(['signup', 'email']);

function checkParams(type: string, token: string): void {
  if (type === '') throw errors.validation('Verify requires a verification type');
  if (token === '') throw errors.validation('Verify requires a token or a token hash');
  if (!supportedTypes.has(type)) throw errors.validation('Unsupported verification type');
}

/** Confirms the user holding `hash` and signs them in (amr `otp`); null when the link is bad. */
async function confirmByHash(
  request: LocalRequest,
  context: AuthContext,
  hash: string,
): Promise<SessionResponse | null> {
  return context.db.transaction(async (tx) => {
    const found = await tx.query<{ id: string }>(
      `select id::text from auth.users
        where confirmation_token = $1 and confirmation_token <> ''
          and confirmation_sent_at + make_interval(secs => $2) > now() for update`,
      [hash, context.otpExpirySeconds],
    );
    const userId = found.rows[0]?.id;
    if (!userId) return null;
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
              updated_at = now()
        where id = $1`,
      [userId],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId],
    );
    return issueSession(
      { db: tx, keys: context.keys, issuer: context.externalUrl },
      userId,
      'otp',
      header(request, 'user-agent') ?? null,
      request.ip,
    );
  });
}

/** GET /verify: the e-mail link. Always a 303 to the redirect, with the session or the error in the fragment. */
export async function verifyLink(
  request: LocalRequest,
  context: AuthContext,
): Promise<LocalResponse> {
  const params = request.url.searchParams;
  const type = params.get('type') ?? '';
  const token = params.get('token') ?? '';
  checkParams(type, token);
  const redirectTo = allowedRedirect(params.get('redirect_to'), context.siteUrl);
  const session = await confirmByHash(request, context, token);
  const location = session
    ? withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      })
    : withFragment(redirectTo, {
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
        sb: '',
      });
  return { status: 303, headers: { Location: location }, body: null };
}

/** POST /verify with `{type, token_hash}` or `{type, email, token}`: the session as JSON. */
export async function verifyOtp(
  request: LocalRequest,
  context: AuthContext,
): Promise<SessionResponse> {
  const body = readJsonBody(request);
  const type = optionalString(body.type);
  const tokenHashParam = optionalString(body.token_hash);
  const otp = optionalString(body.token);
  const email = optionalString(body.email).trim().toLowerCase();
  checkParams(type, tokenHashParam || otp);
  const hash = tokenHashParam || tokenHash(email, otp);
  const session = await confirmByHash(request, context, hash);
  if (!session) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  return session;
}
