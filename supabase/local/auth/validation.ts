import { AuthError, errors } from './auth-error.ts';

const MAX_PASSWORD_LENGTH = 72;
// The shape badoux/checkmail accepts: local part, @, dotted domain without spaces.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string {
  if (email.length > 255) throw errors.validation('An email address is too long');
  if (!emailPattern.test(email))
    throw errors.validation('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * GoTrue's checkPasswordStrength with no character requirements (`password_requirements = ""`):
 * length only, against `[auth] minimum_password_length`.
 */
export function weakPasswordReasons(
  password: string,
  minimumLength: number,
): { message: string; reasons: string[] } | null {
  if (password.length < minimumLength) {
    return {
      message: `Password should be at least ${minimumLength} characters.`,
      reasons: ['length'],
    };
  }
  return null;
}

export function checkPasswordStrength(password: string, minimumLength: number): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const weak = weakPasswordReasons(password, minimumLength);
  if (weak)
    throw new AuthError(422, 'weak_password', weak.message, {
      weak_password: { reasons: weak.reasons },
    });
}

export function optionalString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function optionalObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
