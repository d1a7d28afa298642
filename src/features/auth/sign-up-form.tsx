import { notify } from '@/components/ui/toast/notify';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { signUpWithEmail } from '@/features/auth/auth-actions';
import { runAuthAttempt } from '@/features/auth/auth-attempt';
import { useAuth } from '@/features/auth/auth-context';
import type { AuthFieldSpec } from '@/features/auth/auth-field';
import { AuthForm, useAuthForm } from '@/features/auth/auth-form';
import { authMessages } from '@/features/auth/auth-messages';
import { signUpLimiter } from '@/features/auth/auth-rate-limits';
import { signUpSchema, type SignUpValues } from '@/features/auth/auth-schemas';

const fields: readonly AuthFieldSpec<keyof SignUpValues>[] = [
  { name: 'fullName', id: 'sign-up-name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  {
    name: 'email',
    id: 'sign-up-email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'password',
    id: 'sign-up-password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    minLength: limits.minPasswordLength,
    hint: `At least ${limits.minPasswordLength} characters.`,
  },
];

const emptySignUp: SignUpValues = { fullName: '', email: '', password: '' };

export function SignUpForm() {
  const { getClient } = useAuth();
  const form = useAuthForm(signUpSchema, emptySignUp);

  async function signUp(values: SignUpValues) {
    // The confirmation link returns to /auth, whose supabase-js reads the session from the URL and
    // clears it; on the home page (the old site's target) the tokens stayed in the address bar.
    const redirectTo = `${window.location.origin}${paths.auth}`;
    await runAuthAttempt({
      limiter: signUpLimiter(),
      failedTitle: authMessages.signUpFailedTitle,
      send: async () => signUpWithEmail(await getClient(), values, redirectTo),
      onSuccess: () => {
        form.reset(emptySignUp);
        notify({
          title: authMessages.checkEmailTitle,
          description: authMessages.checkEmailDescription,
          variant: 'success',
        });
      },
    });
  }

  return (
    <AuthForm
      form={form}
      label="Sign up"
      fields={fields}
      errorId="sign-up-error"
      submitLabel="Create Account"
      busyLabel="Creating account..."
      onValid={signUp}
    />
  );
}
