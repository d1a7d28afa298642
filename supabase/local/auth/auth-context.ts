import type { Database } from '../db/database.ts';
import type { JwtKeys } from '../jwt.ts';

export interface AuthContext {
  db: Database;
  keys: JwtKeys;
  /** `http://127.0.0.1:<port>/auth/v1`: the JWT issuer and the base of e-mail links. */
  externalUrl: string;
  siteUrl: string;
  autoconfirm: boolean;
  /** `[auth] minimum_password_length` of supabase/config.toml. */
  minimumPasswordLength: number;
  /** `[auth.email] otp_expiry` of supabase/config.toml: how long a confirmation link works. */
  otpExpirySeconds: number;
  /** The project-wide auth e-mail limit: false when one more mail would exceed it. */
  allowEmail?: () => boolean;
}
