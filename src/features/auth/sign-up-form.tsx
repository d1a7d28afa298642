import { useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { signUpWithEmail } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/auth-context';
import { AuthField, AuthFormError } from '@/features/auth/auth-field';
import { authMessages } from '@/features/auth/auth-messages';
import { signUpLimiter } from '@/features/auth/auth-rate-limits';
import {
  normaliseSignUp,
  validateSignUp,
  type AuthField as FieldName,
  type AuthValidationError,
} from '@/features/auth/auth-validation';
import { notifyAuthFailure, notifyTooManyAttempts } from '@/features/auth/notify-auth-result';

const ERROR_ID = 'sign-up-error';
const fieldIds: Record<FieldName, string> = {
  fullName: 'sign-up-name',
  email: 'sign-up-email',
  password: 'sign-up-password',
};

export function SignUpForm() {
  const { getClient } = useAuth();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<AuthValidationError | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { fullName, email, password };
    const problem = validateSignUp(input);
    setInvalid(problem);
    if (problem) {
      document.getElementById(fieldIds[problem.field])?.focus();
      return;
    }
    const limiter = signUpLimiter();
    const status = limiter.check();
    if (status.state !== 'allowed') {
      notifyTooManyAttempts(status.resetAt);
      return;
    }
    limiter.recordAttempt();
    setBusy(true);
    try {
      // The confirmation link returns to /auth, whose supabase-js reads the session from the URL and
      // clears it; on the home page (the old site's target) the tokens stayed in the address bar.
      const redirectTo = `${window.location.origin}${paths.auth}`;
      const result = await signUpWithEmail(await getClient(), normaliseSignUp(input), redirectTo);
      if (result.kind === 'success') {
        setFullName('');
        setEmail('');
        setPassword('');
        notify({
          title: authMessages.checkEmailTitle,
          description: authMessages.checkEmailDescription,
          variant: 'success',
        });
        return;
      }
      notifyAuthFailure(result, authMessages.signUpFailedTitle);
    } catch (error) {
      notifyAuthFailure(
        {
          kind: 'error',
          message: error instanceof Error ? error.message : authMessages.unexpected,
        },
        authMessages.signUpFailedTitle,
      );
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: FieldName) => ({
    invalid: invalid?.field === field,
    errorId: ERROR_ID,
    id: fieldIds[field],
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label="Sign up"
    >
      <AuthField
        label="Full Name"
        type="text"
        name="name"
        autoComplete="name"
        value={fullName}
        onValueChange={setFullName}
        {...fieldProps('fullName')}
      />
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        {...fieldProps('email')}
      />
      <AuthField
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        minLength={limits.minPasswordLength}
        hint={`At least ${limits.minPasswordLength} characters.`}
        value={password}
        onValueChange={setPassword}
        {...fieldProps('password')}
      />
      <AuthFormError id={ERROR_ID} message={invalid?.message ?? null} />
      <button type="submit" disabled={busy} className={buttonClass({ className: 'w-full' })}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
