import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatSignIn, type StaffMember } from '@/features/staff-access/staff-access';
import { StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

import { useSupabaseNetwork, type PostgrestHandler } from '../../support/supabase-network';
import { renderAdmin } from '../admin/admin-test-data';

const network = useSupabaseNetwork();

const ada: StaffMember = {
  user_id: 'u1',
  email: 'ada@example.com',
  roles: ['admin'],
  mfa_enrolled: true,
  last_sign_in_at: '2026-11-25T02:38:00Z',
  display_name: 'Ada Lovelace',
};
const bob: StaffMember = {
  user_id: 'u2',
  email: 'bob@example.com',
  roles: ['admin'],
  mfa_enrolled: false,
  last_sign_in_at: null,
  display_name: null,
};

/**
 * The panel with the database functions answering as `rpc` says, signed in as Ada unless told
 * otherwise; gives the requests that reached the database.
 */
function renderPanel(rpc: Record<string, PostgrestHandler>, me = 'u1') {
  const { client, requests } = network.answer({ rpc, userId: me });
  renderAdmin(<StaffAccessPanel currentUserId={me} />, client);
  return requests;
}

/** The database functions called, in order. */
const names = (requests: { name: string }[]) => requests.map(({ name }) => name);

/** The arguments of each call of `fn`, as sent in the request body. */
const argsOf = (requests: { name: string; body: unknown }[], fn: string) =>
  requests.filter(({ name }) => name === fn).map(({ body }) => body);

const table = () => screen.getByRole('table');
const cards = () => screen.getByRole('list', { name: 'Accounts holding a role' });

function rowOf(name: RegExp) {
  return within(table()).getByRole('rowheader', { name }).closest('tr')!;
}

function cardOf(email: string) {
  return within(cards())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(email))!;
}

