import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TeamIcon } from '@/components/about/team-icon';
import { OutlineIcon } from '@/components/ui/outline-icon';

describe('OutlineIcon', () => {
  it('draws one path as a decorative 24 × 24 outline, sized by its class', () => {
    const { container } = render(<OutlineIcon d="M4 20V10m6 10V4" className="size-7" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('fill', 'none');
    expect(svg).toHaveAttribute('stroke-width', '1.8');
    expect(svg).toHaveClass('size-7');
    expect(svg.querySelectorAll('path')).toHaveLength(1);
    expect(svg.querySelector('path')).toHaveAttribute('d', 'M4 20V10m6 10V4');
  });

  it('is what a team speciality icon draws, small unless told otherwise', () => {
    const { container } = render(<TeamIcon icon="analytics" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveClass('size-5');
    expect(svg.querySelector('path')).toHaveAttribute('d', 'M4 20V10m6 10V4m6 16v-7m6 7H2');
  });
});
