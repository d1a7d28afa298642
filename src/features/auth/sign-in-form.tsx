import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { signInWithEmail } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/auth-context';
import { AuthField, AuthFormError } from '@/features/auth/auth-field';
import { authMessages } from '@/features/auth/auth-messages';
import { signInLimiter } from '@/features/auth/auth-rate-limits';
import {
  normaliseSignIn,
  validateSignIn,
  type AuthValidationError,
} from '@/features/auth/auth-validation';
import { fetchUserRole } from '@/features/auth/fetch-user-role';
import { notifyAuthFailure, notifyTooManyAttempts } from '@/features/auth/notify-auth-result';
import { safeNextPath } from '@/features/auth/safe-next-path';
import type { AppSupabaseClient } from '@/lib/supabase';

const ERROR_ID = 'sign-in-error';

async function isAdmin(client: AppSupabaseClient): Promise<boolean> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  return userId ? (await fetchUserRole(client, userId)) === 'admin' : false;
}

export function SignInForm() {
  const { getClient } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<AuthValidationError | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateSignIn({ email, password });
    setInvalid(problem);
    if (problem) {
      document
        .getElementById(problem.field === 'password' ? 'sign-in-password' : 'sign-in-email')
        ?.focus();
      return;
    }
    const limiter = signInLimiter();
    const status = limiter.check();
    if (status.state !== 'allowed') {
      notifyTooManyAttempts(status.resetAt);
      return;
    }
    limiter.recordAttempt();
    setBusy(true);
    try {
      const result = await signInWithEmail(await getClient(), normaliseSignIn({ email, password }));
      if (result.kind === 'success') {
        limiter.reset();
        notify({
          title: authMessages.welcomeTitle,
          description: authMessages.welcomeDescription,
          variant: 'success',
        });
        // An admin stays here for the second step (AuthScreen shows it and then goes on to
        // `next`); anyone else goes to the page asked for, where the role check answers.
        if (!(await isAdmin(await getClient()))) {
          void navigate(safeNextPath(searchParams.get('next')), { replace: true });
        }
        return;
      }
      notifyAuthFailure(result, authMessages.signInFailedTitle);
    } catch (error) {
      notifyAuthFailure(
        {
          kind: 'error',
          message: error instanceof Error ? error.message : authMessages.unexpected,
        },
        authMessages.signInFailedTitle,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label="Sign in"
    >
      <AuthField
        id="sign-in-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        invalid={invalid?.field === 'email'}
        errorId={ERROR_ID}
      />
      <AuthField
        id="sign-in-password"
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        invalid={invalid?.field === 'password'}
        errorId={ERROR_ID}
      />
      <AuthFormError id={ERROR_ID} message={invalid?.message ?? null} />
      <button type="submit" disabled={busy} className={buttonClass({ className: 'w-full' })}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
