import { useNavigate, useSearchParams } from 'react-router';

import { signInWithEmail } from '@/features/auth/auth-actions';
import { runAuthAttempt } from '@/features/auth/auth-attempt';
import { useAuth } from '@/features/auth/auth-context';
import type { AuthFieldSpec } from '@/features/auth/auth-field';
import { AuthForm, useAuthForm } from '@/features/auth/auth-form';
import { authMessages } from '@/features/auth/auth-messages';
import { signInLimiter } from '@/features/auth/auth-rate-limits';
import { signInSchema, type SignInValues } from '@/features/auth/auth-schemas';
import { fetchUserRole } from '@/features/auth/fetch-user-role';
import { safeNextPath } from '@/features/auth/safe-next-path';
import type { AppSupabaseClient } from '@/lib/supabase';

const fields: readonly AuthFieldSpec<keyof SignInValues>[] = [
  {
    name: 'email',
    id: 'sign-in-email',
    label: 'Email',
    type: 'email',
    autoComplete: 'username',
    inputMode: 'email',
  },
  {
    name: 'password',
    id: 'sign-in-password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
  },
];

const emptySignIn: SignInValues = { email: '', password: '' };

async function isAdmin(client: AppSupabaseClient): Promise<boolean> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  return userId ? (await fetchUserRole(client, userId)) === 'admin' : false;
}

export function SignInForm() {
  const { getClient } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useAuthForm(signInSchema, emptySignIn);

  async function signIn(values: SignInValues) {
    const limiter = signInLimiter();
    await runAuthAttempt({
      limiter,
      failedTitle: authMessages.signInFailedTitle,
      send: async () => signInWithEmail(await getClient(), values),
      onSuccess: async () => {
        limiter.reset();
        // An admin stays here for the second step (AuthScreen shows it, welcomes them once the
        // code is accepted and goes on to `next`). Anyone else needs no code and goes on to the
        // page asked for, where the role check answers; they are not welcomed, since the staff
        // area then turns them away.
        if (await isAdmin(await getClient())) return;
        void navigate(safeNextPath(searchParams.get('next')), { replace: true });
      },
    });
  }

  return (
    <AuthForm
      form={form}
      label="Sign in"
      fields={fields}
      errorId="sign-in-error"
      submitLabel="Sign In"
      busyLabel="Signing in..."
      onValid={signIn}
    />
  );
}
