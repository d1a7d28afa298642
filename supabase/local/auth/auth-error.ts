import { header, json } from '../http.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';

export const API_VERSION = '2024-01-01';

/** A GoTrue error: HTTP status, error_code and message, as GoTrue's `HTTPError` serialises them. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's OAuth-style errors (e.g. `refresh_token required`), always 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

function wantsDatedFormat(request: LocalRequest): boolean {
  const version = header(request, 'x-supabase-api-version');
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION;
}

/** The 2024-01-01 body when the client asks for it (auth-js always does), else the legacy one. */
export function authErrorResponse(
  request: LocalRequest,
  error: AuthError | OAuthError,
): LocalResponse {
  if (error instanceof OAuthError) {
    return json(400, { error: error.error, error_description: error.description });
  }
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if (wantsDatedFormat(request)) {
    headers['X-Supabase-Api-Version'] = API_VERSION;
    return json(
      error.status,
      { code: error.code, message: error.message, ...error.extra },
      headers,
    );
  }
  return json(
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    headers,
  );
}

export const errors = {
  badJson: (reason: string) =>
    new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${reason}`),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: (message = 'User is banned') => new AuthError(400, 'user_banned', message),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => new AuthError(403, 'bad_jwt', message),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () =>
    new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
};
