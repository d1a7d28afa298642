import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { HeroStats } from '@/components/home/hero-stats';
import { heroStats } from '@/content/home';

describe('HeroStats', () => {
  it('lists each figure as the definition of its label, the figure shown first', () => {
    const { container } = render(<HeroStats className="mt-12 max-w-xl" />);
    const list = container.querySelector('dl')!;
    expect(list).toHaveClass('grid-cols-3', 'mt-12', 'max-w-xl');
    const terms = screen.getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(heroStats.map((stat) => stat.label));
    for (const [index, term] of terms.entries()) {
      const figure = term.nextElementSibling!;
      expect(figure.tagName).toBe('DD');
      expect(figure).toHaveTextContent(heroStats[index]!.value);
      expect(figure).toHaveClass('order-1');
      expect(term).toHaveClass('order-2');
    }
  });
});
