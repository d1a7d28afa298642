import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA-1, 6 digits, 30 s, a 20-byte secret. */
const period = 30;
const digits = 6;

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The QR code of `uri` as SVG markup; auth-js turns it into a data URI. */
  qrCode: string;
}

/** The key URI as GoTrue prints it: issuer:account path, query parameters in sorted order. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const path = `${encodeURIComponent(issuer)}:${encodeURIComponent(account).replace(/%40/g, '@')}`;
  const query = new URLSearchParams([
    ['algorithm', 'SHA1'],
    ['digits', String(digits)],
    ['issuer', issuer],
    ['period', String(period)],
    ['secret', secret],
  ]);
  return `otpauth://totp/${path}?${query.toString()}`;
}

export function newTotpEnrolment(issuer: string, account: string): TotpEnrolment {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpUri(issuer, account, secret);
  return { secret, uri, qrCode: renderSVG(uri, { ecc: 'H' }) };
}

/** Whether `code` is the code of the previous, current or next 30 s step (GoTrue's skew of 1). */
export function validTotpCode(secret: string, code: string, timestamp = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits, period, algorithm: 'SHA1' });
  return totp.validate({ token: code, timestamp, window: 1 }) !== null;
}
