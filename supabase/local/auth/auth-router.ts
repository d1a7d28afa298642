import { asPostgresError } from '../db/database.ts';
import { json } from '../http.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import { handleAdminUsers } from './admin-users.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, OAuthError, authErrorResponse, errors } from './auth-error.ts';
import type { AuthLimits } from './auth-limits.ts';
import { requireUser } from './bearer-user.ts';
import { createMfaHandler } from './mfa.ts';
import { signUp } from './signup.ts';
import { tokenGrant } from './token.ts';
import { userJson } from './users.ts';
import { verifyLink, verifyOtp } from './verify.ts';

/** `/auth/v1/*`: the GoTrue endpoints supabase-js uses, behind `limits`. */
export function createAuthHandler(authContext: AuthContext, limits: AuthLimits) {
  const context: AuthContext = { ...authContext, allowEmail: limits.allowEmail };
  const handleFactors = createMfaHandler(context, limits);

  async function route(request: LocalRequest): Promise<LocalResponse> {
    const { method, path } = request;
    if (!limits.allowRoute(method, path, request.url, request.ip)) throw errors.rateLimited();
    if (path === '/health' && method === 'GET') {
      return json(200, {
        version: 'v2.189.0',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    }
    if (path === '/settings' && method === 'GET') {
      return json(200, {
        external: {
          anonymous_users: false,
          apple: false,
          azure: false,
          bitbucket: false,
          discord: false,
          email: true,
          facebook: false,
          figma: false,
          github: false,
          gitlab: false,
          google: false,
          keycloak: false,
          kakao: false,
          linkedin: false,
          linkedin_oidc: false,
          notion: false,
          phone: false,
          saml: false,
          slack: false,
          slack_oidc: false,
          spotify: false,
          twitch: false,
          twitter: false,
          workos: false,
          zoom: false,
        },
        disable_signup: false,
        mailer_autoconfirm: context.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }
    if (path === '/signup' && method === 'POST') return json(200, await signUp(request, context));
    if (path === '/token' && method === 'POST')
      return json(200, await tokenGrant(request, context));
    if (path === '/verify' && method === 'GET') return verifyLink(request, context);
    if (path === '/verify' && method === 'POST')
      return json(200, await verifyOtp(request, context));
    if (path === '/user' && method === 'GET') {
      const { user } = await requireUser(request, context.keys, context.db);
      return json(200, userJson(user));
    }
    if (path === '/logout' && method === 'POST') return logout(request, context);
    const segments = path.split('/').filter(Boolean);
    if (segments[0] === 'factors') return handleFactors(request, segments.slice(1));
    if (segments[0] === 'admin' && segments[1] === 'users')
      return handleAdminUsers(request, context, segments.slice(2));
    throw errors.notFound();
  }

  return async function handleAuth(request: LocalRequest): Promise<LocalResponse> {
    try {
      return await route(request);
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError)
        return authErrorResponse(request, error);
      const pg = asPostgresError(error);
      const detail = pg
        ? `${pg.code} ${pg.message}`
        : error instanceof Error
          ? error.message
          : String(error);
      console.error(
        `[local auth] unexpected failure on ${request.method} ${request.path}: ${detail}`,
      );
      return authErrorResponse(
        request,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  };
}

/** POST /logout?scope=global|local|others (GoTrue logout.go): 204. */
async function logout(request: LocalRequest, context: AuthContext): Promise<LocalResponse> {
  const scope = request.url.searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope))
    throw errors.validation(`Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await requireUser(request, context.keys, context.db);
  if (scope === 'local') {
    if (sessionId) await context.db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await context.db.query(
      'delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid',
      [user.id, sessionId],
    );
  } else {
    await context.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  }
  return { status: 204, body: null };
}
