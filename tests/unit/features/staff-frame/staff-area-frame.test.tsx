import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/staff-frame/staff-area-frame';

import {
  createFakeSupabase,
  fakeSession,
  roleHandler,
  type QueryHandler,
} from '../auth/fake-supabase';
import { quietAuditLog, renderWithAuth } from '../auth/test-helpers';

const nameHandler =
  (name: string | null): QueryHandler =>
  () => ({ data: name ? { display_name: name } : null, error: null });

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
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-7'),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler('Ada Lovelace') },
    });
    renderWithAuth(fake.client, frame('staff'), { path: '/admin/staff' });
    const banner = screen.getByRole('banner');
    const nav = await within(banner).findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await within(banner).findByText('Ada Lovelace')).toBeInTheDocument();
    const query = fake.queries.find((q) => q.table === 'staff_profiles');
    expect(query?.calls).toContainEqual(['eq', 'user_id', 'user-7']);
    expect(within(banner).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("asks for the role once for itself and the page's guard", async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-7'),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler(null) },
    });
    renderWithAuth(
      fake.client,
      <StaffAreaFrame current="staff" footer={null}>
        <ProtectedRoute adminOnly pageTitle="Staff">
          {() => <p>granted</p>}
        </ProtectedRoute>
      </StaffAreaFrame>,
      { path: '/admin/staff' },
    );
    expect(await screen.findByText('granted')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(fake.queries.filter((q) => q.table === 'user_roles')).toHaveLength(1);
  });

  it("falls back to the session's e-mail when the person has no staff name", async () => {
    const fake = createFakeSupabase({
      session: fakeSession('bob@example.com'),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler(null) },
    });
    renderWithAuth(fake.client, frame('staff'), { path: '/admin/staff' });
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
  });

  it('hides the section links from a session below aal2', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler(null) },
      assurance: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    renderWithAuth(fake.client, frame('staff'), { path: '/admin/staff' });
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.client.auth.mfa.getAuthenticatorAssuranceLevel).toHaveBeenCalled(),
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('Sign Out signs out everywhere and lands on /auth', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler(null) },
    });
    renderWithAuth(fake.client, frame('staff'), { path: '/admin/staff' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(fake.auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('Sign Out lets a request already sent come back before the session ends', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin'), staff_profiles: nameHandler(null) },
    });
    let answer = (_rows: string[]) => {};
    const pending = new Promise<string[]>((resolve) => (answer = resolve));
    function Polling() {
      useQuery({ queryKey: ['rows'], queryFn: () => pending });
      return <p>page</p>;
    }
    renderWithAuth(
      fake.client,
      <QueryClientProvider client={new QueryClient()}>
        <StaffAreaFrame current="staff" footer={null}>
          <Polling />
        </StaffAreaFrame>
      </QueryClientProvider>,
      { path: '/admin/staff' },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('status')).toHaveTextContent('Signing out…');
    expect(screen.queryByText('page')).toBeNull();
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    answer([]);
    await waitFor(() => expect(fake.auth.signOut).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('shows the product name alone on /auth, with the footer kept', () => {
    const fake = createFakeSupabase({ session: null });
    renderWithAuth(fake.client, frame());
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Kestrel Data' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });
});
