import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AuthProvider } from '@/features/auth/auth-provider';
import { AuthScreen } from '@/features/auth/auth-screen';
import type { AppSupabaseClient } from '@/lib/supabase';

import { useSupabaseNetwork } from '../../support/supabase-network';
import {
  authCalls,
  captureToasts,
  quietAuditLog,
  releaseToasts,
  renderWithAuth,
} from './test-helpers';

const network = useSupabaseNetwork();
const account = { id: 'user-1', email: 'ada@example.com', password: 'secret-passphrase' };
/** A signed-in user without a role row: a plain user. */
const noRole = () => ({ data: [] });

// React's act() needs to be told it runs under a test environment when used without RTL.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
    // Not the account's password: GoTrue refuses it, so the page stays as it is.
    const { client, requests } = network.answer({ auth: { account } });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page client={client} />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#sign-in-email')!.value = 'early@example.com';
    container.querySelector<HTMLInputElement>('#sign-in-password')!.value = 'typed-early-pw';

    await act(async () => {
      hydrateRoot(container, <Page client={client} />);
    });
    expect(container.querySelector<HTMLInputElement>('#sign-in-email')!.value).toBe(
      'early@example.com',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({ description: 'Invalid login credentials' }),
    );
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ email: 'early@example.com', password: 'typed-early-pw' }),
      },
    ]);
    expect(requests[0]?.params.get('grant_type')).toBe('password');
    container.remove();
  });
});

describe('the form-level message', () => {
  async function openSignUp() {
    const { requests, client } = network.answer();
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    return { requests, user };
  }

  it('marks only the field the one message is about, and stays until the next attempt', async () => {
    const { requests, user } = await openSignUp();
    const email = screen.getByLabelText(/Email/);
    const password = screen.getByLabelText(/Password/);
    await user.type(screen.getByLabelText(/Full Name/), 'Ada');
    await user.type(email, 'ada@example');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'At least 12 characters. Password must be at least 12 characters long',
    );
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();

    await user.type(password, '-enough');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );

    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(email, '.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(authCalls(requests)).toHaveLength(1));
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/signup',
        body: expect.objectContaining({ email: 'ada@example.com', password: 'short-enough' }),
      },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Check your email'));
  });

  it('sends one attempt while the first is in flight, even if the form is submitted again', async () => {
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const { client, requests } = network.answer({
      auth: {
        account,
        handlers: {
          token: async (_request, gotrue) => {
            await held;
            return gotrue();
          },
        },
      },
      tables: { user_roles: noRole, audit_log: () => ({}) },
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Signing in...' });

    await waitFor(() => expect(authCalls(requests)).toHaveLength(1));

    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    finish();
    await screen.findByText('Admin stub');
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ email: 'ada@example.com', password: 'secret-passphrase' }),
      },
    ]);
  });
});
