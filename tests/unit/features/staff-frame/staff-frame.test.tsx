import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StaffFrame } from '@/features/staff-frame/staff-frame';
import { MAIN_CONTENT_ID } from '@/config/paths';

describe('StaffFrame', () => {
  it('has a banner with the product name linking home, the page as main and its own footer', () => {
    render(
      <StaffFrame
        nav={<nav aria-label="Admin sections" />}
        footer={<button>Cookie settings</button>}
      >
        <h1>Staff</h1>
      </StaffFrame>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Kestrel Data' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', MAIN_CONTENT_ID);
    expect(within(main).getByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie settings' }),
    ).toBeInTheDocument();
  });

  it('ends with the element the page template waits for before the first paint, after main', () => {
    for (const footer of [<button key="c">Cookie settings</button>, undefined]) {
      const { container, unmount } = render(<StaffFrame footer={footer}>page</StaffFrame>);
      const end = container.querySelector('#site-footer');
      expect(end).not.toBeNull();
      const main = screen.getByRole('main');
      expect(main.compareDocumentPosition(end!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });

  it('shows the product name alone when given no links, account or footer', () => {
    render(<StaffFrame>page</StaffFrame>);
    expect(within(screen.getByRole('banner')).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
