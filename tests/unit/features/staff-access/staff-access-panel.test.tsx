import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatSignIn, type StaffMember } from '@/features/staff-access/staff-access';
import { StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

import { createFakeRpcClient } from '../data-requests/fake-rpc-client';

const ada: StaffMember = {
  user_id: 'u1',
  email: 'ada@example.com',
  roles: ['admin'],
  mfa_enrolled: true,
  last_sign_in_at: '2026-11-25T02:38:00Z',
};
const bob: StaffMember = {
  user_id: 'u2',
  email: 'bob@example.com',
  roles: ['admin'],
  mfa_enrolled: false,
  last_sign_in_at: null,
};

function rowOf(email: string) {
  return screen.getByRole('rowheader', { name: email }).closest('tr')!;
}

describe('StaffAccessPanel', () => {
  it('lists each account with its role, MFA and last sign-in', async () => {
    const { client } = createFakeRpcClient({ staff_access: () => ({ data: [ada, bob] }) });
    render(<StaffAccessPanel client={client} />);
    await screen.findByRole('table');
    const cells = (email: string) =>
      within(rowOf(email))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('ada@example.com')).toEqual([
      'admin',
      'Enrolled',
      '25 Nov 2026, 02:38 UTC',
      'Revoke admin',
    ]);
    expect(cells('bob@example.com')).toEqual(['admin', 'Not enrolled', 'Never', 'Revoke admin']);
  });

  it('grants the admin role by e-mail, says so and reloads the list', async () => {
    let staff = [ada];
    const { client, calls } = createFakeRpcClient({
      staff_access: () => ({ data: staff }),
      grant_admin_role: () => {
        staff = [ada, bob];
        return { data: true };
      },
    });
    render(<StaffAccessPanel client={client} />);
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText(/E-mail address of an existing account/),
      ' bob@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Grant admin role' }));
    expect(await screen.findByRole('rowheader', { name: 'bob@example.com' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('bob@example.com is now an admin.');
    expect(calls.find((call) => call.name === 'grant_admin_role')?.args).toEqual({
      _email: 'bob@example.com',
    });
    expect(screen.getByLabelText(/E-mail address of an existing account/)).toHaveValue('');
  });

  it('refuses a malformed address before asking the database', async () => {
    const { client, calls } = createFakeRpcClient({ staff_access: () => ({ data: [ada] }) });
    render(<StaffAccessPanel client={client} />);
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address of an existing account/), 'bob');
    await user.click(screen.getByRole('button', { name: 'Grant admin role' }));
    expect(screen.getByText(/e.g. name@example.com/)).toBeVisible();
    expect(calls.map((call) => call.name)).toEqual(['staff_access']);
  });

  it("shows the database's refusal to remove the last admin", async () => {
    const { client } = createFakeRpcClient({
      staff_access: () => ({ data: [ada] }),
      revoke_admin_role: () => ({
        error: {
          code: 'P0001',
          hint: 'user_roles_last_admin',
          message: 'The last admin cannot lose the admin role. Grant it to another account first.',
        },
      }),
    });
    render(<StaffAccessPanel client={client} />);
    await screen.findByRole('table');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Revoke admin role from ada@example.com' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The last admin cannot lose the admin role. Grant it to another account first.',
    );
    expect(rowOf('ada@example.com')).toBeVisible();
  });

  it('says when the list cannot be read', async () => {
    const { client } = createFakeRpcClient({
      staff_access: () => ({ error: { code: '42501', message: 'permission denied' } }),
    });
    render(<StaffAccessPanel client={client} />);
    expect(
      await screen.findByText(/Only staff admins signed in with their authenticator code/),
    ).toBeVisible();
  });
});

describe('formatSignIn', () => {
  it('formats in UTC without Intl, and says Never for no sign-in', () => {
    expect(formatSignIn('2026-01-05T09:07:00Z')).toBe('5 Jan 2026, 09:07 UTC');
    expect(formatSignIn(null)).toBe('Never');
  });
});
