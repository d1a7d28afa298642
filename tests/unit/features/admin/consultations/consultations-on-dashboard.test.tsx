import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { enquiry, renderDashboard, useDashboardNetwork } from '../admin-test-data';
import { filterOn } from '../../../support/supabase-network';

const network = useDashboardNetwork();

describe('consultations on the dashboard', () => {
  it('lists the upcoming ones below the enquiries', async () => {
    renderDashboard(network, {
      rows: [enquiry(1)],
      rpc: {
        upcoming_consultations: () => ({
          data: [
            {
              id: 'booking-1',
              submission_id: enquiry(1).id,
              name: 'Person 1',
              company: 'Company 1',
              staff_id: 'staff-1',
              staff_name: 'Ada Lovelace',
              starts_at: '2099-12-01T10:00:00+00:00',
              ends_at: '2099-12-01T10:30:00+00:00',
              confirmed_at: null,
              hold_until: '2099-11-29T12:00:00+00:00',
            },
          ],
        }),
      },
    });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming consultations' });
    expect(
      await within(upcoming).findByRole('link', { name: 'Person 1, Company 1' }),
    ).toBeInTheDocument();
    expect(upcoming).toHaveTextContent('Tue 01 Dec 2099, 10:00–10:30');
    expect(upcoming).toHaveTextContent(
      'Not confirmed yet — released Sun 29 Nov 2099, 12:00 unless the prospect confirms',
    );
    const list = screen.getByRole('region', { name: 'Contact Submissions' });
    // after the list, so the enquiries still start on the first screen
    expect(list.compareDocumentPosition(upcoming) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the enquiry's consultation in its record", async () => {
    const { requests } = renderDashboard(network, {
      rows: [enquiry(1)],
      enquiryId: enquiry(1).id,
      tables: {
        consultation_bookings: () => ({
          data: [
            {
              id: 'booking-1',
              staff_id: 'staff-1',
              starts_at: '2099-12-01T10:00:00+00:00',
              ends_at: '2099-12-01T10:30:00+00:00',
              status: 'booked',
              sequence: 0,
              visitor_time_zone: 'Europe/London',
              created_at: '2026-11-28T09:00:00+00:00',
              cancelled_at: null,
              cancelled_by: null,
              confirmed_at: '2026-11-28T09:10:00+00:00',
              hold_until: null,
            },
          ],
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const consultation = await within(dialog).findByRole('region', { name: 'Consultation' });
    expect(
      await within(consultation).findByText('Tue 01 Dec 2099, 10:00–10:30'),
    ).toBeInTheDocument();
    expect(within(consultation).getByRole('button', { name: 'Move' })).toBeInTheDocument();
    expect(
      within(consultation).getByRole('button', { name: 'Cancel consultation' }),
    ).toBeInTheDocument();
    const read = requests.find((request) => request.name === 'consultation_bookings')!;
    expect(filterOn(read, 'submission_id')).toEqual({ op: 'eq', value: enquiry(1).id });
    expect(read.params.get('select')?.split(',')).toEqual(
      expect.arrayContaining(['confirmed_at', 'hold_until']),
    );
    expect(within(consultation).getByText('Confirmed')).toBeInTheDocument();
  });
});
