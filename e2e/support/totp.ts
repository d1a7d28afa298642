import { Secret, TOTP } from 'otpauth';

/** The current 6-digit code of a base32 TOTP secret (SHA-1, 30 s steps), as an authenticator app shows it. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/** A 6-digit code that is not valid for the secret now (nor in the steps either side). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set(
    [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)),
  );
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
