import * as z from 'zod/mini';

import { limits } from '@/config/site';
import { authMessages } from '@/features/auth/auth-messages';
import { isEmailAddress } from '@/lib/email-pattern';

/**
 * The rules of the /auth forms. Each form shows one message at a time, the first rule that
 * fails, on the field to fix: so every rule is a check of the whole form that stops the ones
 * after it (`abort`), and a schema reports at most one issue.
 */
function rule<Values>(
  field: keyof Values & string,
  passes: (values: Values) => boolean,
  message: string,
) {
  return z.refine<Values>(passes, { message, path: [field], abort: true });
}

function filled<Values extends Record<string, string>>(
  field: keyof Values & string,
  message: string,
) {
  return rule<Values>(field, (values) => values[field] !== '', message);
}

/** Name and e-mail lose outer spaces; a password is kept exactly as typed. */
const trimmed = z.string().check(z.trim());

export type SignUpValues = { fullName: string; email: string; password: string };

/** In this order: every field filled, then the password's length, then the e-mail's shape. */
export const signUpSchema = z
  .object({ fullName: trimmed, email: trimmed, password: z.string() })
  .check(
    filled<SignUpValues>('fullName', authMessages.fillAllFields),
    filled<SignUpValues>('email', authMessages.fillAllFields),
    filled<SignUpValues>('password', authMessages.fillAllFields),
    rule<SignUpValues>(
      'password',
      ({ password }) => password.length >= limits.minPasswordLength,
      authMessages.passwordTooShort,
    ),
    rule<SignUpValues>('email', ({ email }) => isEmailAddress(email), authMessages.invalidEmail),
  );

export type SignInValues = { email: string; password: string };

/** Both fields filled; the server judges the rest. */
export const signInSchema = z
  .object({ email: trimmed, password: z.string() })
  .check(
    filled<SignInValues>('email', authMessages.enterEmailAndPassword),
    filled<SignInValues>('password', authMessages.enterEmailAndPassword),
  );

export type MfaCodeValues = { code: string };

/** A TOTP code as authenticator apps show it: six digits (spaces typed in are dropped). */
export const mfaCodeSchema = z.object({
  code: z.string().check(
    z.overwrite((code) => code.replace(/\s+/g, '')),
    z.minLength(1, { message: authMessages.enterCode, abort: true }),
    z.regex(/^\d{6}$/, authMessages.codeFormat),
  ),
});
