import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';
import type { AdminSection } from '@/features/staff-frame/admin-section-paths';
import { StaffAreaFrame, type SectionNavSlot } from '@/features/staff-frame/staff-area-frame';
import { useSupabaseClient } from '@/lib/supabase-client-context';

import { useSupabaseNetwork, verifiedTotpFactor } from '../../support/supabase-network';
import { quietAuditLog, renderWithAuth } from '../auth/test-helpers';

const network = useSupabaseNetwork();
const admin = () => ({ data: [{ role: 'admin' }] });
const noName = () => ({ data: [] });

beforeEach(quietAuditLog);
afterEach(() => vi.restoreAllMocks());

const verifiedTotp = verifiedTotpFactor();

describe("StaffAreaFrame's section links slot", () => {
  it("draws the page's links for an aal2 admin, given the section, with the session's client", async () => {
    const { client } = network.answer({
      userId: 'user-7',
      email: 'ada@example.com',
      aal: 'aal2',
      tables: { user_roles: admin, staff_profiles: noName },
    });
    let provided: unknown;
    function LinksWithCount({ current }: { current: AdminSection }) {
      provided = useSupabaseClient();
      return <AdminSectionNav current={current} awaitingReply={5} />;
    }
    const slot = vi.fn<SectionNavSlot>((current) => <LinksWithCount current={current} />);
    renderWithAuth(
      client,
      <StaffAreaFrame current="staff" footer={null} sectionNav={slot}>
        <p>page</p>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(
      await screen.findByRole('link', { name: 'Needs a reply (5 waiting)' }),
    ).toBeInTheDocument();
    expect(slot).toHaveBeenCalledWith('staff');
    expect(provided).toBe(client);
  });

  it('asks the slot for nothing below aal2, so no count is requested before the second step', async () => {
    const { client, requests } = network.answer({
      userId: 'user-1',
      email: 'ada@example.com',
      aal: 'aal1',
      auth: { factors: [verifiedTotp] },
      tables: { user_roles: admin, staff_profiles: noName },
    });
    const slot = vi.fn<SectionNavSlot>(() => <p>links</p>);
    renderWithAuth(
      client,
      <StaffAreaFrame current="staff" footer={null} sectionNav={slot}>
        <p>page</p>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    // Role and level known: not even the unseen placeholder of the links is left.
    await waitFor(() => expect(screen.queryByRole('navigation', { hidden: true })).toBeNull());
    expect(requests.map((request) => request.name)).toContain('user_roles');
    expect(slot).not.toHaveBeenCalled();
    expect(screen.queryByText('links')).toBeNull();
  });
});
