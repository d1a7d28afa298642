import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AccreditationsSection } from '@/components/home/accreditations-section';

describe('AccreditationsSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists Cyber Essentials, Cyber Essentials+ and ISO 27001, each Certified', () => {
    render(<AccreditationsSection />);
    const items = screen.getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Cyber Essentials',
      'Cyber Essentials+',
      'ISO 27001',
    ]);
    for (const item of items) expect(item).toHaveTextContent('Certified');
  });

  it('logs a warning when a badge image fails to load', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<AccreditationsSection />);
    fireEvent.error(screen.getByRole('img', { name: 'ISO 27001 certified badge' }));
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('/images/accreditations/iso-27001.svg'),
    );
  });
});
