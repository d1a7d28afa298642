import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AuthScreen } from '@/features/auth/auth-screen';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { authPathFor, safeNextPath } from '@/features/auth/safe-next-path';

import {
  createFakeSupabase,
  fakeSession,
  roleHandler,
  sessionWithFactors,
  verifiedTotpFactor,
  type BuilderCall,
} from './fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts, renderWithAuth } from './test-helpers';

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

/** The actions written to audit_log through the fake client, in order. */
function auditActions(queries: { table: string; calls: BuilderCall[] }[]): unknown[] {
  return queries
    .filter((query) => query.table === 'audit_log')
    .flatMap((query) => query.calls.filter(([method]) => method === 'insert'))
    .map(([, row]) => (row as { action: string }).action);
}

describe('safeNextPath and authPathFor', () => {
  it.each([
    ['/admin?enquiry=42', '/admin?enquiry=42'],
    ['/admin#top', '/admin#top'],
    ['/services', '/services'],
    [null, '/admin'],
    ['', '/admin'],
    ['admin', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['/\\evil.example', '/admin'],
    ['/admin\n?x', '/admin'],
    ['/auth?next=/admin', '/admin'],
  ])('keeps only same-origin paths: %j → %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it('builds /auth with `next` for anything but plain /admin', () => {
    expect(authPathFor('/admin')).toBe('/auth');
    expect(authPathFor('/admin?enquiry=7f0c')).toBe('/auth?next=%2Fadmin%3Fenquiry%3D7f0c');
    expect(authPathFor('//evil.example')).toBe('/auth');
  });
});

describe('ProtectedRoute and the second factor', () => {
  const dashboard = <ProtectedRoute adminOnly>{() => <h1>Enquiries</h1>}</ProtectedRoute>;

  it('sends a password-only admin session to the code step, keeping the page asked for', async () => {
    const fake = createFakeSupabase({
      session: sessionWithFactors([verifiedTotpFactor()]),
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    renderWithAuth(fake.client, dashboard, { path: '/admin', entry: '/admin?enquiry=42' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/auth?next=%2Fadmin%3Fenquiry%3D42',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Enquiries' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth with the deep link as `next`', async () => {
    const fake = createFakeSupabase();
    renderWithAuth(fake.client, dashboard, { path: '/admin', entry: '/admin?enquiry=42' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/auth?next=%2Fadmin%3Fenquiry%3D42',
      ),
    );
  });

  it('shows the page to an admin whose session is aal2', async () => {
    const fake = createFakeSupabase({
      session: sessionWithFactors([verifiedTotpFactor()]),
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Enquiries' })).toBeInTheDocument();
  });
});

describe('the code step at /auth', () => {
  function signedInAtAal1() {
    return createFakeSupabase({
      session: sessionWithFactors([verifiedTotpFactor('factor-1')]),
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
  }

  it('asks an admin with a verified factor for a labelled, numeric one-time code, focused', async () => {
    const fake = signedInAtAal1();
    renderWithAuth(fake.client, <AuthScreen />);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const code = screen.getByLabelText(/6-digit code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toBeRequired();
    expect(code).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Authentication code' })).toBeInTheDocument();
  });

  it('checks the code before sending it', async () => {
    const fake = signedInAtAal1();
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code from your authenticator app',
    );
    expect(screen.getByLabelText(/6-digit code/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/6-digit code/), '12ab56');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is 6 digits, with no letters');
    expect(fake.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('says in plain words that a wrong code did not match, clears and refocuses the field, and logs it', async () => {
    const fake = signedInAtAal1();
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That code didn't match. Codes change every 30 seconds: enter the 6-digit code your authenticator app shows now.",
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Invalid TOTP');
    expect(fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '000000',
    });
    expect(screen.getByLabelText(/6-digit code/)).toHaveValue('');
    expect(screen.getByLabelText(/6-digit code/)).toHaveFocus();
    await waitFor(() => expect(auditActions(fake.queries)).toEqual(['auth_mfa_failed']));
  });

  it('says to wait when GoTrue limits the attempts', async () => {
    const fake = signedInAtAal1();
    fake.mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: Object.assign(new Error('Request rate limit reached'), {
        code: 'over_request_rate_limit',
        status: 429,
      }),
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes tried. Wait a minute, then enter the code your authenticator app shows at that moment.',
    );
  });

  it('goes on to the `next` page once the code has raised the session to aal2', async () => {
    const fake = signedInAtAal1();
    fake.mfa.challengeAndVerify.mockImplementationOnce(async () => {
      fake.raiseTo({ currentLevel: 'aal2', nextLevel: 'aal2' });
      return { data: {}, error: null };
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />, {
      entry: '/auth?next=%2Fadmin%3Fenquiry%3D42',
    });
    await user.type(await screen.findByLabelText(/6-digit code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin?enquiry=42'),
    );
    expect(fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '123456',
    });
    await waitFor(() => expect(auditActions(fake.queries)).toEqual(['auth_mfa_verified']));
  });

  it('lets the person sign out instead', async () => {
    const fake = signedInAtAal1();
    renderWithAuth(fake.client, <AuthScreen />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(fake.auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('password sign-in of an admin', () => {
  it('stays on /auth and asks for the code there, without a detour through /admin', async () => {
    const fake = createFakeSupabase({
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    const session = sessionWithFactors([verifiedTotpFactor()]);
    fake.auth.signInWithPassword.mockImplementationOnce(async () => {
      fake.emit('SIGNED_IN', session);
      return { data: { user: null, session: null }, error: null };
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />, { entry: '/auth?next=%2Fadmin%3Fenquiry%3D9' });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?next=%2Fadmin%3Fenquiry%3D9');
  });
});

describe('enrolment at /auth for an admin without a factor', () => {
  function adminWithoutFactor(factors = [] as ReturnType<typeof verifiedTotpFactor>[]) {
    return createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin') },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal1' },
      factors,
    });
  }

  it('shows GoTrue’s QR code and the key as text, after removing an abandoned unverified factor', async () => {
    const leftover = { ...verifiedTotpFactor('factor-old'), status: 'unverified' as const };
    const fake = adminWithoutFactor([leftover]);
    renderWithAuth(fake.client, <AuthScreen />);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-step verification' }),
    ).toBeVisible();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(fake.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-old' });
    expect(fake.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer: 'Kestrel Data',
    });
    expect(screen.queryByText(/Enquiries/)).not.toBeInTheDocument();
  });

  it('confirms the app with a code, says so and logs auth_mfa_enrolled', async () => {
    const fake = adminWithoutFactor();
    fake.mfa.challengeAndVerify.mockImplementationOnce(async () => {
      fake.raiseTo({ currentLevel: 'aal2', nextLevel: 'aal2' });
      return { data: {}, error: null };
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and finish setup' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-new',
      code: '654321',
    });
    expect(toasts).toContainEqual({
      title: 'Two-step verification set up',
      description: 'Your authenticator app is set up. Use it each time you sign in.',
      variant: 'success',
    });
    await waitFor(() => expect(auditActions(fake.queries)).toEqual(['auth_mfa_enrolled']));
  });

  it('explains a failed start and tries again on request', async () => {
    const fake = adminWithoutFactor();
    fake.mfa.enroll.mockResolvedValueOnce({
      data: null,
      error: new Error('Maximum number of verified factors reached, unenroll to continue'),
    });
    const user = userEvent.setup();
    renderWithAuth(fake.client, <AuthScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not start setting up your authenticator app. Please try again. (Maximum number of verified factors reached, unenroll to continue)',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible();
    expect(fake.mfa.enroll).toHaveBeenCalledTimes(2);
  });
});
