import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { authMessages } from '@/features/auth/auth-messages';
import { AuthScreen } from '@/features/auth/auth-screen';
import { refusalMessage } from '@/features/auth/mfa-actions';
import { groupSetupKey } from '@/features/auth/totp-setup-key';

import {
  createFakeSupabase,
  fakeSession,
  roleHandler,
  sessionWithFactors,
  verifiedTotpFactor,
} from './fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts, renderWithAuth } from './test-helpers';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Kestrel%20Data:ada@example.com?secret=${SECRET}`;
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

function adminWithoutFactor() {
  return createFakeSupabase({
    session: fakeSession(),
    tables: { user_roles: roleHandler('admin') },
    assurance: { currentLevel: 'aal1', nextLevel: 'aal1' },
  });
}

describe('enrolling on the phone that holds the authenticator app', () => {
  it('offers the otpauth:// URI as a link to tap', async () => {
    renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
    const link = await screen.findByRole('link', { name: 'Add to authenticator app' });
    expect(link).toHaveAttribute('href', URI);
  });

  it('shows the key in groups of four, while a screen reader gets the key itself', async () => {
    renderWithAuth(adminWithoutFactor().client, <AuthScreen />);
    const grouped = await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(grouped).toHaveAttribute('aria-hidden', 'true');
    expect(grouped.closest('p')).toHaveClass('font-mono');
    expect(screen.getByText(SECRET)).toHaveClass('sr-only');
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
    const fake = createFakeSupabase({
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    const session = sessionWithFactors([verifiedTotpFactor('factor-1')]);
    fake.auth.signInWithPassword.mockImplementationOnce(async () => {
      fake.emit('SIGNED_IN', session);
      return { data: { user: null, session: null }, error: null };
    });
    fake.mfa.challengeAndVerify.mockImplementationOnce(async () => {
      fake.raiseTo({ currentLevel: 'aal2', nextLevel: 'aal2' });
      return { data: {}, error: null };
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(toasts).not.toContainEqual(welcome);

    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(toasts).toContainEqual(welcome);
  });

  it('not when the code is refused', async () => {
    const fake = createFakeSupabase({
      session: sessionWithFactors([verifiedTotpFactor('factor-1')]),
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    fake.mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: Object.assign(new Error('Invalid TOTP code entered'), {
        code: 'mfa_verification_failed',
        status: 422,
      }),
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const form = screen.getByRole('form', { name: 'Authentication code' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(authMessages.wrongCode);
    expect(toasts).not.toContainEqual(welcome);
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
    const fake = createFakeSupabase({
      session: sessionWithFactors([verifiedTotpFactor('factor-1')]),
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    fake.mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: Object.assign(new Error('MFA challenge c1 has expired, verify against another'), {
        code: 'mfa_challenge_expired',
        status: 422,
      }),
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That check took too long and timed out. Enter the 6-digit code your authenticator app shows now.',
    );
  });
});
