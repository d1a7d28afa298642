import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { authMessages } from '@/features/auth/auth-messages';
import { AuthScreen } from '@/features/auth/auth-screen';
import { refusalMessage } from '@/features/auth/mfa-actions';
import { groupSetupKey } from '@/features/auth/totp-setup-key';

import {
  TEST_TOTP_CODE,
  TEST_TOTP_SECRET,
  useSupabaseNetwork,
  type GoTrueRoutes,
  verifiedTotpFactor,
} from '../../support/supabase-network';
import {
  auditActions,
  authCalls,
  captureToasts,
  quietAuditLog,
  releaseToasts,
  renderWithAuth,
} from './test-helpers';

const network = useSupabaseNetwork();
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The URI GoTrue gives for the app enrolled with issuer Kestrel Data. */
const URI =
  'otpauth://totp/Kestrel%20Data:ada@example.com' +
  `?algorithm=SHA1&digits=6&issuer=Kestrel%20Data&period=30&secret=${SECRET}`;
const tables = { user_roles: () => ({ data: [{ role: 'admin' }] }), audit_log: () => ({}) };
const verifiedTotp = verifiedTotpFactor();
const welcome = {
  title: 'Welcome back!',
  description: 'You have been signed in successfully.',
  variant: 'success',
};

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

/** Ada, an admin signed in at aal1 without a factor: she is asked to enrol one. */
function adminWithoutFactor() {
  return network.answer({ userId: 'user-1', email: 'ada@example.com', aal: 'aal1', tables });
}

/** Ada, an admin signed in with her password (aal1), whose app is enrolled as factor-1. */
function adminAtAal1(auth: GoTrueRoutes = {}) {
  return network.answer({
    userId: 'user-1',
    email: 'ada@example.com',
    aal: 'aal1',
    auth: { factors: [verifiedTotp], ...auth },
    tables,
  });
}

describe('enrolling on the phone that holds the authenticator app', () => {
  it('offers the otpauth:// URI as a link to tap', async () => {
    const { client, requests } = adminWithoutFactor();
    renderWithAuth(client, <AuthScreen />);
    const link = await screen.findByRole('link', { name: 'Add to authenticator app' });
    expect(link).toHaveAttribute('href', URI);
    expect(authCalls(requests).at(-1)).toEqual({
      method: 'POST',
      name: '/factors',
      body: { factor_type: 'totp', friendly_name: 'Authenticator app', issuer: 'Kestrel Data' },
    });
  });

  it('shows the key in groups of four, while a screen reader gets the key itself', async () => {
    renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
    const grouped = await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(grouped).toHaveAttribute('aria-hidden', 'true');
    expect(grouped.closest('p')).toHaveClass('font-mono');
    expect(screen.getByText(SECRET)).toHaveClass('sr-only');
    expect(SECRET).toBe(TEST_TOTP_SECRET);
    expect(groupSetupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('copies the key, and says so on the button and aloud', async () => {
    const user = userEvent.setup();
    renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
    await user.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
    const status = screen
      .getAllByRole('status')
      .find((region) => region.textContent === authMessages.setupKeyCopied);
    expect(status).toBeDefined();
  });

  it('explains what to do when the browser will not copy', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
    await user.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(
      await screen.findByText(
        'This browser would not copy the key. Select it and copy it, or type it into the app.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeVisible();
  });

  it('explains the same when there is no clipboard at all', async () => {
    const user = userEvent.setup();
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
      await user.click(await screen.findByRole('button', { name: 'Copy key' }));
      expect(await screen.findByText(authMessages.setupKeyNotCopied)).toBeVisible();
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
    }
  });
});

describe('the welcome comes when the sign-in is complete', () => {
  it('not after an admin’s password, but after their code', async () => {
    // Signed out; GoTrue signs Ada in at aal1, then accepts TEST_TOTP_CODE for factor-1 (aal2).
    const { client, requests } = network.answer({
      auth: {
        account: { id: 'user-1', email: 'ada@example.com', password: 'secret-passphrase' },
        factors: [verifiedTotp],
      },
      tables,
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(toasts).not.toContainEqual(welcome);

    await user.type(screen.getByLabelText(/6-digit code/), TEST_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(toasts).toContainEqual(welcome);
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /token',
      'POST /factors/factor-1/challenge',
      'POST /factors/factor-1/verify',
    ]);
    await waitFor(() =>
      expect(auditActions(requests)).toEqual(['auth_sign_in_success', 'auth_mfa_verified']),
    );
  });

  it('not when the code is refused', async () => {
    // GoTrue refuses any code but TEST_TOTP_CODE with 422 mfa_verification_failed.
    const { client, requests } = adminAtAal1();
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const form = screen.getByRole('form', { name: 'Authentication code' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(authMessages.wrongCode);
    expect(toasts).not.toContainEqual(welcome);
    expect(authCalls(requests).at(-1)).toEqual({
      method: 'POST',
      name: '/factors/factor-1/verify',
      body: { code: '000000', challenge_id: expect.any(String) },
    });
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_failed']));
  });
});

describe('refusals of a code, in words a person can act on', () => {
  it.each([
    [{ code: 'mfa_verification_failed', status: 422 }, authMessages.wrongCode],
    [{ code: 'mfa_challenge_expired', status: 422 }, authMessages.codeExpired],
    [{ code: 'over_request_rate_limit', status: 429 }, authMessages.tooManyCodes],
    [{ status: 429 }, authMessages.tooManyCodes],
    [{ code: 'mfa_ip_address_mismatch', status: 422 }, authMessages.codeCheckInterrupted],
    [{ code: 'mfa_factor_not_found', status: 404 }, authMessages.factorGone],
    [{ code: 'unexpected_failure', status: 500 }, authMessages.codeCheckFailed],
  ])('%j → its message', (error, message) => {
    expect(refusalMessage(error)).toBe(message);
  });

  it('an expired check is reported under the field', async () => {
    const { client, requests } = adminAtAal1({
      handlers: {
        verify: (request) => {
          const { challenge_id } = request.body as { challenge_id: string };
          const message = `MFA challenge ${challenge_id} has expired, verify against another`;
          return { error: { code: 'mfa_challenge_expired', message } };
        },
      },
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That check took too long and timed out. Enter the 6-digit code your authenticator app shows now.',
    );
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /factors/factor-1/challenge',
      'POST /factors/factor-1/verify',
    ]);
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_failed']));
  });
});
