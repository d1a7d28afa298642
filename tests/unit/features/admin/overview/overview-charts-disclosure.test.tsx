import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  EnquiryOverviewPanel,
  OverviewCharts,
} from '@/features/admin/overview/enquiry-overview-panel';
import { CHARTS_OPEN_QUERY } from '@/features/admin/overview/overview-charts-disclosure';

import { useSupabaseNetwork } from '../../../support/supabase-network';
import { figuresOf, overviewOf, renderAdmin } from '../admin-test-data';

const network = useSupabaseNetwork();

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

/**
 * The overview strip and its charts, their figures answered by the database. `toggles` counts the
 * toggle events the disclosure has fired: jsdom fires one a task after `open` is added or removed
 * (one for several changes within a task), so a test waits for the count instead of a timer.
 */
function renderPanel() {
  const { client, requests } = network.answer({
    rpc: {
      enquiry_dashboard_figures: () => ({ data: figuresOf() }),
      // the upcoming consultations, listed above the charts: their own request, none here
      upcoming_consultations: () => ({ data: [] }),
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
  const details = summary.closest('details')!;
  const fired = { toggles: 0 };
  details.addEventListener('toggle', () => (fired.toggles += 1));
  const section = screen.getByRole('region', { name: 'Overview' });
  /** Until the one figures request has answered, which both parts share. */
  const settled = async () => {
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    const figures = requests.filter(({ name }) => name !== 'upcoming_consultations');
    expect(figures.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'enquiry_dashboard_figures', body: {} },
    ]);
  };
  return { summary, details, fired, settled };
}

afterEach(() => vi.unstubAllGlobals());

describe('the overview charts disclosure', () => {
  it('starts closed below tablet width, with the six figures still in view', async () => {
    stubWidth(false);
    const { details, settled } = renderPanel();
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
    await settled();
    expect(details).not.toHaveAttribute('open');
  });

  it('starts open from tablet width', async () => {
    stubWidth(true);
    const { details, settled } = renderPanel();
    expect(details).toHaveAttribute('open');
    await settled();
    expect(details).toHaveAttribute('open');
  });

  it('follows the width until the person chooses, then keeps their choice', async () => {
    const resize = stubWidth(true);
    const { summary, details, fired, settled } = renderPanel();
    // the toggle event of React's own opening is not taken for a choice
    await waitFor(() => expect(fired.toggles).toBe(1));
    resize(false);
    expect(details).not.toHaveAttribute('open');
    await waitFor(() => expect(fired.toggles).toBe(2));
    resize(true);
    expect(details).toHaveAttribute('open');
    resize(false);
    expect(details).not.toHaveAttribute('open');
    // opened and closed within one task: one toggle event, which is no choice either
    await waitFor(() => expect(fired.toggles).toBe(3));
    expect(details).not.toHaveAttribute('open');

    await userEvent.setup().click(summary);
    await waitFor(() => expect(fired.toggles).toBe(4));
    expect(details).toHaveAttribute('open');
    resize(true);
    resize(false);
    expect(details).toHaveAttribute('open');
    // the width changed nothing, so no toggle event is on its way to undo the choice
    await settled();
    expect(fired.toggles).toBe(4);
    expect(details).toHaveAttribute('open');
  });
});
