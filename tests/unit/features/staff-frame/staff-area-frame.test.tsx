import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/staff-frame/staff-area-frame';

import {
  filterOn,
  useSupabaseNetwork,
  type NetworkRoutes,
  type PostgrestHandler,
  type PostgrestRequest,
} from '../../support/supabase-network';
import { quietAuditLog, renderWithAuth } from '../auth/test-helpers';

const network = useSupabaseNetwork();
const nameHandler =
  (name: string | null): PostgrestHandler =>
  () => ({ data: name ? [{ display_name: name }] : [] });
const admin = () => ({ data: [{ role: 'admin' }] });

/** An admin's client at aal2 (unless said), whose audit entries are stored. */
function adminClient(name: string | null, routes: NetworkRoutes = {}) {
  return network.answer({
    userId: 'user-7',
    email: 'ada@example.com',
    aal: 'aal2',
    ...routes,
    tables: { user_roles: admin, staff_profiles: nameHandler(name), audit_log: () => ({}) },
  });
}

/**
 * Waits until the frame has asked for the role and the staff name, so no request of this test
 * arrives after it ends, where the next test would count it as unanswered.
 */
async function untilLookupsSent(requests: PostgrestRequest[]) {
  await waitFor(() => {
    const asked = requests.map((request) => request.name);
    expect(asked).toContain('user_roles');
    expect(asked).toContain('staff_profiles');
  });
}

const logouts = (requests: PostgrestRequest[]) =>
  requests.filter((request) => request.kind === 'auth' && request.name === '/logout');

function frame(current?: 'staff') {
  return (
    <StaffAreaFrame current={current} footer={<button type="button">Cookie settings</button>}>
      <p>page</p>
    </StaffAreaFrame>
  );
}

beforeEach(quietAuditLog);
afterEach(() => vi.restoreAllMocks());

describe('StaffAreaFrame', () => {
  it('shows an aal2 admin the section links, their staff name and Sign Out', async () => {
    const { client, requests } = adminClient('Ada Lovelace');
    renderWithAuth(client, frame('staff'), { path: '/admin/staff' });
    const banner = screen.getByRole('banner');
    const nav = await within(banner).findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await within(banner).findByText('Ada Lovelace')).toBeInTheDocument();
    const query = requests.find((request) => request.name === 'staff_profiles');
    expect(filterOn(query!, 'user_id')).toEqual({ op: 'eq', value: 'user-7' });
    expect(within(banner).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("asks for the role once for itself and the page's guard", async () => {
    const { client, requests } = adminClient(null);
    renderWithAuth(
      client,
      <StaffAreaFrame current="staff" footer={null}>
        <ProtectedRoute adminOnly pageTitle="Staff">
          {() => <p>granted</p>}
        </ProtectedRoute>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(await screen.findByText('granted')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    await untilLookupsSent(requests);
    expect(requests.filter((request) => request.name === 'user_roles')).toHaveLength(1);
  });

  it("falls back to the session's e-mail when the person has no staff name", async () => {
    const { client, requests } = adminClient(null, { email: 'bob@example.com' });
    renderWithAuth(client, frame('staff'), { path: '/admin/staff' });
    // The e-mail shows while the name is asked for too: only after the answer does it prove a fallback.
    await untilLookupsSent(requests);
    await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
  });

  it('hides the section links from a session below aal2', async () => {
    const { client, requests } = adminClient(null, {
      aal: 'aal1',
      auth: {
        factors: [
          {
            id: 'factor-1',
            friendly_name: 'Authenticator app',
            factor_type: 'totp',
            status: 'verified',
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-01T00:00:00Z',
          },
        ],
      },
    });
    renderWithAuth(client, frame('staff'), { path: '/admin/staff' });
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    // Role and level known: not even the unseen placeholder of the links is left.
    await untilLookupsSent(requests);
    await waitFor(() => expect(screen.queryByRole('navigation', { hidden: true })).toBeNull());
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('Sign Out signs out everywhere and lands on /auth', async () => {
    const { client, requests } = adminClient(null);
    renderWithAuth(client, frame('staff'), { path: '/admin/staff' });
    await untilLookupsSent(requests);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(logouts(requests)).toHaveLength(1));
    expect(logouts(requests)[0]?.params.get('scope')).toBe('global');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('Sign Out lets a request already sent come back before the session ends', async () => {
    const { client, requests } = adminClient(null);
    let answer = (_rows: string[]) => {};
    const pending = new Promise<string[]>((resolve) => (answer = resolve));
    function Polling() {
      useQuery({ queryKey: ['rows'], queryFn: () => pending });
      return <p>page</p>;
    }
    renderWithAuth(
      client,
      <QueryClientProvider client={new QueryClient()}>
        <StaffAreaFrame current="staff" footer={null}>
          <Polling />
        </StaffAreaFrame>
      </QueryClientProvider>,
      { path: '/admin/staff' },
    );
    await untilLookupsSent(requests);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('status')).toHaveTextContent('Signing out…');
    expect(screen.queryByText('page')).toBeNull();
    expect(logouts(requests)).toEqual([]);
    answer([]);
    await waitFor(() => expect(logouts(requests)).toHaveLength(1));
    expect(logouts(requests)[0]?.params.get('scope')).toBe('global');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('shows the product name alone on /auth, with the footer kept', () => {
    const { client } = network.answer();
    renderWithAuth(client, frame());
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Kestrel Data' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });
});
