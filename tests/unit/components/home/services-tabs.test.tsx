import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ServicesTabs } from '@/components/home/services-tabs';

/** The service cards' links in a panel (the panel also holds a "Book a free strategy call" link). */
function serviceLinks(panel: HTMLElement) {
  return within(panel)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/service/'));
}

function renderTabs() {
  return render(
    <MemoryRouter>
      <ServicesTabs />
    </MemoryRouter>,
  );
}

// Role queries over many nodes are slow in jsdom on a busy machine: allow more than 5 s.
describe('ServicesTabs', { timeout: 15_000 }, () => {
  it('shows the three pillars with Data selected by default and its 13 services', () => {
    renderTabs();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Data', 'AI', 'Digital']);
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(serviceLinks(panel)).toHaveLength(13);
    expect(within(panel).getByRole('link', { name: 'Data Strategy' })).toHaveAttribute(
      'href',
      '/service/data-strategy',
    );
  });

  it('moves between tabs with the arrow keys and shows that pillar’s services', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'Data' }));
    await user.keyboard('{ArrowRight}');
    const ai = screen.getByRole('tab', { name: 'AI' });
    expect(ai).toHaveFocus();
    expect(ai).toHaveAttribute('aria-selected', 'true');
    expect(serviceLinks(screen.getByRole('tabpanel'))).toHaveLength(4);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Digital' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('tabpanel')).getByRole('link', { name: /Digital Transformation/ }),
    ).toBeVisible();

    // Wraps around from the last tab to the first.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the inactive panels in the markup, hidden, so every service link is crawlable', () => {
    const { container } = renderTabs();
    const panels = container.querySelectorAll('[role="tabpanel"]');
    expect(panels).toHaveLength(3);
    expect([...panels].map((panel) => panel.hasAttribute('hidden'))).toEqual([false, true, true]);
    expect(container.querySelectorAll('a[href^="/service/"]')).toHaveLength(21);
  });

  it('closes each pillar’s grid with a call to the contact section', () => {
    renderTabs();
    expect(
      within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Book a free strategy call' }),
    ).toHaveAttribute('href', '/#contact');
  });
});
