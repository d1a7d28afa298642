import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { enquiry, renderDashboard, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

let scrolls: ScrollToOptions[];
/** Which page's rows were on screen at each scroll: the first row's name. */
let shownAtScroll: (string | undefined)[];
const firstRowName = () =>
  document.querySelector('[data-enquiry-id]')?.textContent?.match(/Person \d+/)?.[0];

beforeEach(() => {
  captureToasts();
  quietAuditLog();
  scrolls = [];
  shownAtScroll = [];
  vi.stubGlobal('scrollTo', (options: ScrollToOptions) => {
    scrolls.push(options);
    shownAtScroll.push(firstRowName());
  });
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.stubGlobal('scrollTo', () => {});
});

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' ? reduce : true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const rows = Array.from({ length: 30 }, (_, i) => enquiry(i + 1));

describe("after the list's Next or Previous page", () => {
  it.each([
    ['smoothly', false, 'smooth'],
    ['at once for someone who prefers reduced motion', true, 'auto'],
  ] as const)(
    "the list's heading comes to the top of the view and takes focus, %s",
    async (_how, reduce, behavior) => {
      preferReducedMotion(reduce);
      renderDashboard(network, { rows });
      const user = userEvent.setup();
      expect(await screen.findByText('Showing 1–25 of 30 enquiries')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const heading = screen.getByRole('heading', { name: 'Contact Submissions' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolls).toEqual([expect.objectContaining({ behavior })]);
      expect(screen.getByText('Showing 26–30 of 30 enquiries')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await waitFor(() => expect(scrolls).toHaveLength(2));
      expect(heading).toHaveFocus();
      // Each time with the new page's rows on screen: they decide where the list's top ends up.
      expect(shownAtScroll).toEqual(['Person 26', 'Person 1']);
    },
    15_000,
  );
});
