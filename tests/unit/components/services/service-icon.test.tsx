import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ServiceIcon, serviceIconPaths } from '@/components/services/service-icon';
import { serviceCatalogue } from '@/content/service-catalogue';

/** The drawing of a path with its numbers normalised, so `M3 4` and `M3  4.0` compare equal. */
function drawing(d: string) {
  return d.replace(/-?\d*\.?\d+/g, (number) => String(Number(number))).replace(/\s+/g, ' ');
}

describe('service icons', () => {
  it('draws an icon for every service in the catalogue, and for nothing else', () => {
    expect(Object.keys(serviceIconPaths).sort()).toEqual(
      serviceCatalogue.map((service) => service.slug).sort(),
    );
  });

  it('gives no two services the same drawing', () => {
    const drawings = Object.values(serviceIconPaths).map(drawing);
    expect(new Set(drawings).size).toBe(serviceCatalogue.length);
  });

  it('keeps every drawing inside its 24 × 24 box with absolute coordinates', () => {
    for (const [slug, d] of Object.entries(serviceIconPaths)) {
      expect(d, slug).toMatch(/^M[\d.]/);
      // Each absolute move or line starts on the grid (relative steps are checked by eye).
      for (const [, x, y] of d.matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)) {
        expect(Number(x), `${slug} x`).toBeGreaterThanOrEqual(0);
        expect(Number(x), `${slug} x`).toBeLessThanOrEqual(24);
        expect(Number(y), `${slug} y`).toBeGreaterThanOrEqual(0);
        expect(Number(y), `${slug} y`).toBeLessThanOrEqual(24);
      }
    }
  });

  it('draws the service’s own path through the shared outline icon, at the size asked', () => {
    // The outline itself (stroke, viewBox, hidden from assistive technology) is OutlineIcon's test.
    const { container } = render(<ServiceIcon slug="data-audits" className="size-8" />);
    expect(container.querySelector('svg')).toHaveClass('size-8');
    expect(container.querySelectorAll('path')).toHaveLength(1);
    expect(container.querySelector('path')).toHaveAttribute('d', serviceIconPaths['data-audits']);
  });

  it('names the slug when a service has no drawing', () => {
    expect(() => render(<ServiceIcon slug="no-such-service" />)).toThrow(
      'No icon is drawn for the service "no-such-service"',
    );
  });
});
