import type { Factor } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AuthScreen } from '@/features/auth/auth-screen';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { authPathFor, safeNextPath } from '@/features/auth/safe-next-path';

import {
  TEST_TOTP_QR_SVG,
  useSupabaseNetwork,
  type GoTrueRoutes,
  type NetworkRoutes,
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
const admin = () => ({ data: [{ role: 'admin' }] });
const tables = { user_roles: admin, audit_log: () => ({}) };

/** Ada, an admin signed in at `aal` with these factors. */
function adminAt(aal: 'aal1' | 'aal2', factors: Factor[], auth: GoTrueRoutes = {}) {
  const routes: NetworkRoutes = {
    userId: 'user-1',
    email: 'ada@example.com',
    aal,
    auth: { factors, ...auth },
    tables,
  };
  return network.answer(routes);
}

/** The auth requests as `METHOD /path`. */
const authPaths = (requests: Parameters<typeof authCalls>[0]) =>
  authCalls(requests).map(({ method, name }) => `${method} ${name}`);

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

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
    const { client } = adminAt('aal1', [verifiedTotpFactor()]);
    renderWithAuth(client, dashboard, { path: '/admin', entry: '/admin?enquiry=42' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/auth?next=%2Fadmin%3Fenquiry%3D42',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Enquiries' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth with the deep link as `next`', async () => {
    const { client, requests } = network.answer();
    renderWithAuth(client, dashboard, { path: '/admin', entry: '/admin?enquiry=42' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/auth?next=%2Fadmin%3Fenquiry%3D42',
      ),
    );
    expect(requests).toEqual([]);
  });

  it('shows the page to an admin whose session is aal2', async () => {
    const { client } = adminAt('aal2', [verifiedTotpFactor()]);
    renderWithAuth(client, dashboard, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Enquiries' })).toBeInTheDocument();
  });
});

describe('the code step at /auth', () => {
  function signedInAtAal1(auth: GoTrueRoutes = {}) {
    return adminAt('aal1', [verifiedTotpFactor('factor-1')], auth);
  }

  it('asks an admin with a verified factor for a labelled, numeric one-time code, focused', async () => {
    const { client } = signedInAtAal1();
    renderWithAuth(client, <AuthScreen />);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const code = screen.getByLabelText(/6-digit code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toBeRequired();
    expect(code).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Authentication code' })).toBeInTheDocument();
  });

  it('checks the code before sending it', async () => {
    const { client, requests } = signedInAtAal1();
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code from your authenticator app',
    );
    expect(screen.getByLabelText(/6-digit code/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/6-digit code/), '12ab56');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is 6 digits, with no letters');
    expect(authCalls(requests)).toEqual([]);
  });

  it('says in plain words that a wrong code did not match, clears and refocuses the field, and logs it', async () => {
    // GoTrue refuses any code but TEST_TOTP_CODE with 422 mfa_verification_failed.
    const { client, requests } = signedInAtAal1();
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That code didn't match. Codes change every 30 seconds: enter the 6-digit code your authenticator app shows now.",
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Invalid TOTP');
    expect(authCalls(requests)).toEqual([
      { method: 'POST', name: '/factors/factor-1/challenge', body: expect.anything() },
      {
        method: 'POST',
        name: '/factors/factor-1/verify',
        body: { code: '000000', challenge_id: expect.any(String) },
      },
    ]);
    expect(screen.getByLabelText(/6-digit code/)).toHaveValue('');
    expect(screen.getByLabelText(/6-digit code/)).toHaveFocus();
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_failed']));
  });

  it('says to wait when GoTrue limits the attempts', async () => {
    const { client, requests } = signedInAtAal1({
      handlers: { verify: () => ({ error: { code: 'over_request_rate_limit' } }) },
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes tried. Wait a minute, then enter the code your authenticator app shows at that moment.',
    );
    expect(authPaths(requests)).toEqual([
      'POST /factors/factor-1/challenge',
      'POST /factors/factor-1/verify',
    ]);
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_failed']));
  });

  it('goes on to the `next` page once the code has raised the session to aal2', async () => {
    // GoTrue accepts TEST_TOTP_CODE (123456) and answers with an aal2 session.
    const { client, requests } = signedInAtAal1();
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />, {
      entry: '/auth?next=%2Fadmin%3Fenquiry%3D42',
    });
    await user.type(await screen.findByLabelText(/6-digit code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin?enquiry=42'),
    );
    expect(authCalls(requests)).toEqual([
      { method: 'POST', name: '/factors/factor-1/challenge', body: expect.anything() },
      {
        method: 'POST',
        name: '/factors/factor-1/verify',
        body: { code: '123456', challenge_id: expect.any(String) },
      },
    ]);
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_verified']));
  });

  it('lets the person sign out instead', async () => {
    const { client, requests } = signedInAtAal1();
    renderWithAuth(client, <AuthScreen />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(authPaths(requests)).toEqual(['POST /logout']);
    expect(requests.find((request) => request.name === '/logout')?.params.get('scope')).toBe(
      'global',
    );
    expect(auditActions(requests)).toEqual(['auth_sign_out']);
  });
});

describe('password sign-in of an admin', () => {
  it('stays on /auth and asks for the code there, without a detour through /admin', async () => {
    // Signed out; GoTrue signs Ada in at aal1, and her user has a verified factor.
    const { client, requests } = network.answer({
      auth: {
        account: { id: 'user-1', email: 'ada@example.com', password: 'secret-passphrase' },
        factors: [verifiedTotpFactor()],
      },
      tables,
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />, { entry: '/auth?next=%2Fadmin%3Fenquiry%3D9' });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?next=%2Fadmin%3Fenquiry%3D9');
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ email: 'ada@example.com', password: 'secret-passphrase' }),
      },
    ]);
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_sign_in_success']));
  });
});

