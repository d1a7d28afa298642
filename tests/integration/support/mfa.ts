import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import type { LocalSupabase } from '../../../supabase/local/server.ts';
import { signedInClient } from './backend.ts';

/** The 6-digit code of a base32 TOTP secret (SHA-1, 30 s) at `timestamp` (ms). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });
}

export interface EnrolledTotp {
  factorId: string;
  secret: string;
  uri: string;
}

/** Enrols a TOTP factor for the signed-in client and verifies it, leaving the client at aal2. */
export async function enrollVerifiedTotp(
  client: SupabaseClient,
  friendlyName = 'Authenticator app',
): Promise<EnrolledTotp> {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw new Error(`mfa.enroll failed: ${enrolled.error.message}`);
  const { id, totp } = enrolled.data;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: id,
    code: totpCode(totp.secret),
  });
  if (verified.error) throw new Error(`mfa.challengeAndVerify failed: ${verified.error.message}`);
  return { factorId: id, secret: totp.secret, uri: totp.uri };
}

/**
 * Signs in with e-mail and password, then answers a TOTP challenge for the user's verified
 * factor: the returned client holds an aal2 session.
 */
export async function signInWithTotp(
  backend: Pick<LocalSupabase, 'url' | 'anonKey'>,
  email: string,
  password: string,
  secret: string,
): Promise<SupabaseClient> {
  const client = await signedInClient(backend, email, password);
  const factors = await client.auth.mfa.listFactors();
  if (factors.error) throw new Error(`mfa.listFactors failed: ${factors.error.message}`);
  const factor = factors.data.totp[0];
  if (!factor) throw new Error(`${email} has no verified TOTP factor`);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(secret),
  });
  if (verified.error) throw new Error(`mfa.challengeAndVerify failed: ${verified.error.message}`);
  return client;
}
