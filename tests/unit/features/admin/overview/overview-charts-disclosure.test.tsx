import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  EnquiryOverviewPanel,
  OverviewCharts,
} from '@/features/admin/overview/enquiry-overview-panel';
import { CHARTS_OPEN_QUERY } from '@/features/admin/overview/overview-charts-disclosure';

import { overviewOf, renderAdmin } from '../admin-test-data';
import { createFakeAdminClient } from '../fake-admin-client';

/** A window whose width answers CHARTS_OPEN_QUERY with `wide`, and can be resized. */
function stubWidth(initiallyWide: boolean) {
  let wide = initiallyWide;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === CHARTS_OPEN_QUERY ? wide : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) =>
    act(() => {
      wide = next;
      for (const listener of listeners) listener();
    });
}

function renderPanel() {
  const { client } = createFakeAdminClient({
    rpc: {
      enquiry_response_overview: () => ({ data: null, error: { message: 'not here' } }),
      enquiry_source_overview: () => ({ data: [] }),
    },
  });
  renderAdmin(
    <>
      <EnquiryOverviewPanel overview={overviewOf()} pollMs={0} />
      <OverviewCharts overview={overviewOf()} pollMs={0} />
    </>,
    client,
  );
  const summary = screen.getByText('Charts and lead sources', { selector: 'summary' });
  return { summary, details: summary.closest('details')! };
}

afterEach(() => vi.unstubAllGlobals());

describe('the overview charts disclosure', () => {
  it('starts closed below tablet width, with the six figures still in view', async () => {
    stubWidth(false);
    const { details } = renderPanel();
    expect(details).not.toHaveAttribute('open');
    const figures = screen.getAllByRole('term').map((term) => term.textContent);
    expect(figures).toEqual([
      'This week',
      'This month',
      'Open',
      'Closed',
      'Needs a reply',
      'Overdue',
    ]);
    for (const term of screen.getAllByRole('term')) expect(term.closest('details')).toBeNull();
    expect(details).toContainElement(screen.getByText('Enquiries per week, last 12 weeks'));
    // the section still says when its figures are in, closed or not
    const section = screen.getByRole('region', { name: 'Overview' });
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
  });

  it('starts open from tablet width', () => {
    stubWidth(true);
    expect(renderPanel().details).toHaveAttribute('open');
  });

  it('follows the width until the person chooses, then keeps their choice', async () => {
    const resize = stubWidth(true);
    const { summary, details } = renderPanel();
    // the toggle event of React's own opening is not taken for a choice
    await act(() => new Promise((done) => setTimeout(done, 0)));
    resize(false);
    expect(details).not.toHaveAttribute('open');
    await act(() => new Promise((done) => setTimeout(done, 0)));
    resize(true);
    expect(details).toHaveAttribute('open');
    resize(false);
    expect(details).not.toHaveAttribute('open');

    await userEvent.setup().click(summary);
    await waitFor(() => expect(details).toHaveAttribute('open'));
    resize(true);
    resize(false);
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(details).toHaveAttribute('open');
  });
});
