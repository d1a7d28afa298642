import type { AuthenticatorAssuranceLevels, Factor, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';

import type { AppSupabaseClient } from '@/lib/supabase';

/** One call on a query builder, e.g. ['eq', 'user_id', 'u1']. */
export type BuilderCall = [method: string, ...args: unknown[]];
export type QueryResult = { data?: unknown; error?: unknown; count?: number | null };
export type QueryHandler = (calls: BuilderCall[]) => QueryResult | Promise<QueryResult>;

/**
 * A stand-in for the supabase-js client at the edge of the app: auth methods are vi.fn()s and
 * `from(table)` returns a chainable, awaitable builder that records its calls and answers with
 * the handler registered for the table.
 */
export function createFakeSupabase(
  options: {
    session?: Session | null;
    tables?: Record<string, QueryHandler>;
    /** What getAuthenticatorAssuranceLevel() reports; aal2 unless a test says otherwise. */
    assurance?: Assurance;
    /** The factors listFactors() returns (all of them; verified TOTP ones also under `totp`). */
    factors?: Factor[];
  } = {},
) {
  let session = options.session ?? null;
  let assurance: Assurance = options.assurance ?? { currentLevel: 'aal2', nextLevel: 'aal2' };
  const listeners = new Set<(event: string, session: Session | null) => void>();
  const queries: { table: string; calls: BuilderCall[] }[] = [];

  function emit(event: string, next: Session | null) {
    session = next;
    listeners.forEach((listener) => listener(event, next));
  }

  const mfa = {
    getAuthenticatorAssuranceLevel: vi.fn(async () => ({
      data: { ...assurance, currentAuthenticationMethods: [] },
      error: null,
    })),
    listFactors: vi.fn(async () => {
      const all = options.factors ?? [];
      const totp = all.filter((f) => f.factor_type === 'totp' && f.status === 'verified');
      return { data: { all, totp, phone: [], webauthn: [] }, error: null as unknown };
    }),
    enroll: vi.fn(async (_params: unknown) => ({
      data: {
        id: 'factor-new',
        type: 'totp',
        friendly_name: 'Authenticator app',
        totp: {
          qr_code: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Kestrel%20Data:ada@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      } as unknown,
      error: null as unknown,
    })),
    unenroll: vi.fn(async (params: { factorId: string }) => ({
      data: { id: params.factorId },
      error: null as unknown,
    })),
    challengeAndVerify: vi.fn(async (_params: { factorId: string; code: string }) => ({
      data: {} as unknown,
      error: null as unknown,
    })),
  };

  const auth = {
    mfa,
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    onAuthStateChange: vi.fn((callback: (event: string, session: Session | null) => void) => {
      listeners.add(callback);
      return { data: { subscription: { unsubscribe: () => listeners.delete(callback) } } };
    }),
    signInWithPassword: vi.fn(async (_credentials: { email: string; password: string }) => ({
      data: { user: null, session: null },
      error: null as unknown,
    })),
    signUp: vi.fn(async (_credentials: unknown) => ({
      data: { user: null as unknown, session: null },
      error: null as unknown,
    })),
    signOut: vi.fn(async (_options?: unknown) => {
      emit('SIGNED_OUT', null);
      return { error: null };
    }),
  };

  function from(table: string) {
    const calls: BuilderCall[] = [];
    queries.push({ table, calls });
    const handler = options.tables?.[table] ?? (() => ({ data: null, error: null }));
    const builder: Record<string, unknown> = {};
    for (const method of [
      'select',
      'eq',
      'or',
      'order',
      'limit',
      'range',
      'maybeSingle',
      'insert',
    ]) {
      builder[method] = (...args: unknown[]) => {
        calls.push([method, ...args]);
        return builder;
      };
    }
    builder.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
      Promise.resolve()
        .then(() => handler(calls))
        .then((result) => ({ data: null, error: null, count: null, ...result }))
        .then(resolve, reject);
    return builder;
  }

  const client = { auth, from: vi.fn(from) } as unknown as AppSupabaseClient;
  /** The session reaches `levels` (as after a verified code) and subscribers hear about it. */
  function raiseTo(levels: Assurance, event = 'MFA_CHALLENGE_VERIFIED') {
    assurance = levels;
    if (session) emit(event, { ...session, access_token: `${session.access_token}-raised` });
  }

  return { client, auth, mfa, queries, emit, raiseTo };
}

export type Assurance = {
  currentLevel: AuthenticatorAssuranceLevels | null;
  nextLevel: AuthenticatorAssuranceLevels | null;
};

export function verifiedTotpFactor(id = 'factor-1'): Factor {
  return {
    id,
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };
}

/** A session whose user has these factors (as GoTrue puts them on the user). */
export function sessionWithFactors(factors: Factor[], email = 'ada@example.com'): Session {
  const session = fakeSession(email);
  return { ...session, user: { ...session.user, factors } };
}

export function fakeSession(email = 'ada@example.com', id = 'user-1'): Session {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: 9_999_999_999,
    token_type: 'bearer',
    user: {
      id,
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '2025-01-01T00:00:00Z',
    },
  };
}

/** A user_roles handler answering with this role (or no row, or an error). */
export function roleHandler(role: 'admin' | 'user' | null | Error): QueryHandler {
  return () =>
    role instanceof Error
      ? { data: null, error: { message: role.message, code: '42501' } }
      : { data: role ? { role } : null, error: null };
}
