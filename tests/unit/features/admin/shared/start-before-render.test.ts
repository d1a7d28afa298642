import { afterEach, describe, expect, it, vi } from 'vitest';

import { adminKeys } from '@/features/admin/shared/admin-queries';
import { startBeforeRender } from '@/features/admin/shared/start-before-render';
import type { AppSupabaseClient } from '@/lib/supabase';

const { session } = vi.hoisted(() => ({ session: { current: null as unknown } }));
/** Each request the client was asked for, in order: the table and the id it names. */
const requests: string[] = [];
const enquiry = { id: '00000000-0000-4000-8000-000000000042', Name: 'Linked Person' };
const client = {
  auth: { getSession: async () => ({ data: { session: session.current }, error: null }) },
  from: (table: string) => {
    const builder = {
      select: () => builder,
      eq: (_column: string, value: string) => {
        requests.push(`${table} ${value}`);
        return builder;
      },
      limit: () => Promise.resolve({ data: [enquiry], error: null }),
    };
    return builder;
  },
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
  requests.length = 0;
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

  it('asks for the enquiry a link names before anything the page starts, into the cache its dialog reads', async () => {
    window.history.pushState({}, '', `/admin/needs-reply?enquiry=${enquiry.id}`);
    signedIn('aal2');
    const askedBeforeStart: string[] = [];
    const take = startBeforeRender('/admin/needs-reply', () => {
      askedBeforeStart.push(...requests);
      requests.push('the page');
    });
    await settle();
    expect(askedBeforeStart).toEqual([`contact_submissions ${enquiry.id}`]);
    expect(requests).toEqual([`contact_submissions ${enquiry.id}`, 'the page']);
    expect(take().getQueryData(adminKeys.enquiry(enquiry.id))).toEqual(enquiry);
  });

  it('asks for no enquiry when the address names none', async () => {
    window.history.pushState({}, '', '/admin?page=2');
    signedIn('aal2');
    const start = vi.fn();
    startBeforeRender('/admin', start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
  });
});
