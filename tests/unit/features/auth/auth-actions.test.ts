import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { signInWithEmail, signUpWithEmail } from '@/features/auth/auth-actions';

import { createFakeSupabase } from './fake-supabase';

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

const signUp = { fullName: 'Ada', email: 'ada@example.com', password: 'correct-horse' };
const signIn = { email: 'ada@example.com', password: 'correct-horse' };

describe('the audit entries of sign-up and sign-in', () => {
  it('records a sign-up that went through, with the address and never the password', async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { user: { id: 'new', identities: [{ id: 'i' }] }, session: null },
      error: null,
    });
    expect(await signUpWithEmail(fake.client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'success',
    });
    expect(audited()).toEqual([
      { action: 'auth_sign_up_success', details: { email: 'ada@example.com' } },
    ]);
    expect(JSON.stringify(info.mock.calls)).not.toContain('correct-horse');
  });

  it('records a refused sign-up with the server reason, and an account that already exists', async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp
      .mockResolvedValueOnce({
        data: { user: null, session: null },
        error: Object.assign(new Error('Signups not allowed for this instance'), {
          code: 'signup_disabled',
        }),
      })
      .mockResolvedValueOnce({
        data: { user: { id: 'fake', identities: [] }, session: null },
        error: null,
      });
    expect(await signUpWithEmail(fake.client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'failed',
      message: 'Signups not allowed for this instance',
    });
    expect(await signUpWithEmail(fake.client, signUp, 'https://x.example/auth')).toEqual({
      kind: 'already_registered',
    });
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
    const fake = createFakeSupabase();
    fake.auth.signInWithPassword
      .mockResolvedValueOnce({ data: { user: null, session: null }, error: null })
      .mockResolvedValueOnce({
        data: { user: null, session: null },
        error: Object.assign(new Error('Invalid login credentials'), {
          code: 'invalid_credentials',
        }),
      })
      .mockRejectedValueOnce(new Error('Failed to fetch'));
    expect(await signInWithEmail(fake.client, signIn)).toEqual({ kind: 'success' });
    expect(await signInWithEmail(fake.client, signIn)).toEqual({
      kind: 'failed',
      message: 'Invalid login credentials',
    });
    expect(await signInWithEmail(fake.client, signIn)).toEqual({
      kind: 'error',
      message: 'Failed to fetch',
    });
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
