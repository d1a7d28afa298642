import { notify } from '@/components/ui/toast/notify';
import type { AuthResult } from '@/features/auth/auth-actions';
import { authMessages } from '@/features/auth/auth-messages';
import { formatResetTime } from '@/lib/rate-limiter';

/** The toast for a non-success outcome of either form (already registered, refused, unexpected). */
export function notifyAuthFailure(
  result: Exclude<AuthResult, { kind: 'success' }>,
  failedTitle: string,
): void {
  if (result.kind === 'already_registered') {
    notify({
      title: failedTitle,
      description: authMessages.alreadyRegistered,
      variant: 'destructive',
    });
  } else if (result.kind === 'failed') {
    notify({ title: failedTitle, description: result.message, variant: 'destructive' });
  } else {
    notify({ title: authMessages.errorTitle, description: result.message, variant: 'destructive' });
  }
}

export function notifyTooManyAttempts(resetAt: number): void {
  notify({
    title: authMessages.tooManyAttemptsTitle,
    description: authMessages.tryAgainAfter(formatResetTime(resetAt)),
    variant: 'destructive',
  });
}
