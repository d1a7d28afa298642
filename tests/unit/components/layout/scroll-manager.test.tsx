import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ScrollManager } from '@/components/layout/scroll-manager';

let go: (to: string) => void = () => {};

function Page() {
  go = useNavigate();
  return null;
}

function renderAt(path: string, heading = true) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollManager mainId="main" />
      <Page />
      <button type="button">Link that was followed</button>
      <main id="main" tabIndex={-1}>
        {heading ? <h1>Page heading</h1> : <p>No heading yet</p>}
      </main>
    </MemoryRouter>,
  );
}

describe('ScrollManager focus', () => {
  it('leaves focus alone on the first load', () => {
    renderAt('/');
    expect(document.body).toHaveFocus();
  });

  it('moves focus to the new page heading after a navigation, as a script-only stop', () => {
    renderAt('/');
    screen.getByRole('button').focus();
    act(() => go('/about'));
    const heading = screen.getByRole('heading', { name: 'Page heading' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('falls back to the main region when the page has no heading', () => {
    renderAt('/', false);
    act(() => go('/about'));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('leaves focus to the section scroll on a link to a #section', () => {
    renderAt('/');
    screen.getByRole('button').focus();
    act(() => go('/about#team'));
    expect(screen.getByRole('button')).toHaveFocus();
  });
});
