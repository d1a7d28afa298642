import { thrownMessage, type AuthResult } from '@/features/auth/auth-actions';
import { notifyAuthFailure, notifyTooManyAttempts } from '@/features/auth/notify-auth-result';
import type { RateLimiter } from '@/lib/rate-limiter';

type AuthAttempt = {
  limiter: RateLimiter;
  /** The toast title of a refusal ("Sign in failed", "Sign up failed"). */
  failedTitle: string;
  send: () => Promise<AuthResult>;
  onSuccess: () => void | Promise<void>;
};

/**
 * One sign-in or sign-up that passed the form's checks: refused at once past the browser's
 * attempt limit, otherwise counted and sent. Any outcome but success, a throw included (the
 * client failing to load, say), becomes a toast.
 */
export async function runAuthAttempt({
  limiter,
  failedTitle,
  send,
  onSuccess,
}: AuthAttempt): Promise<void> {
  const status = limiter.check();
  if (status.state !== 'allowed') {
    notifyTooManyAttempts(status.resetAt);
    return;
  }
  limiter.recordAttempt();
  try {
    const result = await send();
    if (result.kind === 'success') await onSuccess();
    else notifyAuthFailure(result, failedTitle);
  } catch (error) {
    notifyAuthFailure({ kind: 'error', message: thrownMessage(error) }, failedTitle);
  }
}
