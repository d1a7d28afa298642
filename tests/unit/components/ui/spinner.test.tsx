import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Spinner } from '@/components/ui/spinner';

describe('Spinner', () => {
  it('is a status region named only by its label; the wheel is hidden from assistive technology', () => {
    render(<Spinner label="Loading enquiry…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Loading enquiry…$/);
    const wheel = status.querySelector('.animate-spin');
    expect(wheel).toHaveAttribute('aria-hidden', 'true');
    expect(wheel).toHaveClass('size-8');
  });

  it('takes a larger size and the layout classes of its box', () => {
    render(<Spinner label="Checking your access…" size="lg" className="flex py-16" />);
    const status = screen.getByRole('status');
    expect(status).toHaveClass('flex', 'py-16');
    expect(status.querySelector('.animate-spin')).toHaveClass('size-10');
  });
});
