import { json } from '../http.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, errors } from './auth-error.ts';
import type { AuthLimits } from './auth-limits.ts';
import { requireUser } from './bearer-user.ts';
import { deleteFactor, findOwnedFactor, listFactors, UUID_PATTERN } from './factors.ts';
import type { FactorRow } from './factors.ts';
import { readJsonBody } from './request-json.ts';
import { raiseSessionToAal2 } from './sessions.ts';
import { newTotpEnrolment, validTotpCode } from './totp.ts';
import type { UserRow } from './users.ts';
import { optionalString } from './validation.ts';

/** GoTrue's MFA defaults (GOTRUE_MFA_*). */
export const MFA_CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;

const nilUuid = '00000000-0000-0000-0000-000000000000';

interface Caller {
  user: UserRow;
  sessionId: string;
  sessionAal: string | null;
}

async function requireSession(request: LocalRequest, context: AuthContext): Promise<Caller> {
  const { user, sessionId } = await requireUser(request, context.keys, context.db);
  if (!sessionId) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  const session = await context.db.query<{ aal: string | null }>(
    'select aal::text from auth.sessions where id = $1',
    [sessionId],
  );
  return { user, sessionId, sessionAal: session.rows[0]?.aal ?? null };
}

/** The client address as GoTrue records it on a challenge (IPv4-mapped IPv6 unwrapped). */
function clientIp(request: LocalRequest): string {
  const plain = request.ip.replace(/^::ffff:/, '');
  return /^[0-9a-f.:]+$/i.test(plain) ? plain : '0.0.0.0';
}

function issuerFromSiteUrl(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    throw new AuthError(500, 'unexpected_failure', 'site url is improperly formatted');
  }
}

/** POST /factors (GoTrue mfa.go EnrollFactor): TOTP only; phone and WebAuthn are disabled. */
async function enroll(request: LocalRequest, context: AuthContext): Promise<LocalResponse> {
  const caller = await requireSession(request, context);
  const body = readJsonBody(request);
  const factorType = optionalString(body.factor_type);
  if (factorType === 'phone')
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn')
    throw new AuthError(
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    );
  if (factorType !== 'totp')
    throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  const friendlyName = optionalString(body.friendly_name);
  const issuer = optionalString(body.issuer) || issuerFromSiteUrl(context.siteUrl);

  return context.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors f
        where f.user_id = $1 and f.status <> 'verified'
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
          and f.created_at + make_interval(secs => $2) < now()`,
      [caller.user.id, UNVERIFIED_FACTOR_EXPIRY_SECONDS],
    );
    const factors = await listFactors(tx, caller.user.id);
    if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = factors.filter((factor) => factor.status === 'verified').length;
    if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && caller.sessionAal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const enrolment = newTotpEnrolment(issuer, caller.user.email ?? '');
    const created = await tx.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, $2, 'totp', 'unverified', now(), now(), $3) returning id::text`,
      [caller.user.id, friendlyName, enrolment.secret],
    );
    return json(200, {
      id: created.rows[0]?.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: enrolment.qrCode, secret: enrolment.secret, uri: enrolment.uri },
    });
  });
}

