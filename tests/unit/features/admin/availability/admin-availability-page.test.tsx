import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AppSupabaseClient } from '@/lib/supabase';
import AdminAvailabilityPage from '@/pages/admin-availability-page';

import { filterOn, useSupabaseNetwork } from '../../../support/supabase-network';
import { quietAuditLog } from '../../auth/test-helpers';
import { figuresOf, overviewOf } from '../admin-test-data';
import { availabilityBackend, STAFF_ID } from './availability-backend';

const app = vi.hoisted(() => ({ client: null as AppSupabaseClient | null }));
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => app.client! }));

const network = useSupabaseNetwork();

beforeEach(quietAuditLog);
afterEach(() => vi.restoreAllMocks());

describe('/admin/availability', () => {
  it("is the signed-in staff member's own availability, in the staff frame", async () => {
    const backend = availabilityBackend({ settings: { accepts_bookings: false } });
    const { client, requests } = network.answer({
      userId: STAFF_ID,
      email: 'ada@example.com',
      aal: 'aal2',
      tables: {
        user_roles: () => ({ data: [{ role: 'admin' }] }),
        staff_profiles: () => ({ data: [{ display_name: 'Ada Lovelace' }] }),
        audit_log: () => ({}),
        ...backend.tables,
      },
      rpc: {
        // the Needs a reply count beside the section links
        enquiry_dashboard_figures: () => ({ data: figuresOf(overviewOf()) }),
        ...backend.rpc,
      },
    });
    app.client = client;
    render(
      <MemoryRouter initialEntries={['/admin/availability']}>
        <AdminAvailabilityPage />
      </MemoryRouter>,
    );
    // the panel is drawn once access is granted: an admin at aal2
    expect(
      await screen.findByRole('switch', { name: 'Take consultation bookings' }, { timeout: 5000 }),
    ).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Availability' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // the Needs a reply count, as on every staff page
    expect(
      await within(nav).findByRole('link', { name: 'Needs a reply (0 waiting)' }),
    ).toBeVisible();
    const settings = requests.find((request) => request.name === 'staff_availability')!;
    expect(filterOn(settings, 'staff_id')).toEqual({ op: 'eq', value: STAFF_ID });
    expect(document.title).toMatch(/^Availability/);
    // every part has answered before the test's network goes
    expect(await screen.findByText('Your feed is off.')).toBeInTheDocument();
    expect(await screen.findByText('No busy calendar connected.')).toBeInTheDocument();
    expect(await screen.findByText('No days off set.')).toBeInTheDocument();
    expect(await screen.findByText('No dates with their own hours.')).toBeInTheDocument();
  });
});
