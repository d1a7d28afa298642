import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';

describe('AdminSectionNav', () => {
  it('links the five sections and marks only the current one', () => {
    render(<AdminSectionNav current="staff" />);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enquiries', '/admin'],
      ['Needs a reply', '/admin/needs-reply'],
      ['Availability', '/admin/availability'],
      ['Data requests', '/admin/data-requests'],
      ['Staff', '/admin/staff'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('shows the count waiting for a first reply on Needs a reply, heard as part of its name', () => {
    render(<AdminSectionNav current="enquiries" awaitingReply={12} />);
    const link = screen.getByRole('link', { name: 'Needs a reply (12 waiting)' });
    expect(link).toHaveAttribute('href', '/admin/needs-reply');
    expect(link).toHaveTextContent(/^Needs a reply 12\(12 waiting\)$/);
    expect(within(link).getByText('12')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Enquiries' })).toHaveTextContent(/^Enquiries$/);
  });

  it("keeps the badge's room unseen and unsaid while the count loads, and says 0 when nothing waits", () => {
    const { unmount } = render(<AdminSectionNav current="needsReply" awaitingReply={null} />);
    const loading = screen.getByRole('link', { name: 'Needs a reply' });
    expect(loading).toHaveAttribute('aria-current', 'page');
    expect(within(loading).getByText('0')).toHaveClass('invisible');
    expect(within(loading).getByText('0')).toHaveAttribute('aria-hidden', 'true');
    unmount();

    render(<AdminSectionNav current="needsReply" awaitingReply={0} />);
    const none = screen.getByRole('link', { name: 'Needs a reply (0 waiting)' });
    expect(within(none).getByText('0')).not.toHaveClass('invisible');
  });

  it('has no badge when no count is asked for', () => {
    render(<AdminSectionNav current="staff" />);
    expect(screen.getByRole('link', { name: 'Needs a reply' })).toHaveTextContent(
      /^Needs a reply$/,
    );
  });
});
