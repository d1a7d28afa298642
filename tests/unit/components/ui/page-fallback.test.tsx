import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PageFallback } from '@/components/ui/page-fallback';

describe('PageFallback', () => {
  it("is the site's spinner, named for the page loading, holding the screen under the header", () => {
    render(<PageFallback />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Loading page…$/);
    expect(status).toHaveClass('min-h-screen-below-header');
    expect(status.querySelector('.animate-spin')).toHaveAttribute('aria-hidden', 'true');
  });
});
