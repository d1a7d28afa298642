import * as z from 'zod/mini';

import { authMessages } from '@/features/auth/auth-messages';

/** A TOTP code as authenticator apps show it: exactly six digits (spaces typed in are dropped). */
export const totpCodeSchema = z.string().check(
  z.refine((value) => value.length > 0, { message: authMessages.enterCode }),
  z.refine((value) => value.length === 0 || /^\d{6}$/.test(value), {
    message: authMessages.codeFormat,
  }),
);

export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** The form's message for a code that cannot be right, or null when it may be sent. */
export function validateCode(raw: string): string | null {
  const result = totpCodeSchema.safeParse(normaliseCode(raw));
  return result.success ? null : (result.error.issues[0]?.message ?? authMessages.codeFormat);
}
