import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { signOutEverywhere } from '@/features/auth/auth-actions';
import { draftKey, writeDraft } from '@/lib/staff-drafts';

import { useSupabaseNetwork } from '../../support/supabase-network';

const network = useSupabaseNetwork();

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('signing out', () => {
  it.each(['auth_staff_sign_out', 'auth_sign_out'] as const)(
    'forgets every staff draft in the browser (%s), and keeps what is not a draft',
    async (action) => {
      const { client, requests } = network.answer({
        userId: 'user-1',
        email: 'ada@example.com',
        tables: { audit_log: () => ({}) },
      });
      writeDraft('user-1', 'enquiry.1.reply', 'Dear Bo');
      writeDraft('user-2', 'enquiry.1.note', 'Someone else’s');
      localStorage.setItem('kestrel.consent', 'kept');
      await signOutEverywhere(client, action);
      expect(localStorage.getItem(draftKey('user-1', 'enquiry.1.reply'))).toBeNull();
      expect(localStorage.getItem(draftKey('user-2', 'enquiry.1.note'))).toBeNull();
      expect(localStorage.getItem('kestrel.consent')).toBe('kept');
      expect(
        requests.some((request) => request.kind === 'auth' && request.name === '/logout'),
      ).toBe(true);
    },
  );
});
