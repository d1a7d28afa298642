import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SelectOptions } from '@/components/ui/select-options';

const sizes = [
  { value: 's', label: 'Small' },
  { value: 'l', label: 'Large' },
];

function optionsOf(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((option) => [(option as HTMLOptionElement).value, option.textContent]);
}

describe('SelectOptions', () => {
  it('puts the placeholder first with an empty value, then one option per value', () => {
    render(
      <select aria-label="Size" defaultValue="">
        <SelectOptions placeholder="Any size" options={sizes} />
      </select>,
    );
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(optionsOf(select)).toEqual([
      ['', 'Any size'],
      ['s', 'Small'],
      ['l', 'Large'],
    ]);
    expect(select).toHaveDisplayValue('Any size');
  });

  it('has no empty option without a placeholder', () => {
    render(
      <select aria-label="Size" defaultValue="l">
        <SelectOptions options={sizes} />
      </select>,
    );
    expect(optionsOf(screen.getByRole('combobox', { name: 'Size' }))).toEqual([
      ['s', 'Small'],
      ['l', 'Large'],
    ]);
  });
});
