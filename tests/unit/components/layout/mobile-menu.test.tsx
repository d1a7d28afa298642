import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MobileMenu } from '@/components/layout/mobile-menu';

function renderMenu(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <header>
        <MobileMenu />
      </header>
      <main>
        <a href="/elsewhere">A link on the page</a>
      </main>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Open menu' });
}

const menu = () => screen.queryByRole('navigation', { name: 'Mobile' });

afterEach(() => {
  document.documentElement.style.overflow = '';
  vi.unstubAllGlobals();
});

describe('MobileMenu', () => {
  it('opens over a backdrop and locks the page scroll until it closes', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    expect(menu()).toBeNull();
    expect(screen.queryByTestId('mobile-menu-backdrop')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu()).toBeVisible();
    expect(screen.getByTestId('mobile-menu-backdrop')).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.click(toggle);
    expect(menu()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('a click outside closes it, returns focus to the toggle and is not followed', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    await user.click(toggle);
    const followed = vi.fn();
    document.addEventListener('click', followed);
    await user.click(screen.getByTestId('mobile-menu-backdrop'));
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'A link on the page' }));
    document.removeEventListener('click', followed);
    expect(menu()).toBeNull();
    expect(toggle).toHaveFocus();
    // Only the toggle's own click went through; the two outside clicks stopped at the menu.
    expect(followed).toHaveBeenCalledTimes(1);
  });

  it('Escape from a link closes it and puts focus back on the toggle', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    await user.click(toggle);
    screen.getByRole('link', { name: 'Articles' }).focus();
    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the toggle and the menu', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    await user.click(toggle);
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      await user.tab();
      names.push(document.activeElement?.textContent?.trim() || 'toggle');
    }
    expect(names).toEqual([
      'About',
      'Services',
      'Case Studies',
      'Whitepapers',
      'Articles',
      'Contact',
      'toggle',
      'About',
    ]);
    await user.tab({ shift: true });
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveFocus();
  });

  it('marks the current page, and Services as the section of a service page', async () => {
    const user = userEvent.setup();
    await user.click(renderMenu('/case-studies'));
    expect(screen.getByRole('link', { name: 'Case Studies' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });

  it('Services is the current section on a service page', async () => {
    const user = userEvent.setup();
    await user.click(renderMenu('/service/data-strategy'));
    expect(screen.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'true');
  });

  it('following one of its links closes it without pulling focus back to the toggle', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    await user.click(toggle);
    const about = screen.getByRole('link', { name: 'About' });
    about.addEventListener('click', (event) => event.preventDefault());
    await user.click(about);
    expect(menu()).toBeNull();
    expect(toggle).not.toHaveFocus();
  });

  it('closes when the viewport grows to the desktop layout', async () => {
    let listener: (() => void) | undefined;
    const query = {
      matches: false,
      addEventListener: (_: string, fn: () => void) => (listener = fn),
      removeEventListener: () => (listener = undefined),
    };
    vi.stubGlobal('matchMedia', () => query);
    const user = userEvent.setup();
    await user.click(renderMenu());
    expect(menu()).toBeVisible();
    query.matches = true;
    act(() => listener?.());
    expect(menu()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
