import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PolicyTable } from '@/components/policy/policy-table';
import { PolicyText } from '@/components/policy/policy-text';
import { table } from '@/content/policies/policy-blocks';

describe('PolicyText', () => {
  it('sets the 2 of CO2 as a subscript, wherever it occurs', () => {
    const { container } = render(
      <p>
        <PolicyText text="Rose from 3.2 to 4.0 tCO2e; CO2 and tCO2e again." />
      </p>,
    );
    expect(container.querySelectorAll('sub')).toHaveLength(3);
    expect(container.innerHTML).toContain('tCO<sub>2</sub>e');
    // The text itself is unchanged.
    expect(container.textContent).toBe('Rose from 3.2 to 4.0 tCO2e; CO2 and tCO2e again.');
  });

  it('leaves text without a formula as plain text', () => {
    const { container } = render(
      <p>
        <PolicyText text="Scope 3 (included sources)" />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Scope 3 (included sources)</p>');
  });
});

describe('PolicyTable', () => {
  const cookies = table(
    'Strictly necessary cookies',
    ['Cookie', 'Purpose', 'Duration', 'Set by'],
    [
      ['cookie-consent', 'Stores your choice.', '12 months', 'Kestrel Data'],
      ['auth-token', 'Keeps you signed in.', 'Until sign-out', 'Kestrel Data'],
    ],
  );

  it('gives a wide table a card per row for phones, each value beside its column name', () => {
    const { container } = render(<PolicyTable table={cookies} />);
    const cards = container.querySelector('section');
    expect(cards).toHaveClass('sm:hidden');
    expect(cards).toHaveAccessibleName('Strictly necessary cookies');
    const items = cards!.querySelectorAll('li');
    expect(items).toHaveLength(2);
    const pairs = [...items[0]!.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(pairs).toEqual([
      'Purpose: Stores your choice.',
      'Duration: 12 months',
      'Set by: Kestrel Data',
    ]);
    expect(items[0]!.querySelector('p')).toHaveTextContent('Cookie: cookie-consent');
    // The real table is there too, for wider screens.
    const box = container.querySelector('table')!.parentElement!;
    expect(box).toHaveClass('hidden', 'sm:block');
  });

  it('keeps a two-column table as a table at every width', () => {
    const { container } = render(
      <PolicyTable
        table={table('Emissions (tCO2e)', ['Scope', 'Total (tCO2e)'], [['Scope 1', '0.0']])}
      />,
    );
    expect(container.querySelector('section')).toBeNull();
    expect(container.querySelector('table')!.parentElement).not.toHaveClass('hidden');
    expect(container.querySelectorAll('caption sub, th sub')).toHaveLength(2);
  });
});
