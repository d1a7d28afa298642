import { act, renderHook, screen, waitFor } from '@testing-library/react';
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

import {
  filterOn,
  useSupabaseNetwork,
  type AuthHandler,
  type NetworkRoutes,
  type PostgrestHandler,
} from '../../support/supabase-network';
import {
  auditActions,
  authCalls,
  captureToasts,
  quietAuditLog,
  releaseToasts,
  renderWithAuth,
} from './test-helpers';

const network = useSupabaseNetwork();

/** A user_roles handler answering with this role (or no row, or a refusal). */
function roleHandler(role: 'admin' | 'user' | null | Error): PostgrestHandler {
  return () =>
    role instanceof Error
      ? { error: { code: '42501', message: role.message } }
      : { data: role ? [{ role }] : [] };
}

/** A signed-in user (aal2 unless said), with these handlers. */
function signedIn(userId: string, email: string, routes: NetworkRoutes = {}) {
  return network.answer({ userId, email, aal: 'aal2', ...routes });
}

/** A gate a held handler awaits until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

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
    const account = { id: 'user-1', email: 'ada@example.com', password: 'secret-passphrase' };
    const { client, requests } = network.answer({ auth: { account } });
    function Status() {
      const { status, user } = useAuth();
      return <p data-testid="status">{`${status}:${user?.email ?? ''}`}</p>;
    }
    renderWithAuth(client, <Status />);
    expect(screen.getByTestId('status')).toHaveTextContent('loading:');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out:'));
    await act(async () => {
      await client.auth.signInWithPassword({
        email: 'ada@example.com',
        password: 'secret-passphrase',
      });
    });
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent('signed-in:ada@example.com'),
    );
    await act(async () => {
      await client.auth.signOut();
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out:'));
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /token',
      'POST /logout',
    ]);
  });
});

describe('useRole', () => {
  it('reads the role from user_roles for the signed-in user', async () => {
    const { client, requests } = signedIn('user-42', 'ada@example.com', {
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('admin:true'));
    expect(requests).toHaveLength(1);
    const [query] = requests;
    expect(query).toMatchObject({ method: 'GET', kind: 'table', name: 'user_roles' });
    expect(query?.params.get('select')).toBe('role');
    expect(filterOn(query!, 'user_id')).toEqual({ op: 'eq', value: 'user-42' });
    expect(query?.params.get('order')).toBe('role.asc');
    // maybeSingle(): an array of at most one row is asked for (not one object), read as one.
    expect(query?.params.get('limit')).toBe('1');
    expect(query?.single).toBe(false);
  });

  it('takes up a role check started before render instead of asking again', async () => {
    const answer = gate();
    const { client, requests } = signedIn('user-42', 'ada@example.com', {
      tables: {
        user_roles: async () => {
          await answer.opened;
          return { data: [{ role: 'admin' }] };
        },
      },
    });
    startRoleCheck(client, 'user-42');
    await waitFor(() => expect(requests).toHaveLength(1));
    // The page renders while the early check is still in flight: it waits for that answer.
    renderWithAuth(client, <RoleProbe />);
    expect(screen.getByTestId('role')).toHaveTextContent('loading');
    answer.open();
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('admin:true'));
    // Rendered after the early answer has arrived, another reader takes it up too.
    renderWithAuth(client, <RoleProbe />);
    await waitFor(() =>
      expect(screen.getAllByTestId('role').map((probe) => probe.textContent)).toEqual([
        'admin:true',
        'admin:true',
      ]),
    );
    expect(requests.filter((request) => request.name === 'user_roles')).toHaveLength(1);
  });

  it('treats a missing role as plain user', async () => {
    const { client } = signedIn('user-1', 'ada@example.com', {
      tables: { user_roles: roleHandler(null) },
    });
    renderWithAuth(client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('user:false'));
  });

  it('treats a failed lookup as plain user and logs it to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = signedIn('user-1', 'ada@example.com', {
      tables: { user_roles: roleHandler(new Error('permission denied for table user_roles')) },
    });
    renderWithAuth(client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('user:false'));
    expect(error).toHaveBeenCalledWith(
      'Error fetching user role:',
      expect.objectContaining({ code: '42501', message: 'permission denied for table user_roles' }),
    );
  });

  it('is not loading and has no role when nobody is signed in', async () => {
    const { client, requests } = network.answer();
    renderWithAuth(client, <RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('none:false'));
    expect(requests).toEqual([]);
  });
});

describe('ProtectedRoute', () => {
  const dashboard = (
    <ProtectedRoute adminOnly>
      {({ user, role }) => <h1>{`Dashboard for ${user.email} (${role})`}</h1>}
    </ProtectedRoute>
  );

  it('shows a spinner while the session loads', async () => {
    // The stored session has expired: reading it waits for the refresh GoTrue holds back.
    const refresh = gate();
    const token: AuthHandler = async (_request, gotrue) => {
      await refresh.opened;
      return gotrue();
    };
    const { client, requests } = signedIn('user-1', 'ada@example.com', {
      auth: { expiresAt: Math.floor(Date.now() / 1000) - 60, handlers: { token } },
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(client, dashboard, { path: '/admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
    await waitFor(() => expect(authCalls(requests)).toHaveLength(1));
    expect(requests[0]?.params.get('grant_type')).toBe('refresh_token');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    refresh.open();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for ada@example.com (admin)' }),
    ).toBeInTheDocument();
  });

  it('shows a spinner while the role loads', async () => {
    const role = gate();
    const { client, requests } = signedIn('user-1', 'ada@example.com', {
      tables: {
        user_roles: async () => {
          await role.opened;
          return { data: [{ role: 'admin' }] };
        },
      },
    });
    renderWithAuth(client, dashboard, { path: '/admin' });
    await waitFor(() =>
      expect(requests.some((request) => request.name === 'user_roles')).toBe(true),
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    role.open();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for ada@example.com (admin)' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth without a toast', async () => {
    const { client, requests } = network.answer();
    renderWithAuth(client, dashboard, { path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(toasts).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('sends a signed-in non-admin to /auth with the Access Denied toast, once', async () => {
    const { client } = signedIn('user-1', 'ada@example.com', {
      tables: { user_roles: roleHandler('user') },
    });
    renderWithAuth(client, dashboard, { path: '/admin' });
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
    const { client } = signedIn('user-1', 'ada@example.com', {
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(client, dashboard, { path: '/admin' });
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for ada@example.com (admin)' }),
    ).toBeInTheDocument();
  });

  it('without adminOnly, lets any signed-in user in', async () => {
    const { client } = signedIn('user-2', 'bob@example.com', {
      aal: 'aal1',
      tables: { user_roles: roleHandler('user') },
    });
    renderWithAuth(
      client,
      <ProtectedRoute>{({ role }) => <h1>{`Hello ${role}`}</h1>}</ProtectedRoute>,
      { path: '/admin' },
    );
    expect(await screen.findByRole('heading', { name: 'Hello user' })).toBeInTheDocument();
  });
});

describe('/auth for a signed-in user', () => {
  it('sends an admin on to /admin', async () => {
    const { client } = signedIn('user-1', 'ada@example.com', {
      tables: { user_roles: roleHandler('admin') },
    });
    renderWithAuth(client, <AuthScreen />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });

  it('tells a non-admin why, instead of bouncing between /auth and /admin, and lets them sign out', async () => {
    const { client, requests } = signedIn('user-2', 'bob@example.com', {
      aal: 'aal1',
      tables: { user_roles: roleHandler('user'), audit_log: () => ({}) },
    });
    renderWithAuth(client, <AuthScreen />);
    expect(await screen.findByText(/does not have admin access/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(authCalls(requests).map(({ method, name }) => `${method} ${name}`)).toEqual([
      'POST /logout',
    ]);
    expect(requests.find((request) => request.name === '/logout')?.params.get('scope')).toBe(
      'global',
    );
    expect(auditActions(requests)).toEqual(['auth_sign_out']);
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
