import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AuthScreen } from '@/features/auth/auth-screen';

import { createFakeSupabase } from './fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts, renderWithAuth } from './test-helpers';

let toasts: ToastMessage[];

beforeEach(() => {
  localStorage.clear();
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  localStorage.clear();
});

async function openSignUp() {
  const fake = createFakeSupabase();
  const user = userEvent.setup();
  renderWithAuth(fake.client, <AuthScreen />);
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  return { fake, user };
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
    expect(password).toHaveAttribute('minlength', '8');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription('At least 8 characters.');

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });
});

describe('sign-up', () => {
  it('shows "Please fill in all fields" and marks and focuses the first empty field', async () => {
    const { fake, user } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    const name = screen.getByLabelText(/Full Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please fill in all fields');
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('refuses a password under 8 characters', async () => {
    const { fake, user } = await openSignUp();
    await fillSignUp(user, 'short12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('refuses an e-mail without a dot in the domain', async () => {
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText(/Full Name/), 'Ada');
    await user.type(screen.getByLabelText(/Email/), 'ada@example');
    await user.type(screen.getByLabelText(/Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('sends full_name and the /auth redirect on this origin, shows "Creating account...", then clears the fields', async () => {
    const { fake, user } = await openSignUp();
    let finish: (value: { data: { user: unknown; session: null }; error: null }) => void = () => {};
    fake.auth.signUp.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct-horse',
      options: {
        emailRedirectTo: `${window.location.origin}/auth`,
        data: { full_name: 'Ada Lovelace' },
      },
    });
    finish({
      data: { user: { id: 'new', identities: [{ id: 'i' }] }, session: null },
      error: null,
    });

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
    const { fake, user } = await openSignUp();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: Object.assign(new Error('User already registered'), {
        code: 'user_already_exists',
        status: 422,
      }),
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe(
        'This email is already registered. Please sign in instead.',
      ),
    );
    expect(toasts.at(-1)?.variant).toBe('destructive');
  });

  it('reports an already registered address when GoTrue answers with a user without identities', async () => {
    const { fake, user } = await openSignUp();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { user: { id: 'fake', identities: [] }, session: null },
      error: null,
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe(
        'This email is already registered. Please sign in instead.',
      ),
    );
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
  });

  it('shows the server message for any other failure, and the thrown message for an exception', async () => {
    const { fake, user } = await openSignUp();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: Object.assign(new Error('Signups not allowed for this instance'), {
        code: 'signup_disabled',
      }),
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toBe('Signups not allowed for this instance'),
    );

    fake.auth.signUp.mockRejectedValueOnce('not an Error');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual({
        title: 'Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it('allows 3 sign-ups an hour, then says "Please try again after {time}" without calling the server', async () => {
    const { fake, user } = await openSignUp();
    fake.auth.signUp.mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Request rate limit reached'), {
        code: 'over_request_rate_limit',
      }),
    });
    await fillSignUp(user);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    for (let i = 0; i < 3; i += 1) {
      await user.click(submit);
      await waitFor(() => expect(fake.auth.signUp).toHaveBeenCalledTimes(i + 1));
      await screen.findByRole('button', { name: 'Create Account' });
    }
    await user.click(submit);
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toMatch(/^Please try again after \d{2}:\d{2}$/),
    );
    expect(toasts.at(-1)?.variant).toBe('destructive');
    expect(fake.auth.signUp).toHaveBeenCalledTimes(3);
  });
});

describe('sign-in', () => {
  async function openSignIn() {
    const fake = createFakeSupabase();
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    return { fake, user };
  }

  it('says "Please enter both email and password" when either is missing', async () => {
    const { fake, user } = await openSignIn();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(screen.getByLabelText(/Password/)).toHaveFocus();
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('shows "Signing in..." and goes to /admin on success, with no welcome for a non-admin', async () => {
    const { fake, user } = await openSignIn();
    let finish: (value: { data: { user: null; session: null }; error: null }) => void = () => {};
    fake.auth.signInWithPassword.mockImplementationOnce(
      () => new Promise((resolve) => (finish = resolve)),
    );
    await user.type(screen.getByLabelText(/Email/), ' ada@example.com ');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    finish({ data: { user: null, session: null }, error: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    // only an admin is welcomed, after the second step: the staff area turns anyone else away.
    expect(toasts).not.toContainEqual(expect.objectContaining({ title: 'Welcome back!' }));
  });

  it('shows the server message when sign-in fails and stays on /auth', async () => {
    const { fake, user } = await openSignIn();
    fake.auth.signInWithPassword.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), { code: 'invalid_credentials' }),
    });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual({
        title: 'Sign in failed',
        description: 'Invalid login credentials',
        variant: 'destructive',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('allows 5 attempts in 15 minutes, then refuses with the reset time', async () => {
    const { fake, user } = await openSignIn();
    fake.auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), { code: 'invalid_credentials' }),
    });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-pass');
    for (let i = 0; i < 5; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(i + 1));
      await screen.findByRole('button', { name: 'Sign In' });
    }
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.description).toMatch(/^Please try again after \d{2}:\d{2}$/),
    );
    expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(5);
  });
});
