import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AdminSectionNav } from '@/components/admin/admin-section-nav';

describe('AdminSectionNav', () => {
  it('links the four sections and marks only the current one', () => {
    render(<AdminSectionNav current="staff" />);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enquiries', '/admin'],
      ['Needs a reply', '/admin/needs-reply'],
      ['Data requests', '/admin/data-requests'],
      ['Staff', '/admin/staff'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
