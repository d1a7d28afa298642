import { afterEach, describe, expect, it, vi } from 'vitest';

import { startBeforeRender } from '@/features/admin/start-before-render';
import type { AppSupabaseClient } from '@/lib/supabase';

const { session } = vi.hoisted(() => ({ session: { current: null as unknown } }));
const client = {
  auth: { getSession: async () => ({ data: { session: session.current }, error: null }) },
} as unknown as AppSupabaseClient;
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => client }));

const tokenSaying = (aal: string) =>
  `e30.${btoa(JSON.stringify({ aal, sub: 'user-7' })).replace(/=+$/, '')}.sig`;

function signedIn(aal: string) {
  session.current = { access_token: tokenSaying(aal), user: { id: 'user-7' } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  window.history.pushState({}, '', '/');
  session.current = null;
});

describe('startBeforeRender', () => {
  it('on a direct load of its page starts for an aal2 session, into the cache the page takes once', async () => {
    window.history.pushState({}, '', '/admin/');
    signedIn('aal2');
    const start = vi.fn();
    const take = startBeforeRender('/admin', start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    const [started, startedWith, userId] = start.mock.calls[0]!;
    expect(startedWith).toBe(client);
    expect(userId).toBe('user-7');
    expect(take()).toBe(started);
    // a later visit in the same tab gets a cache of its own
    expect(take()).not.toBe(started);
  });

  it('starts nothing below aal2, signed out, or when the page is not the one loaded', async () => {
    const start = vi.fn();
    window.history.pushState({}, '', '/admin');
    signedIn('aal1');
    startBeforeRender('/admin', start);
    await settle();
    session.current = null;
    startBeforeRender('/admin', start);
    await settle();
    window.history.pushState({}, '', '/services');
    signedIn('aal2');
    const take = startBeforeRender('/admin', start);
    await settle();
    expect(start).not.toHaveBeenCalled();
    expect(take()).not.toBe(take());
  });
});
