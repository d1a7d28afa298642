import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { nextTabIndex, useTabs } from '@/components/ui/use-tabs';

const fruits = ['apple', 'pear', 'plum'] as const;
type Fruit = (typeof fruits)[number];

function FruitTabs() {
  const [value, setValue] = useState<Fruit>('pear');
  const tabs = useTabs({ values: fruits, value, onValueChange: setValue });
  return (
    <>
      <button type="button">before</button>
      <div {...tabs.listProps} aria-label="Fruit">
        {fruits.map((fruit) => (
          <button key={fruit} {...tabs.tabProps(fruit)}>
            {fruit}
          </button>
        ))}
      </div>
      {fruits.map((fruit) => (
        <div key={fruit} {...tabs.panelProps(fruit)}>
          {fruit} panel
        </div>
      ))}
    </>
  );
}

describe('nextTabIndex', () => {
  it('wraps the arrow keys around and jumps with Home and End', () => {
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowDown', 1, 3)).toBeUndefined();
    expect(nextTabIndex('Enter', 1, 3)).toBeUndefined();
  });
});

describe('useTabs', () => {
  it('links tabs and panels and puts only the selected tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<FruitTabs />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'pear' });
    expect(panel).toHaveTextContent('pear panel');
    expect(screen.getByRole('tab', { name: 'pear' })).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);

    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('tab', { name: 'pear' })).toHaveFocus();
    await user.tab();
    expect(panel).toHaveFocus();
  });

  it('selects as the focus moves: arrows wrap, Home and End jump, a click selects', async () => {
    const user = userEvent.setup();
    render(<FruitTabs />);
    await user.click(screen.getByRole('tab', { name: 'pear' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'plum' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'plum' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('plum panel');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'apple' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('apple panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'plum' })).toHaveAttribute('aria-selected', 'true');

    // Other keys are left alone.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'plum' })).toHaveFocus();

    await user.click(screen.getByRole('tab', { name: 'pear' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('pear panel');
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(3);
  });
});
