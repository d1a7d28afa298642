import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ResourceByline } from '@/components/resources/resource-byline';
import { WhitepaperCard } from '@/components/resources/whitepaper-card';
import { whitepapers } from '@/content/whitepapers';

describe('ResourceByline', () => {
  it('gives every item its own leading separator inside a box that clips the line start', () => {
    const { container } = render(
      <ResourceByline items={['Ada Lovelace', '1 May 2025', '12 pages']} />,
    );
    const line = container.querySelector('p')!;
    expect(line).toHaveClass('overflow-hidden');
    const row = line.firstElementChild!;
    expect(row).toHaveClass('-ml-4', 'flex-wrap');
    const items = [...row.children];
    expect(items.map((item) => item.textContent)).toEqual([
      '·Ada Lovelace',
      '·1 May 2025',
      '·12 pages',
    ]);
    for (const item of items) {
      const dot = item.firstElementChild!;
      expect(dot).toHaveAttribute('aria-hidden', 'true');
      // As wide as the row is pulled left: the dot of an item that starts a line is clipped.
      expect(dot).toHaveClass('w-4');
    }
  });

  it('is what the whitepaper card uses for author, date and length', () => {
    const paper = whitepapers[0]!;
    const { container } = render(<WhitepaperCard paper={paper} />);
    const line = container.querySelector('p.overflow-hidden')!;
    expect(line).toHaveTextContent(paper.author);
    expect(line.querySelector('time')).not.toBeNull();
    expect(line).toHaveTextContent(`${paper.pages} pages`);
    // No separator sits between items as an item of its own.
    expect([...line.firstElementChild!.children].every((item) => item.textContent !== '·')).toBe(
      true,
    );
  });
});
