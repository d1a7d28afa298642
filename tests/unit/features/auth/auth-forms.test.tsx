import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AuthScreen } from '@/features/auth/auth-screen';

import {
  useSupabaseNetwork,
  type AuthHandler,
  type NetworkRoutes,
} from '../../support/supabase-network';
import {
  authCalls,
  captureToasts,
  quietAuditLog,
  releaseToasts,
  renderWithAuth,
} from './test-helpers';

const network = useSupabaseNetwork();
const account = { id: 'user-1', email: 'ada@example.com', password: 'secret-passphrase' };

let toasts: ToastMessage[];

beforeEach(() => {
  localStorage.clear();
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** A signed-out client on the Sign Up tab. */
async function openSignUp(routes: NetworkRoutes = {}) {
  const { client, requests } = network.answer(routes);
  const user = userEvent.setup();
  renderWithAuth(client, <AuthScreen />);
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  return { client, requests, user };
}

/** A handler that always refuses with this GoTrue error code. */
const refuse =
  (code: string): AuthHandler =>
  () => ({ error: { code } });

/** A handler that answers (as GoTrue) only once `release` is called. */
function heldUntilReleased() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler: AuthHandler = async (_request, gotrue) => {
    await held;
    return gotrue();
  };
  return { handler, release };
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>, password = 'correct-horse') {
  await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/Password/), password);
}

describe('the Admin Access card', () => {
  it('has the Sign In and Sign Up tabs with required, typed and autocompleted fields', async () => {
    const { user } = await openSignUp();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    const name = screen.getByLabelText(/Full Name/);
    const email = screen.getByLabelText(/Email/);
    const password = screen.getByLabelText(/Password/);
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(password).toHaveAttribute('minlength', '12');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription('At least 12 characters.');

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });
});

describe('sign-up', () => {
  it('shows "Please fill in all fields" and marks and focuses the first empty field', async () => {
    const { requests, user } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    const name = screen.getByLabelText(/Full Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please fill in all fields');
    expect(requests).toEqual([]);
  });

  it('refuses a password under 12 characters', async () => {
    const { requests, user } = await openSignUp();
    await fillSignUp(user, 'short12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );
    expect(requests).toEqual([]);
  });

  it('refuses an e-mail without a dot in the domain', async () => {
    const { requests, user } = await openSignUp();
    await user.type(screen.getByLabelText(/Full Name/), 'Ada');
    await user.type(screen.getByLabelText(/Email/), 'ada@example');
    await user.type(screen.getByLabelText(/Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(requests).toEqual([]);
  });

  it('sends full_name and the /auth redirect on this origin, shows "Creating account...", then clears the fields', async () => {
    const signup = heldUntilReleased();
    const { requests, user } = await openSignUp({ auth: { handlers: { signup: signup.handler } } });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/signup',
        body: expect.objectContaining({
          email: 'ada@example.com',
          password: 'correct-horse',
          data: { full_name: 'Ada Lovelace' },
        }),
      },
    ]);
    expect(requests[0]?.params.get('redirect_to')).toBe(`${window.location.origin}/auth`);
    // GoTrue then answers with a new user (with an identity) and no session.
    signup.release();

    await screen.findByRole('button', { name: 'Create Account' });
    expect(toasts).toContainEqual({
      title: 'Check your email',
      description:
        'We sent you a confirmation link. Please check your email and click the link to verify your account.',
      variant: 'success',
    });
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('reports an already registered address when the server says 422 user_already_exists', async () => {
    const { requests, user } = await openSignUp({
      auth: { handlers: { signup: refuse('user_already_exists') } },
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe(
        'This email is already registered. Please sign in instead.',
      ),
    );
    expect(toasts.at(-1)?.variant).toBe('destructive');
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /signup',
    ]);
  });

  it('reports an already registered address when GoTrue answers with a user without identities', async () => {
    // The address has an account: GoTrue answers 200 with a made-up user without identities.
    const { requests, user } = await openSignUp({ auth: { account } });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe(
        'This email is already registered. Please sign in instead.',
      ),
    );
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/signup',
        body: expect.objectContaining({ email: 'ada@example.com' }),
      },
    ]);
  });

  it('shows the server message for any other failure, and the thrown message for an exception', async () => {
    const { client, requests, user } = await openSignUp({
      auth: { handlers: { signup: refuse('signup_disabled') } },
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe('Signups not allowed for this instance'),
    );
    expect(authCalls(requests).map(({ name }) => name)).toEqual(['/signup']);

    // supabase-js returns every failed request (a network failure too) as an error; only the
    // client itself can throw, so that throw is made on the real client.
    vi.spyOn(client.auth, 'signUp').mockRejectedValueOnce('not an Error');
    await screen.findByRole('button', { name: 'Create Account' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual({
        title: 'Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(authCalls(requests).map(({ name }) => name)).toEqual(['/signup']);
  });

  it('allows 3 sign-ups an hour, then says "Please try again after {time}" without calling the server', async () => {
    const { requests, user } = await openSignUp({
      auth: { handlers: { signup: refuse('over_request_rate_limit') } },
    });
    await fillSignUp(user);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    for (let i = 0; i < 3; i += 1) {
      await user.click(submit);
      await waitFor(() => expect(toasts).toHaveLength(i + 1));
      expect(authCalls(requests)).toHaveLength(i + 1);
      await screen.findByRole('button', { name: 'Create Account' });
    }
    await user.click(submit);
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toMatch(/^Please try again after \d{2}:\d{2}$/),
    );
    expect(toasts.at(-1)?.variant).toBe('destructive');
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /signup',
      'POST /signup',
      'POST /signup',
    ]);
  });
});