describe('StaffAccessPanel', () => {
  it('lists each person by name and address with role, MFA and last sign-in', async () => {
    renderPanel({ staff_access: () => ({ data: [ada, bob] }) });
    await screen.findByRole('table');
    const cells = (name: RegExp) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rowOf(/Ada Lovelace/)).toHaveTextContent('ada@example.com');
    expect(cells(/Ada Lovelace/)).toEqual([
      'admin',
      'Enrolled',
      '25 Nov 2026, 02:38',
      'Your account',
    ]);
    expect(cells(/bob@example.com/)).toEqual(['admin', 'Not enrolled', 'Never', 'Revoke admin']);
    expect(rowOf(/bob@example.com/)).toHaveTextContent('No name given');
  });

  it('shows the same people as cards for narrow screens (table from tablet width up)', async () => {
    renderPanel({ staff_access: () => ({ data: [ada, bob] }) });
    await screen.findByRole('table');
    expect(table()).toHaveClass('hidden', 'md:table');
    expect(cards()).toHaveClass('md:hidden');
    const bobCard = cardOf('bob@example.com');
    const terms = within(bobCard)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const details = within(bobCard)
      .getAllByRole('definition')
      .map((detail) => detail.textContent);
    expect(terms).toEqual(['Role', 'MFA', 'Last sign-in']);
    expect(details).toEqual(['admin', 'Not enrolled', 'Never']);
    expect(
      within(bobCard).getByRole('button', { name: 'Revoke admin role from bob@example.com' }),
    ).toBeVisible();
    expect(within(cardOf('ada@example.com')).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('lets an address wrap before the @ and after dots', async () => {
    const long = { ...bob, email: 'firstname.lastname@department.example.co.uk' };
    renderPanel({ staff_access: () => ({ data: [long] }) }, 'someone-else');
    await screen.findByRole('table');
    const address = within(rowOf(/firstname/)).getByText(
      (_, element) =>
        element?.tagName === 'SPAN' &&
        element.textContent === long.email &&
        element.querySelector(':scope > wbr') !== null,
    );
    expect(address.innerHTML).toBe(
      'firstname.<wbr>lastname<wbr>@department.<wbr>example.<wbr>co.<wbr>uk',
    );
  });

  it('offers no revoke on your own row', async () => {
    renderPanel({ staff_access: () => ({ data: [ada, bob] }) });
    await screen.findByRole('table');
    expect(within(rowOf(/Ada Lovelace/)).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(rowOf(/Ada Lovelace/)).getByText('Your account')).toBeInTheDocument();
  });

  it('revokes only after a confirmation that names the person', async () => {
    let staff = [ada, bob];
    const requests = renderPanel(
      {
        staff_access: () => ({ data: staff }),
        revoke_admin_role: () => {
          staff = [bob];
          return { data: true };
        },
      },
      'u2',
    );
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(
      within(table()).getByRole('button', { name: 'Revoke admin role from Ada Lovelace' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Revoke the admin role from Ada Lovelace?',
    });
    expect(dialog).toHaveTextContent('ada@example.com will no longer see enquiries');
    expect(dialog).toHaveTextContent('the enquiries assigned to them return to the team');
    expect(dialog).toHaveTextContent('their bookings feed and busy calendar are removed');
    expect(names(requests)).toEqual(['staff_access']);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(names(requests)).toEqual(['staff_access']);

    await user.click(
      within(table()).getByRole('button', { name: 'Revoke admin role from Ada Lovelace' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke admin role' }),
    );
    expect(await screen.findByText('Ada Lovelace is no longer an admin.')).toBeVisible();
    expect(argsOf(requests, 'revoke_admin_role')).toEqual([{ _email: 'ada@example.com' }]);
    // the list is read again after the change, and the dialog closes once it has answered
    await waitFor(() =>
      expect(within(table()).queryByRole('rowheader', { name: /Ada Lovelace/ })).toBeNull(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(names(requests)).toEqual(['staff_access', 'revoke_admin_role', 'staff_access']);
  });

  it('sets a name in a dialog, checked first and then by the database', async () => {
    let staff = [ada, bob];
    const requests = renderPanel({
      staff_access: () => ({ data: staff }),
      set_staff_name: ({ body }) => {
        const args = body as { _user_id: string; _name: string };
        if (args._name === 'Bob\tBuilder') {
          return {
            error: {
              code: '22023',
              hint: 'staff_name_control_characters',
              message: 'A name cannot contain line breaks or tabs.',
            },
          };
        }
        staff = [ada, { ...bob, display_name: args._name }];
        return { data: args._name };
      },
    });
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(within(table()).getByRole('button', { name: 'Edit name of bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Staff name' });
    const field = within(dialog).getByLabelText(/Name/);
    expect(field).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Enter a name, e.g. Jo Bloggs.')).toBeVisible();
    expect(names(requests)).toEqual(['staff_access']);

    await user.click(field);
    await user.paste('Bob\tBuilder');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(
      await within(dialog).findByText('A name cannot contain line breaks or tabs.'),
    ).toBeVisible();

    await user.clear(field);
    await user.type(field, '  Bob Builder {Enter}');
    expect(await screen.findByText('bob@example.com is now shown as Bob Builder.')).toBeVisible();
    expect(argsOf(requests, 'set_staff_name')).toEqual([
      { _user_id: 'u2', _name: 'Bob\tBuilder' },
      { _user_id: 'u2', _name: 'Bob Builder' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // the list is read again and shows the new name
    await within(table()).findByRole('rowheader', { name: /Bob Builder/ });
    expect(rowOf(/Bob Builder/)).toHaveTextContent('bob@example.com');
    expect(names(requests)).toEqual([
      'staff_access',
      'set_staff_name',
      'set_staff_name',
      'staff_access',
    ]);
  });

  it('grants the admin role by e-mail, says so and reloads the list', async () => {
    let staff = [ada];
    const requests = renderPanel({
      staff_access: () => ({ data: staff }),
      grant_admin_role: () => {
        staff = [ada, bob];
        return { data: true };
      },
    });
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText(/E-mail address of an existing account/),
      ' bob@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Grant admin role' }));
    expect(
      await within(table()).findByRole('rowheader', { name: /bob@example.com/ }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('bob@example.com is now an admin.');
    expect(argsOf(requests, 'grant_admin_role')).toEqual([{ _email: 'bob@example.com' }]);
    expect(names(requests)).toEqual(['staff_access', 'grant_admin_role', 'staff_access']);
    expect(screen.getByLabelText(/E-mail address of an existing account/)).toHaveValue('');
  });

  it('refuses a malformed address before asking the database', async () => {
    const requests = renderPanel({ staff_access: () => ({ data: [ada] }) });
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address of an existing account/), 'bob');
    await user.click(screen.getByRole('button', { name: 'Grant admin role' }));
    expect(screen.getByText(/e.g. name@example.com/)).toBeVisible();
    expect(names(requests)).toEqual(['staff_access']);
  });

  it("shows the database's refusal, e.g. to remove the last admin", async () => {
    const requests = renderPanel(
      {
        staff_access: () => ({ data: [ada, bob] }),
        revoke_admin_role: () => ({
          error: {
            code: 'P0001',
            hint: 'user_roles_last_admin',
            message:
              'The last admin cannot lose the admin role. Grant it to another account first.',
          },
        }),
      },
      'u2',
    );
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(
      within(table()).getByRole('button', { name: 'Revoke admin role from Ada Lovelace' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke admin role' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The last admin cannot lose the admin role. Grant it to another account first.',
    );
    expect(rowOf(/Ada Lovelace/)).toBeVisible();
    expect(argsOf(requests, 'revoke_admin_role')).toEqual([{ _email: 'ada@example.com' }]);
  });

  it('says when the list cannot be read', async () => {
    renderPanel({
      staff_access: () => ({ error: { code: '42501', message: 'permission denied' } }),
    });
    expect(
      await screen.findByText(/Only staff admins signed in with their authenticator code/),
    ).toBeVisible();
  });
});

describe('formatSignIn', () => {
  it("writes the staff area's one date form in London time, and says Never for no sign-in", () => {
    expect(formatSignIn('2026-01-05T09:07:00Z')).toBe('05 Jan 2026, 09:07');
    // British Summer Time: an hour ahead of UTC.
    expect(formatSignIn('2026-07-05T09:07:00Z')).toBe('05 Jul 2026, 10:07');
    expect(formatSignIn(null)).toBe('Never');
  });
});
