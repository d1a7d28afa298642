import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './local-keys.ts';

export const DEFAULT_JWT_SECRET = LOCAL_JWT_SECRET;

/** The Supabase CLI's opaque local keys, which its gateway swaps for the local JWTs of local-keys.ts. */
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export type JwtClaims = JWTPayload & Record<string, unknown>;

export type VerifyResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

export class JwtKeys {
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  private readonly key: Uint8Array;

  private constructor(
    readonly secret: string,
    anonKey: string,
    serviceRoleKey: string,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.anonKey = anonKey;
    this.serviceRoleKey = serviceRoleKey;
  }

  /** The standard demo keys for the standard secret; freshly signed long-lived keys for any other. */
  static async create(secret: string = DEFAULT_JWT_SECRET): Promise<JwtKeys> {
    if (secret === DEFAULT_JWT_SECRET) {
      return new JwtKeys(secret, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY);
    }
    const exp = 1983812996;
    const key = new TextEncoder().encode(secret);
    const sign = (role: string) =>
      new SignJWT({ iss: 'supabase-demo', role, exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(key);
    return new JwtKeys(secret, await sign('anon'), await sign('service_role'));
  }

  /** Maps the opaque `sb_publishable_`/`sb_secret_` keys to the matching JWT; other tokens unchanged. */
  resolveOpaqueKey(token: string): string {
    if (token === DEFAULT_PUBLISHABLE_KEY) return this.anonKey;
    if (token === DEFAULT_SECRET_KEY) return this.serviceRoleKey;
    return token;
  }

  sign(claims: JwtClaims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /** HS256 only; `clockToleranceSeconds` is PostgREST's 30 s skew, GoTrue uses none. */
  async verify(token: string, clockToleranceSeconds = 0): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        clockTolerance: clockToleranceSeconds,
      });
      return { ok: true, claims: payload as JwtClaims };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        return { ok: false, reason: 'expired', message: 'token is expired' };
      }
      const message = error instanceof Error ? error.message : 'invalid token';
      return { ok: false, reason: 'invalid', message };
    }
  }
}

/** Reads `Authorization: Bearer <token>`, case-insensitively, like GoTrue and PostgREST. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A JWT's claims read without checking its signature (what the token says, not whether to trust
 * it), or null when it is not a readable JWT. For Node code: scripts and this backend.
 */
export function unverifiedClaims(token: string): JwtClaims | null {
  try {
    return decodeJwt(token) as JwtClaims;
  } catch {
    return null;
  }
}
