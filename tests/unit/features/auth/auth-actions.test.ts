import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { signInWithEmail, signUpWithEmail } from '@/features/auth/auth-actions';

import { useSupabaseNetwork, type PostgrestRequest } from '../../support/supabase-network';

const network = useSupabaseNetwork();

let info: MockInstance<typeof console.info>;

beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The audit entries written to the console, as action and details. */
function audited() {
  return info.mock.calls.map(([, entry]) => {
    const { action, details } = entry as { action: string; details: unknown };
    return { action, details };
  });
}

/** What reached GoTrue, as method, path and body. */
function authCalls(requests: PostgrestRequest[]) {
  return requests
    .filter((request) => request.kind === 'auth')
    .map(({ method, name, body }) => ({ method, name, body }));
}

const signUp = { fullName: 'Ada', email: 'ada@example.com', password: 'correct-horse' };
const signIn = { email: 'ada@example.com', password: 'correct-horse' };
const account = { id: 'user-1', email: 'ada@example.com', password: 'correct-horse' };

describe('the audit entries of sign-up and sign-in', () => {
  it('records a sign-up that went through, with the address and never the password', async () => {
    const { client, requests } = network.answer();
    expect(await signUpWithEmail(client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'success',
    });
    expect(authCalls(requests)).toEqual([
      {
        method: 'POST',
        name: '/signup',
        body: expect.objectContaining({
          email: 'ada@example.com',
          password: 'correct-horse',
          data: { full_name: 'Ada' },
        }),
      },
    ]);
    expect(requests[0]?.params.get('redirect_to')).toBe('https://x.example/auth');
    expect(audited()).toEqual([
      { action: 'auth_sign_up_success', details: { email: 'ada@example.com' } },
    ]);
    expect(JSON.stringify(info.mock.calls)).not.toContain('correct-horse');
  });

  it('records a refused sign-up with the server reason, and an account that already exists', async () => {
    let refusedOnce = false;
    const { client, requests } = network.answer({
      auth: {
        account,
        handlers: {
          signup: (_request, gotrue) => {
            if (refusedOnce) return gotrue();
            refusedOnce = true;
            return { error: { code: 'signup_disabled' } };
          },
        },
      },
    });
    expect(await signUpWithEmail(client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'failed',
      message: 'Signups not allowed for this instance',
    });
    // The address has an account: GoTrue answers 200 with a user without identities.
    expect(await signUpWithEmail(client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'already_registered',
    });
    expect(authCalls(requests).map(({ name }) => name)).toEqual(['/signup', '/signup']);
    expect(audited()).toEqual([
      {
        action: 'auth_sign_up_failed',
        details: { email: 'ada@example.com', error: 'Signups not allowed for this instance' },
      },
      {
        action: 'auth_sign_up_failed',
        details: { email: 'ada@example.com', error: 'already registered' },
      },
    ]);
  });

  it('records sign-in success, refusal and a throw', async () => {
    const { client, requests } = network.answer({
      auth: { account },
      tables: { audit_log: () => ({}) },
    });
    expect(await signInWithEmail(client, signIn)).toEqual({ kind: 'success' });
    expect(await signInWithEmail(client, { ...signIn, password: 'wrong-passphrase' })).toEqual({
      kind: 'failed',
      message: 'Invalid login credentials',
    });
    // supabase-js turns any failed request into a returned error, so only a throw from the
    // client itself reaches the `error` path: that one is made on the real client.
    vi.spyOn(client.auth, 'signInWithPassword').mockRejectedValueOnce(new Error('Failed to fetch'));
    expect(await signInWithEmail(client, signIn)).toEqual({
      kind: 'error',
      message: 'Failed to fetch',
    });
    expect(authCalls(requests)).toEqual([
      { method: 'POST', name: '/token', body: expect.objectContaining(signIn) },
      {
        method: 'POST',
        name: '/token',
        body: expect.objectContaining({ ...signIn, password: 'wrong-passphrase' }),
      },
    ]);
    expect(audited()).toEqual([
      { action: 'auth_sign_in_success', details: { email: 'ada@example.com' } },
      {
        action: 'auth_sign_in_failed',
        details: { email: 'ada@example.com', error: 'Invalid login credentials' },
      },
      {
        action: 'auth_sign_in_error',
        details: { email: 'ada@example.com', error: 'Failed to fetch' },
      },
    ]);
    expect(JSON.stringify(info.mock.calls)).not.toContain('correct-horse');
  });
});
