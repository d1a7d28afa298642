import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { useAuth } from '@/features/auth/auth-context';
import { AuthScreen } from '@/features/auth/auth-screen';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { startRoleCheck, useRole } from '@/features/auth/use-role';
import AdminPage from '@/pages/admin-page';
import AuthPage from '@/pages/auth-page';

import { createFakeSupabase, fakeSession, roleHandler } from './fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts, renderWithAuth } from './test-helpers';

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

function RoleProbe() {
  const { role, loading, isAdmin } = useRole();
  return <p data-testid="role">{loading ? 'loading' : `${role ?? 'none'}:${String(isAdmin)}`}</p>;
}

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
    error.mockRestore();
  });

  it('follows onAuthStateChange after reading the session', async () => {
    const fake = createFakeSupabase({ session: null });
    function Status() {
      const { status, user } = useAuth();
      return <p data-testid="status">{`${status}:${user?.email ?? ''}`}</p>;
    }
    renderWithAuth(fake.client, <Status />);
    expect(screen.getByTestId('status')).toHaveTextContent('loading:');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out:'));
    fake.emit('SIGNED_IN', fakeSession('ada@example.com'));
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent('signed-in:ada@example.com'),
    );
    fake.emit('SIGNED_OUT', null);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out:'));
  });
});

describe('useRole', () => {
  it('reads the role from user_roles for the signed-in user', async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-42'),
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(fake.client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('admin:true'));
    const query = fake.queries.find((q) => q.table === 'user_roles');
    expect(query?.calls).toContainEqual(['select', 'role']);
    expect(query?.calls).toContainEqual(['eq', 'user_id', 'user-42']);
    expect(query?.calls.at(-1)).toEqual(['maybeSingle']);
  });

  it('takes up a role check started before render instead of asking again', async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com', 'user-42'),
      tables: { user_roles: roleHandler('admin') },
    });
    startRoleCheck(fake.client, 'user-42');
    // the early answer has arrived before the page renders
    await waitFor(() => expect(fake.queries.some((q) => q.table === 'user_roles')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    renderWithAuth(fake.client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('admin:true'));
    expect(fake.queries.filter((q) => q.table === 'user_roles')).toHaveLength(1);
  });

  it('treats a missing role as plain user', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler(null) },
    });
    renderWithAuth(fake.client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('user:false'));
  });

  it('treats a failed lookup as plain user and logs it to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler(new Error('permission denied for table user_roles')) },
    });
    renderWithAuth(fake.client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('user:false'));
    expect(error).toHaveBeenCalledWith(
      'Error fetching user role:',
      expect.objectContaining({ message: 'permission denied for table user_roles' }),
    );
  });

  it('is not loading and has no role when nobody is signed in', async () => {
    const fake = createFakeSupabase();
    renderWithAuth(fake.client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('none:false'));
  });
});

describe('ProtectedRoute', () => {
  const dashboard = (
    <ProtectedRoute adminOnly>
      {({ user, role }) => <h1>{`Dashboard for ${user.email} (${role})`}</h1>}
    </ProtectedRoute>
  );

  it('shows a spinner while the session loads', () => {
    const fake = createFakeSupabase();
    fake.auth.getSession.mockReturnValue(new Promise(() => {}));
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
  });

  it('shows a spinner while the role loads', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: () => new Promise(() => {}) },
    });
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    await waitFor(() => expect(fake.queries.some((q) => q.table === 'user_roles')).toBe(true));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth without a toast', async () => {
    const fake = createFakeSupabase();
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(toasts).toEqual([]);
  });

  it('sends a signed-in non-admin to /auth with the Access Denied toast, once', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('user') },
    });
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(toasts).toEqual([
      {
        title: 'Access Denied',
        description: 'You need admin privileges to access this page.',
        variant: 'destructive',
      },
    ]);
  });

  it('shows the page to an admin', async () => {
    const fake = createFakeSupabase({
      session: fakeSession('ada@example.com'),
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(fake.client, dashboard, { path: '/admin' });
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for ada@example.com (admin)' }),
    ).toBeInTheDocument();
  });

  it('without adminOnly, lets any signed-in user in', async () => {
    const fake = createFakeSupabase({
      session: fakeSession('bob@example.com'),
      tables: { user_roles: roleHandler('user') },
    });
    renderWithAuth(
      fake.client,
      <ProtectedRoute>{({ role }) => <h1>{`Hello ${role}`}</h1>}</ProtectedRoute>,
      { path: '/admin' },
    );
    expect(await screen.findByRole('heading', { name: 'Hello user' })).toBeInTheDocument();
  });
});

describe('/auth for a signed-in user', () => {
  it('sends an admin on to /admin', async () => {
    const fake = createFakeSupabase({
      session: fakeSession(),
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(fake.client, <AuthScreen />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });

  it('tells a non-admin why, instead of bouncing between /auth and /admin, and lets them sign out', async () => {
    const fake = createFakeSupabase({
      session: fakeSession('bob@example.com'),
      tables: { user_roles: roleHandler('user') },
    });
    renderWithAuth(fake.client, <AuthScreen />);
    expect(await screen.findByText(/does not have admin access/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(fake.auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('prerender safety', () => {
  it('renders /auth as the sign-in card and /admin as a spinner on the server, without supabase-js', () => {
    const auth = renderToString(
      <MemoryRouter initialEntries={['/auth']}>
        <AuthPage />
      </MemoryRouter>,
    );
    expect(auth).toContain('Admin Access');
    expect(auth).toContain('Sign In');
    const admin = renderToString(
      <MemoryRouter initialEntries={['/admin']}>
        <AdminPage />
      </MemoryRouter>,
    );
    expect(admin).toContain('Checking your access…');
    expect(admin).not.toContain('Contact Submissions');
  });
});
