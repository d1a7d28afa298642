import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { UpcomingConsultation } from '@/features/admin/consultations/consultation-bookings';
import { UpcomingConsultations } from '@/features/admin/consultations/upcoming-consultations';

import type { PostgrestHandler } from '../../../support/supabase-network';
import { renderAdmin, settledAdminCache, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

function consultation(overrides: Partial<UpcomingConsultation> = {}): UpcomingConsultation {
  return {
    id: 'booking-1',
    submission_id: '00000000-0000-4000-8000-000000000007',
    name: 'Sam Visitor',
    company: 'Acme',
    staff_id: 'staff-1',
    staff_name: 'Ada Lovelace',
    // summer: London is an hour ahead of UTC
    starts_at: '2099-07-01T09:00:00+00:00',
    ends_at: '2099-07-01T09:30:00+00:00',
    confirmed_at: '2099-06-20T08:00:00+00:00',
    hold_until: null,
    ...overrides,
  };
}

function renderList(handler: PostgrestHandler, url = '/admin') {
  const { client, requests } = network.answer({ rpc: { upcoming_consultations: handler } });
  renderAdmin(
    <>
      <UpcomingConsultations pollMs={0} />
      <LocationProbe />
    </>,
    client,
    { url, queryClient: settledAdminCache() },
  );
  return { requests, user: userEvent.setup() };
}

describe('Upcoming consultations', () => {
  it('lists the next ones in London time, who with and with whom on the team', async () => {
    const { requests } = renderList(() => ({
      data: [
        consultation(),
        consultation({
          id: 'booking-2',
          submission_id: '00000000-0000-4000-8000-000000000008',
          name: 'Jo Doe',
          company: null,
          staff_name: null,
          starts_at: '2099-07-02T13:30:00+00:00',
          ends_at: '2099-07-02T14:00:00+00:00',
          confirmed_at: null,
          hold_until: '2099-06-30T16:45:00+00:00',
        }),
      ],
    }));
    const list = await screen.findByRole('list', { name: 'Upcoming consultations, soonest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      'Wed 01 Jul 2099, 10:00–10:30Sam Visitor, Acmewith Ada LovelaceConfirmed',
    );
    expect(second).toHaveTextContent(
      'Thu 02 Jul 2099, 14:30–15:00Jo Doewith a former staff member' +
        'Not confirmed yet — released Tue 30 Jun 2099, 17:45 unless the prospect confirms',
    );
    expect(within(second!).getByText(/^Not confirmed yet/)).toHaveClass('text-xs');
    expect(within(first!).getByRole('link', { name: 'Sam Visitor, Acme' })).toHaveAttribute(
      'href',
      '/admin?enquiry=00000000-0000-4000-8000-000000000007',
    );
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'upcoming_consultations', body: { p_limit: 10 } },
    ]);
  });

  it('opens the enquiry on this page, keeping the list in the address', async () => {
    const { user } = renderList(() => ({ data: [consultation()] }), '/admin?q=acme&page=2');
    const link = await screen.findByRole('link', { name: 'Sam Visitor, Acme' });
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin?q=acme&page=2&enquiry=00000000-0000-4000-8000-000000000007',
    );
  });

  it('opens it from the keyboard too', async () => {
    const { user } = renderList(() => ({ data: [consultation({ company: '  ' })] }));
    const link = await screen.findByRole('link', { name: 'Sam Visitor' });
    link.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin?enquiry=00000000-0000-4000-8000-000000000007',
    );
  });

  it('says when none is booked', async () => {
    renderList(() => ({ data: [] }));
    expect(await screen.findByText('No consultations booked.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming consultations' })).toBeInTheDocument();
  });

  it('says why they could not be loaded', async () => {
    renderList(() => ({ error: { code: '42501', message: 'permission denied' } }));
    expect(
      await screen.findByText(
        'The consultations could not be loaded: Only staff admins signed in with their authenticator code can see or change consultations.',
      ),
    ).toBeInTheDocument();
  });
});
