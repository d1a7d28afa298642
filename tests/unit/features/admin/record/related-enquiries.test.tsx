import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';

import {
  moreRelated,
  RELATED_SHOWN,
  relatedBecause,
  type RelatedEnquiry,
} from '@/features/admin/record/related-enquiries';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { enquiry, renderDashboard, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

function related(n: number, overrides: Partial<RelatedEnquiry> = {}): RelatedEnquiry {
  const row = enquiry(n);
  return {
    id: row.id,
    name: row.Name,
    email: 'same@example.com',
    company: 'Acme Ltd',
    status: 'won',
    created_at: row.created_at,
    held: false,
    same_email: true,
    same_company: false,
    total: 2,
    ...overrides,
  };
}

describe('the related enquiries', () => {
  it('say why each one is listed and how many are left out', () => {
    expect(relatedBecause(related(1))).toBe('Same e-mail address');
    expect(relatedBecause(related(1, { same_email: false, same_company: true }))).toBe(
      'Same company',
    );
    expect(relatedBecause(related(1, { same_company: true }))).toBe(
      'Same e-mail address and company',
    );
    expect(moreRelated({ rows: [related(1), related(2)], total: 9 })).toBe(7);
    expect(moreRelated({ rows: [], total: 0 })).toBe(0);
  });

  it('are listed on the record, newest first, with status, date and reason; spam says so; each opens its own record', async () => {
    const earlier = related(5, { name: 'Ada Again', total: 8 });
    const spam = related(6, {
      name: 'Ada Spam',
      status: 'spam',
      same_email: false,
      same_company: true,
      total: 8,
    });
    const { enquiryChanges, requests } = renderDashboard(network, {
      rows: [enquiry(1)],
      enquiryId: enquiry(1).id,
      rpc: { related_enquiries: () => ({ data: [earlier, spam] }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const section = within(
      within(dialog).getByRole('region', { name: 'Other enquiries from this person or company' }),
    );
    const items = within(
      await section.findByRole('list', { name: 'Other enquiries, newest first' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Won');
    expect(items[0]).toHaveTextContent('Same e-mail address');
    expect(items[1]).toHaveTextContent('Spam');
    expect(items[1]).toHaveTextContent('Same company');
    expect(section.getByText('and 6 more enquiries')).toBeInTheDocument();
    const asked = requests.find(({ kind, name }) => kind === 'rpc' && name === 'related_enquiries');
    expect(asked?.method).toBe('POST');
    expect(asked?.body).toEqual({ _submission_id: enquiry(1).id, _limit: RELATED_SHOWN });

    await userEvent
      .setup()
      .click(section.getByRole('button', { name: /^Open enquiry from Ada Spam, received / }));
    await waitFor(() => expect(enquiryChanges).toEqual([spam.id]));
  });

  it('say when there are none', async () => {
    renderDashboard(network, { rows: [enquiry(1)], enquiryId: enquiry(1).id });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(
      await within(dialog).findByText('None: no other enquiry has this e-mail address or company.'),
    ).toBeInTheDocument();
  });

  it('say so in the record when they could not be loaded, without a toast', async () => {
    renderDashboard(network, {
      rows: [enquiry(1)],
      enquiryId: enquiry(1).id,
      rpc: {
        related_enquiries: () => ({ error: { code: '42501', message: 'refused' } }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(
      await within(dialog).findByText('The other enquiries could not be loaded.'),
    ).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });
});
