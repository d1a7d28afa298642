import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AuthProvider } from '@/features/auth/auth-provider';
import { AuthScreen } from '@/features/auth/auth-screen';
import type { AppSupabaseClient } from '@/lib/supabase';

import { createFakeSupabase } from './fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts, renderWithAuth } from './test-helpers';

// React's act() needs to be told it runs under a test environment when used without RTL.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  localStorage.clear();
});

function Page({ client }: { client: AppSupabaseClient }) {
  return (
    <MemoryRouter initialEntries={['/auth']}>
      <AuthProvider client={client}>
        <AuthScreen />
      </AuthProvider>
    </MemoryRouter>
  );
}

describe('an /auth form on the prerendered page', () => {
  it('keeps and sends what the visitor typed before hydration', async () => {
    const fake = createFakeSupabase();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page client={fake.client} />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#sign-in-email')!.value = 'early@example.com';
    container.querySelector<HTMLInputElement>('#sign-in-password')!.value = 'typed-early';

    await act(async () => {
      hydrateRoot(container, <Page client={fake.client} />);
    });
    expect(container.querySelector<HTMLInputElement>('#sign-in-email')!.value).toBe(
      'early@example.com',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({
        email: 'early@example.com',
        password: 'typed-early',
      }),
    );
    container.remove();
  });
});

describe('the form-level message', () => {
  async function openSignUp() {
    const fake = createFakeSupabase();
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    return { fake, user };
  }

  it('marks only the field the one message is about, and stays until the next attempt', async () => {
    const { fake, user } = await openSignUp();
    const email = screen.getByLabelText(/Email/);
    const password = screen.getByLabelText(/Password/);
    await user.type(screen.getByLabelText(/Full Name/), 'Ada');
    await user.type(email, 'ada@example');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters long',
    );
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();

    await user.type(password, '-enough');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(email, '.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fake.auth.signUp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('sends one attempt while the first is in flight, even if the form is submitted again', async () => {
    const fake = createFakeSupabase();
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    let finish: (value: { data: { user: null; session: null }; error: null }) => void = () => {};
    fake.auth.signInWithPassword.mockImplementationOnce(
      () => new Promise((resolve) => (finish = resolve)),
    );
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Signing in...' });

    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    finish({ data: { user: null, session: null }, error: null });
    await screen.findByText('Admin stub');
    expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(1);
  });
});
