import { afterEach, describe, expect, it, vi } from 'vitest';

import { adminKeys } from '@/features/admin/shared/admin-queries';
import { startBeforeRender } from '@/features/admin/shared/start-before-render';
import type { AppSupabaseClient } from '@/lib/supabase';

const { session } = vi.hoisted(() => ({ session: { current: null as unknown } }));
/** Each request the client was asked for, in order: the table and the id it names. */
const requests: string[] = [];
const enquiry = { id: '00000000-0000-4000-8000-000000000042', Name: 'Linked Person' };
/** Settles the enquiry request when the test says (by default at once). */
let answerEnquiry: Promise<void> = Promise.resolve();
const client = {
  auth: { getSession: async () => ({ data: { session: session.current }, error: null }) },
  from: (table: string) => {
    const builder = {
      select: () => builder,
      eq: (_column: string, value: string) => {
        requests.push(`${table} ${value}`);
        return builder;
      },
      limit: () => answerEnquiry.then(() => ({ data: [enquiry], error: null })),
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

/** A start whose two parts are mocks. */
const starts = () => ({ access: vi.fn(), page: vi.fn() });

afterEach(() => {
  answerEnquiry = Promise.resolve();
  window.history.pushState({}, '', '/');
  session.current = null;
  requests.length = 0;
});

describe('startBeforeRender', () => {
  it('on a direct load of its page starts for an aal2 session, into the cache the page takes once', async () => {
    window.history.pushState({}, '', '/admin/');
    signedIn('aal2');
    const start = starts();
    const take = startBeforeRender('/admin', start);
    await settle();
    expect(start.access).toHaveBeenCalledWith(client, 'user-7');
    expect(start.page).toHaveBeenCalledTimes(1);
    const [started, startedWith, userId] = start.page.mock.calls[0]!;
    expect(startedWith).toBe(client);
    expect(userId).toBe('user-7');
    expect(take()).toBe(started);
    // a later visit in the same tab gets a cache of its own
    expect(take()).not.toBe(started);
  });

  it('starts nothing below aal2, signed out, or when the page is not the one loaded', async () => {
    const start = starts();
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
    expect(start.access).not.toHaveBeenCalled();
    expect(start.page).not.toHaveBeenCalled();
    expect(take()).not.toBe(take());
  });

  it('asks for the enquiry a link names beside the access check, and the page only once it has its answer', async () => {
    window.history.pushState({}, '', `/admin/needs-reply?enquiry=${enquiry.id}`);
    signedIn('aal2');
    let answer = () => {};
    answerEnquiry = new Promise((resolve) => (answer = resolve));
    const take = startBeforeRender('/admin/needs-reply', {
      access: () => requests.push('the access check'),
      page: () => requests.push('the page'),
    });
    await settle();
    expect(requests).toEqual(['the access check', `contact_submissions ${enquiry.id}`]);
    answer();
    await settle();
    expect(requests).toEqual(['the access check', `contact_submissions ${enquiry.id}`, 'the page']);
    expect(take().getQueryData(adminKeys.enquiry(enquiry.id))).toEqual(enquiry);
  });

  it('asks for no enquiry when the address names none', async () => {
    window.history.pushState({}, '', '/admin?page=2');
    signedIn('aal2');
    const start = starts();
    startBeforeRender('/admin', start);
    await settle();
    expect(start.page).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
  });
});
