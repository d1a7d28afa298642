import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ResourcesMenu } from '@/components/layout/resources-menu';

function renderMenu(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ul>
        <ResourcesMenu triggerClassName="" />
      </ul>
      <button type="button">Elsewhere</button>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Resources' });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const mouse = { pointerType: 'mouse' };

describe('Resources menu timings (open 200 ms, close 150 ms, skip 300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 200 ms after the pointer arrives', () => {
    const trigger = renderMenu();
    fireEvent.pointerEnter(trigger.parentElement!, mouse);
    advance(199);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    advance(1);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes 150 ms after the pointer leaves, and reopens at once within the skip delay', () => {
    const trigger = renderMenu();
    const item = trigger.parentElement!;
    fireEvent.pointerEnter(item, mouse);
    advance(200);
    fireEvent.pointerLeave(item, mouse);
    advance(149);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    advance(1);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    advance(250);
    fireEvent.pointerEnter(item, mouse);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('waits the full delay again once the skip delay has passed', () => {
    const trigger = renderMenu();
    const item = trigger.parentElement!;
    fireEvent.pointerEnter(item, mouse);
    advance(200);
    fireEvent.pointerLeave(item, mouse);
    advance(150 + 301);
    fireEvent.pointerEnter(item, mouse);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    advance(200);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Resources menu: hover, then click', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a click on the menu the pointer opened keeps it open, and the next click closes it', () => {
    const trigger = renderMenu();
    fireEvent.pointerEnter(trigger.parentElement!, mouse);
    advance(200);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(trigger);
    advance(1000);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click before the hover delay opens it, and the delay then changes nothing', () => {
    const trigger = renderMenu();
    fireEvent.pointerEnter(trigger.parentElement!, mouse);
    advance(100);
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    advance(500);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('a menu pinned by a click stays when the pointer leaves', () => {
    const trigger = renderMenu();
    const item = trigger.parentElement!;
    fireEvent.pointerEnter(item, mouse);
    advance(200);
    fireEvent.click(trigger);
    fireEvent.pointerLeave(item, mouse);
    advance(1000);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Resources menu current marks', () => {
  it('marks the trigger as the current section and the page in its list', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu('/whitepapers');
    expect(trigger).toHaveAttribute('aria-current', 'true');
    await user.click(trigger);
    expect(screen.getByRole('link', { name: /Whitepapers/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: /Articles/ })).not.toHaveAttribute('aria-current');
  });

  it('marks nothing elsewhere', () => {
    expect(renderMenu('/about')).not.toHaveAttribute('aria-current');
  });
});

describe('Resources menu keyboard', () => {
  it('toggles with Enter, lists the three resources and closes with Escape onto the button', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/case-studies',
      '/whitepapers',
      '/articles',
    ]);
    await user.tab();
    expect(screen.getByRole('link', { name: /Case Studies/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when focus leaves it', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