describe('sign-in', () => {
  /** A signed-out client that can sign in as `account`. */
  function openSignIn(routes: NetworkRoutes = {}) {
    const { client, requests } = network.answer({ auth: { account }, ...routes });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    return { requests, user };
  }

  it('says "Please enter both email and password" when either is missing', async () => {
    const { requests, user } = openSignIn();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(screen.getByLabelText(/Password/)).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('shows "Signing in..." and goes to /admin on success, with no welcome for a non-admin', async () => {
    const token = heldUntilReleased();
    const { requests, user } = openSignIn({
      auth: { account, handlers: { token: token.handler } },
      // No role row: a plain user.
      tables: { user_roles: () => ({ data: [] }), audit_log: () => ({}) },
    });
    await user.type(screen.getByLabelText(/Email/), ' ada@example.com ');
    await user.type(screen.getByLabelText(/Password/), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ email: 'ada@example.com', password: 'secret-passphrase' }),
      },
    ]);
    expect(requests[0]?.params.get('grant_type')).toBe('password');
    token.release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    // only an admin is welcomed, after the second step: the staff area turns anyone else away.
    expect(toasts).not.toContainEqual(expect.objectContaining({ title: 'Welcome back!' }));
  });

  it('shows the server message when sign-in fails and stays on /auth', async () => {
    const { requests, user } = openSignIn();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual({
        title: 'Sign in failed',
        description: 'Invalid login credentials',
        variant: 'destructive',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ email: 'ada@example.com', password: 'wrong-passphrase' }),
      },
    ]);
  });

  it('allows 5 attempts in 15 minutes, then refuses with the reset time', async () => {
    const { requests, user } = openSignIn();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-passphrase');
    for (let i = 0; i < 5; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(toasts).toHaveLength(i + 1));
      expect(authCalls(requests)).toHaveLength(i + 1);
      await screen.findByRole('button', { name: 'Sign In' });
    }
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toMatch(/^Please try again after \d{2}:\d{2}$/),
    );
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual(
      Array(5).fill('POST /token'),
    );
  });
});
