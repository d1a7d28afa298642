import { limits } from '@/config/site';
import { authMessages } from '@/features/auth/auth-messages';
import { isEmailAddress } from '@/lib/email-pattern';

export type SignInInput = { email: string; password: string };
export type SignUpInput = { fullName: string; email: string; password: string };

export type AuthField = 'fullName' | 'email' | 'password';
/** A form-level message and the field to focus and mark invalid. */
export type AuthValidationError = { message: string; field: AuthField };

/** A quick shape check; the server checks properly. */
export function isValidEmail(email: string): boolean {
  return isEmailAddress(email);
}

/** Trimmed name and e-mail; the password is kept exactly as typed. */
export function normaliseSignUp(input: SignUpInput): SignUpInput {
  return { fullName: input.fullName.trim(), email: input.email.trim(), password: input.password };
}

export function normaliseSignIn(input: SignInInput): SignInInput {
  return { email: input.email.trim(), password: input.password };
}

/** Sign-up checks, first failure wins: all fields, password length, e-mail format. */
export function validateSignUp(input: SignUpInput): AuthValidationError | null {
  const { fullName, email, password } = normaliseSignUp(input);
  const missing: AuthField | undefined = !fullName
    ? 'fullName'
    : !email
      ? 'email'
      : !password
        ? 'password'
        : undefined;
  if (missing) return { message: authMessages.fillAllFields, field: missing };
  if (password.length < limits.minPasswordLength) {
    return { message: authMessages.passwordTooShort, field: 'password' };
  }
  if (!isValidEmail(email)) return { message: authMessages.invalidEmail, field: 'email' };
  return null;
}

export function validateSignIn(input: SignInInput): AuthValidationError | null {
  const { email, password } = normaliseSignIn(input);
  if (!email) return { message: authMessages.enterEmailAndPassword, field: 'email' };
  if (!password) return { message: authMessages.enterEmailAndPassword, field: 'password' };
  return null;
}
