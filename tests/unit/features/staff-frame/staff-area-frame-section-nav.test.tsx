import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';
import { StaffAreaFrame, type SectionNavSlot } from '@/features/staff-frame/staff-area-frame';

import { createFakeSupabase, fakeSession, roleHandler } from '../auth/fake-supabase';
import { quietAuditLog, renderWithAuth } from '../auth/test-helpers';

const noName = () => ({ data: null, error: null });

beforeEach(quietAuditLog);
afterEach(() => vi.restoreAllMocks());

describe("StaffAreaFrame's section links slot", () => {
  it("draws the page's links for an aal2 admin, given the section and the session's client", async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-7'),
      tables: { user_roles: roleHandler('admin'), staff_profiles: noName },
    });
    const slot = vi.fn<SectionNavSlot>((current) => (
      <AdminSectionNav current={current} awaitingReply={5} />
    ));
    renderWithAuth(
      fake.client,
      <StaffAreaFrame current="staff" footer={null} sectionNav={slot}>
        <p>page</p>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(
      await screen.findByRole('link', { name: 'Needs a reply (5 waiting)' }),
    ).toBeInTheDocument();
    expect(slot).toHaveBeenCalledWith('staff', fake.client);
  });

  it('asks the slot for nothing below aal2, so no count is requested before the second step', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin'), staff_profiles: noName },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    const slot = vi.fn<SectionNavSlot>(() => <p>links</p>);
    renderWithAuth(
      fake.client,
      <StaffAreaFrame current="staff" footer={null} sectionNav={slot}>
        <p>page</p>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.client.auth.mfa.getAuthenticatorAssuranceLevel).toHaveBeenCalled(),
    );
    expect(slot).not.toHaveBeenCalled();
    expect(screen.queryByText('links')).toBeNull();
  });
});