/** GoTrue's loadFactor: the factor must belong to the caller. */
async function loadFactor(
  context: AuthContext,
  caller: Caller,
  factorId: string,
): Promise<FactorRow> {
  if (!UUID_PATTERN.test(factorId))
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(context.db, caller.user.id, factorId);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** POST /factors/{id}/challenge: a challenge bound to the caller's IP address, valid 300 s. */
async function challenge(
  request: LocalRequest,
  context: AuthContext,
  factor: FactorRow,
): Promise<LocalResponse> {
  readJsonBody(request);
  if (factor.factor_type !== 'totp')
    throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  const created = await context.db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string; expires_at: string }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values (gen_random_uuid(), $1, now(), $2::inet)
       returning id::text, extract(epoch from created_at + make_interval(secs => $3))::bigint::text as expires_at`,
      [factor.id, clientIp(request), MFA_CHALLENGE_EXPIRY_SECONDS],
    );
    await tx.query(
      'update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1',
      [factor.id],
    );
    return inserted.rows[0];
  });
  return json(200, {
    id: created?.id,
    type: factor.factor_type,
    expires_at: Number(created?.expires_at),
  });
}

interface ChallengeRow {
  id: string;
  ip: string;
  verified: boolean;
  expired: boolean;
}

/** POST /factors/{id}/verify: a code for a live challenge gives a new aal2 session. */
async function verify(
  request: LocalRequest,
  context: AuthContext,
  caller: Caller,
  factor: FactorRow,
): Promise<LocalResponse> {
  const body = readJsonBody(request);
  const rawChallengeId = body.challenge_id === undefined ? nilUuid : body.challenge_id;
  if (typeof rawChallengeId !== 'string' || !UUID_PATTERN.test(rawChallengeId)) {
    const text = typeof rawChallengeId === 'string' ? rawChallengeId : String(rawChallengeId);
    throw errors.badJson(`uuid: incorrect UUID length ${text.length} in string "${text}"`);
  }
  const code = optionalString(body.code);
  if (code === '') throw errors.validation('Code needs to be non-empty');

  const found = await context.db.query<ChallengeRow>(
    `select id::text, host(ip_address) as ip, verified_at is not null as verified,
            created_at + make_interval(secs => $3) < now() as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [rawChallengeId, factor.id, MFA_CHALLENGE_EXPIRY_SECONDS],
  );
  const current = found.rows[0];
  if (!current) {
    throw new AuthError(
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  if (current.verified || current.ip !== clientIp(request)) {
    throw new AuthError(
      422,
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
  }
  if (current.expired) {
    await context.db.query('delete from auth.mfa_challenges where id = $1', [current.id]);
    throw new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${current.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (!validTotpCode(factor.secret ?? '', code)) {
    throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  }

  const session = await context.db.transaction(async (tx) => {
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [
      current.id,
    ]);
    if (factor.status !== 'verified') {
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
        [factor.id],
      );
    }
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
      [caller.user.id],
    );
    return raiseSessionToAal2(
      { db: tx, keys: context.keys, issuer: context.externalUrl },
      caller.user.id,
      caller.sessionId,
      factor.id,
    );
  });
  return json(200, session);
}

/** DELETE /factors/{id}: a verified factor may only be removed from an aal2 session. */
async function unenroll(
  context: AuthContext,
  caller: Caller,
  factor: FactorRow,
): Promise<LocalResponse> {
  if (factor.status === 'verified' && caller.sessionAal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await context.db.transaction((tx) => deleteFactor(tx, factor));
  return json(200, { id: factor.id });
}

/** `/factors` and `/factors/{id}/…` (GoTrue's MFA routes, all behind a user's Bearer JWT). */
export function createMfaHandler(context: AuthContext, limits: AuthLimits) {
  return async function handleFactors(
    request: LocalRequest,
    rest: string[],
  ): Promise<LocalResponse> {
    const [factorId, action, ...extra] = rest;
    if (extra.length > 0) throw errors.notFound();
    if (factorId === undefined) {
      if (request.method === 'POST') return enroll(request, context);
      throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
    }
    const caller = await requireSession(request, context);
    const factor = await loadFactor(context, caller, factorId);
    if (action === undefined) {
      if (request.method === 'DELETE') return unenroll(context, caller, factor);
      throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
    }
    if ((action === 'challenge' || action === 'verify') && request.method === 'POST') {
      if (!limits.allowMfa(action, request.ip, factor.id)) throw errors.rateLimited();
      return action === 'challenge'
        ? challenge(request, context, factor)
        : verify(request, context, caller, factor);
    }
    throw errors.notFound();
  };
}
