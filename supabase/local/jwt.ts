import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

/** The Supabase CLI's local JWT secret and the demo keys signed with it (cli pkg/config/apikeys.go). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The Supabase CLI's opaque local keys, which its gateway swaps for the JWTs above. */
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
      return new JwtKeys(secret, DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY);
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
