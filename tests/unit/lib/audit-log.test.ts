import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  BROWSER_AUDIT_ACTIONS,
  logAuditEvent,
  logSignedInAuditEvent,
  MAX_DETAIL_TEXT,
} from '@/lib/audit-log';
import type { AppSupabaseClient } from '@/lib/supabase';

type InsertResult = { error: { message: string } | null };

function fakeClient(
  user: { id: string; email?: string } | null,
  insertResult: InsertResult | Error = { error: null },
) {
  const insert = vi.fn((_row: unknown) =>
    insertResult instanceof Error ? Promise.reject(insertResult) : Promise.resolve(insertResult),
  );
  const from = vi.fn((_table: string) => ({ insert }));
  const client = {
    auth: {
      getSession: vi.fn(() => Promise.resolve({ data: { session: user ? { user } : null } })),
    },
    from,
  };
  return { client: client as unknown as AppSupabaseClient, insert, from };
}

let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('logAuditEvent', () => {
  it('always writes the structured entry to the console', async () => {
    const { client } = fakeClient({ id: 'u1', email: 'ada@example.com' });
    await logAuditEvent(client, {
      action: 'auth_staff_sign_out',
      resource: 'session',
      resourceId: 'x',
      details: { reason: 'button' },
    });
    expect(info).toHaveBeenCalledWith('[audit]', {
      timestamp: '2025-03-01T10:00:00.000Z',
      userId: 'u1',
      userEmail: 'ada@example.com',
      action: 'auth_staff_sign_out',
      resource: 'session',
      resourceId: 'x',
      details: { reason: 'button' },
      userAgent: navigator.userAgent,
    });
  });

  it('inserts into audit_log when a user is signed in, without asking for the row back', async () => {
    const { client, from, insert } = fakeClient({ id: 'u1', email: 'ada@example.com' });
    await logAuditEvent(client, {
      action: 'auth_sign_in_success',
      details: { email: 'ada@example.com' },
    });
    expect(from).toHaveBeenCalledWith('audit_log');
    expect(insert).toHaveBeenCalledWith({
      user_id: 'u1',
      user_email: 'ada@example.com',
      action: 'auth_sign_in_success',
      resource: null,
      resource_id: null,
      details: { email: 'ada@example.com' },
      user_agent: navigator.userAgent,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns and skips the insert when nobody is signed in', async () => {
    const { client, insert } = fakeClient(null);
    const entry = await logAuditEvent(client, { action: 'auth_sign_up_success' });
    expect(insert).not.toHaveBeenCalled();
    expect(entry.userId).toBeNull();
    expect(info).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[audit] auth_sign_up_success not stored: no signed-in user');
  });

  it('warns and skips without a client', async () => {
    await logAuditEvent(null, { action: 'contact_form_submitted', details: { interest: 'ai-ml' } });
    expect(info).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('never throws: a refused or failed insert is only a warning', async () => {
    const refused = fakeClient({ id: 'u1' }, { error: { message: 'permission denied' } });
    await expect(
      logAuditEvent(refused.client, { action: 'auth_sign_in_success' }),
    ).resolves.toMatchObject({
      userEmail: null,
    });
    expect(warn).toHaveBeenCalledWith('[audit] auth_sign_in_success not stored: permission denied');

    const failing = fakeClient({ id: 'u1' }, new Error('offline'));
    await expect(
      logAuditEvent(failing.client, { action: 'auth_sign_in_success' }),
    ).resolves.toBeDefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('logSignedInAuditEvent', () => {
  it('does nothing at all for a visitor: no insert and not a line in the console', async () => {
    const { client, from } = fakeClient(null);
    await expect(
      logSignedInAuditEvent(client, { action: 'contact_form_submitted' }),
    ).resolves.toBeNull();
    await expect(
      logSignedInAuditEvent(null, { action: 'contact_form_failed', details: { error: 'x' } }),
    ).resolves.toBeNull();
    expect(from).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('records a signed-in user’s event as logAuditEvent does', async () => {
    const { client, insert } = fakeClient({ id: 'u1', email: 'ada@example.com' });
    const entry = await logSignedInAuditEvent(client, {
      action: 'contact_form_submitted',
      resource: 'contact_submissions',
      details: { interest: 'ai-ml' },
    });
    expect(entry).toMatchObject({ userId: 'u1', action: 'contact_form_submitted' });
    expect(info).toHaveBeenCalledWith('[audit]', entry);
    expect(insert).toHaveBeenCalledWith(
      expect.objectContaining({
        user_id: 'u1',
        action: 'contact_form_submitted',
        resource: 'contact_submissions',
        details: { interest: 'ai-ml' },
      }),
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('still only warns when a signed-in user’s entry is refused', async () => {
    const { client } = fakeClient({ id: 'u1' }, { error: { message: 'permission denied' } });
    await expect(
      logSignedInAuditEvent(client, { action: 'contact_form_submitted' }),
    ).resolves.toBeDefined();
    expect(warn).toHaveBeenCalledWith(
      '[audit] contact_form_submitted not stored: permission denied',
    );
  });
});

describe('what a browser may record', () => {
  it('lists only sign-in and enquiry events, each once: admin actions are the database’s', () => {
    expect(new Set(BROWSER_AUDIT_ACTIONS).size).toBe(BROWSER_AUDIT_ACTIONS.length);
    for (const action of BROWSER_AUDIT_ACTIONS) expect(action).toMatch(/^(auth|contact)_[a-z_]+$/);
  });

  it('cuts long detail text and drops undefined details, so the entry fits the 1 KB cap', async () => {
    const { client, insert } = fakeClient({ id: 'u1', email: 'ada@example.com' });
    const entry = await logAuditEvent(client, {
      action: 'auth_mfa_failed',
      details: { error: 'x'.repeat(5000), error_code: undefined, step: 'sign-in', attempt: 2 },
    });
    const details = { error: 'x'.repeat(MAX_DETAIL_TEXT), step: 'sign-in', attempt: 2 };
    expect(entry.details).toEqual(details);
    expect(insert).toHaveBeenCalledWith(expect.objectContaining({ details }));
    expect(JSON.stringify(details).length).toBeLessThan(1024);
  });
});
