import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';
import type { AdminSection } from '@/features/staff-frame/admin-section-paths';
import { StaffAreaFrame, type SectionNavSlot } from '@/features/staff-frame/staff-area-frame';
import { useSupabaseClient } from '@/lib/supabase-client-context';

import { createFakeSupabase, fakeSession, roleHandler } from '../auth/fake-supabase';
import { quietAuditLog, renderWithAuth } from '../auth/test-helpers';

const noName = () => ({ data: null, error: null });

beforeEach(quietAuditLog);
afterEach(() => vi.restoreAllMocks());

describe("StaffAreaFrame's section links slot", () => {
  it("draws the page's links for an aal2 admin, given the section, with the session's client", async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-7'),
      tables: { user_roles: roleHandler('admin'), staff_profiles: noName },
    });
    let provided: unknown;
    function LinksWithCount({ current }: { current: AdminSection }) {
      provided = useSupabaseClient();
      return <AdminSectionNav current={current} awaitingReply={5} />;
    }
    const slot = vi.fn<SectionNavSlot>((current) => <LinksWithCount current={current} />);
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
    expect(slot).toHaveBeenCalledWith('staff');
    expect(provided).toBe(fake.client);
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