describe('enrolment at /auth for an admin without a factor', () => {
  function adminWithoutFactor(factors: Factor[] = [], auth: GoTrueRoutes = {}) {
    return adminAt('aal1', factors, auth);
  }

  it('shows GoTrue’s QR code and the key as text, after removing an abandoned unverified factor', async () => {
    const leftover = { ...verifiedTotpFactor('factor-old'), status: 'unverified' as const };
    const { client, requests } = adminWithoutFactor([leftover]);
    renderWithAuth(client, <AuthScreen />);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-step verification' }),
    ).toBeVisible();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    // GoTrue sends the SVG itself (TEST_TOTP_QR_SVG); supabase-js makes it a data: URL.
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf-8,${TEST_TOTP_QR_SVG}`);
    expect(TEST_TOTP_QR_SVG).toBe('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    // The factors are listed (GET /user), the leftover removed, then the app enrolled.
    expect(authCalls(requests)).toEqual([
      { method: 'GET', name: '/user', body: undefined },
      { method: 'DELETE', name: '/factors/factor-old', body: undefined },
      {
        method: 'POST',
        name: '/factors',
        body: { factor_type: 'totp', friendly_name: 'Authenticator app', issuer: 'Kestrel Data' },
      },
    ]);
    expect(screen.queryByText(/Enquiries/)).not.toBeInTheDocument();
  });

  it('confirms the app with a code, says so and logs auth_mfa_enrolled', async () => {
    // GoTrue enrols factor-new-1 and accepts 654321 for it, with an aal2 session.
    const { client, requests } = adminWithoutFactor([], { totpCode: '654321' });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    await user.type(await screen.findByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and finish setup' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(authPaths(requests)).toEqual([
      'GET /user',
      'POST /factors',
      'POST /factors/factor-new-1/challenge',
      'POST /factors/factor-new-1/verify',
    ]);
    expect(requests.find((request) => request.name.endsWith('/verify'))?.body).toEqual({
      code: '654321',
      challenge_id: expect.any(String),
    });
    expect(toasts).toContainEqual({
      title: 'Two-step verification set up',
      description: 'Your authenticator app is set up. Use it each time you sign in.',
      variant: 'success',
    });
    await waitFor(() => expect(auditActions(requests)).toEqual(['auth_mfa_enrolled']));
  });

  it('explains a failed start and tries again on request', async () => {
    let refusedOnce = false;
    const { client, requests } = adminWithoutFactor([], {
      handlers: {
        enroll: (_request, gotrue) => {
          if (refusedOnce) return gotrue();
          refusedOnce = true;
          const message = 'Maximum number of verified factors reached, unenroll to continue';
          return { error: { code: 'too_many_enrolled_mfa_factors', message } };
        },
      },
    });
    const user = userEvent.setup();
    renderWithAuth(client, <AuthScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not start setting up your authenticator app. Please try again. (Maximum number of verified factors reached, unenroll to continue)',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible();
    expect(authPaths(requests)).toEqual([
      'GET /user',
      'POST /factors',
      'GET /user',
      'POST /factors',
    ]);
  });
});
