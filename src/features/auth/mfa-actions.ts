import { authMessages } from '@/features/auth/auth-messages';
import { logAuditEvent } from '@/lib/audit-log';
import type { AppSupabaseClient } from '@/lib/supabase';

/** The name the staff area gives the one authenticator app each account enrols. */
export const TOTP_FRIENDLY_NAME = 'Authenticator app';
const TOTP_ISSUER = 'Kestrel Data';

export type CodeResult = { kind: 'verified' } | { kind: 'refused'; message: string };

export type EnrolmentResult =
  | { kind: 'ready'; factorId: string; qrCode: string; secret: string; uri: string }
  | { kind: 'error'; message: string };

function thrownMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : authMessages.unexpected;
}

/**
 * GoTrue's refusal of a code in words a person can act on, by its error code (its own message,
 * "Invalid TOTP code entered" and the like, goes to the audit log only).
 */
export function refusalMessage(error: { code?: string; status?: number }): string {
  if (error.status === 429 || error.code === 'over_request_rate_limit') {
    return authMessages.tooManyCodes;
  }
  switch (error.code) {
    case 'mfa_verification_failed':
      return authMessages.wrongCode;
    case 'mfa_challenge_expired':
      return authMessages.codeExpired;
    case 'mfa_ip_address_mismatch':
      return authMessages.codeCheckInterrupted;
    case 'mfa_factor_not_found':
      return authMessages.factorGone;
    default:
      return authMessages.codeCheckFailed;
  }
}

/**
 * Checks a code for the factor through a new challenge; on success supabase-js stores the new
 * aal2 session and tells the AuthProvider. Every outcome goes to the audit log.
 */
export async function verifyTotpCode(
  client: AppSupabaseClient,
  factorId: string,
  code: string,
  step: 'sign-in' | 'enrolment',
): Promise<CodeResult> {
  try {
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
    if (error) {
      await logAuditEvent(client, {
        action: 'auth_mfa_failed',
        resource: 'mfa_factor',
        resourceId: factorId,
        details: { step, error_code: error.code ?? null, error: error.message },
      });
      return { kind: 'refused', message: refusalMessage(error) };
    }
    await logAuditEvent(client, {
      action: step === 'enrolment' ? 'auth_mfa_enrolled' : 'auth_mfa_verified',
      resource: 'mfa_factor',
      resourceId: factorId,
      details: { factor_type: 'totp' },
    });
    return { kind: 'verified' };
  } catch (error) {
    await logAuditEvent(client, {
      action: 'auth_mfa_failed',
      resource: 'mfa_factor',
      resourceId: factorId,
      details: { step, error: thrownMessage(error) },
    });
    return { kind: 'refused', message: authMessages.codeCheckFailed };
  }
}

/**
 * Starts enrolling an authenticator app. A factor left unverified by an earlier, abandoned
 * attempt is removed first (an aal1 session may do that), so the name is free again.
 */
export async function startTotpEnrolment(client: AppSupabaseClient): Promise<EnrolmentResult> {
  try {
    const listed = await client.auth.mfa.listFactors();
    if (listed.error) return { kind: 'error', message: listed.error.message };
    for (const factor of listed.data.all) {
      if (factor.factor_type === 'totp' && factor.status === 'unverified') {
        const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
        if (removed.error) return { kind: 'error', message: removed.error.message };
      }
    }
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: TOTP_FRIENDLY_NAME,
      issuer: TOTP_ISSUER,
    });
    if (error) return { kind: 'error', message: error.message };
    return {
      kind: 'ready',
      factorId: data.id,
      qrCode: data.totp.qr_code,
      secret: data.totp.secret,
      uri: data.totp.uri,
    };
  } catch (error) {
    return { kind: 'error', message: thrownMessage(error) };
  }
}
