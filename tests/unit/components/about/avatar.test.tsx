import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Avatar } from '@/components/ui/avatar';

const gradient = { from: '#1d4ed8', to: '#7c3aed' };

describe('Avatar', () => {
  afterEach(() => {
    // Undo the prototype overrides of the "failed before hydration" test.
    delete (HTMLImageElement.prototype as { complete?: boolean }).complete;
    delete (HTMLImageElement.prototype as { naturalWidth?: number }).naturalWidth;
  });

  it('shows the photo when there is one', () => {
    render(
      <Avatar
        name="Daniel Hartley"
        initials="DH"
        gradient={gradient}
        photo="/images/team/daniel-hartley.svg"
      />,
    );
    expect(screen.getByRole('img', { name: 'Portrait of Daniel Hartley' })).toHaveAttribute(
      'src',
      '/images/team/daniel-hartley.svg',
    );
    expect(screen.queryByText('DH')).not.toBeInTheDocument();
  });

  it('shows the initials on the gradient when there is no photo', () => {
    render(<Avatar name="Eleanor Brooks" initials="EB" gradient={gradient} />);
    const initials = screen.getByRole('img', { name: 'Eleanor Brooks' });
    expect(initials).toHaveTextContent('EB');
    expect(initials.getAttribute('style')).toContain('linear-gradient');
  });

  it('falls back to the initials when the photo fails to load', () => {
    render(<Avatar name="Priya Raman" initials="PR" gradient={gradient} photo="/missing.svg" />);
    fireEvent.error(screen.getByRole('img', { name: 'Portrait of Priya Raman' }));
    expect(screen.getByRole('img', { name: 'Priya Raman' })).toHaveTextContent('PR');
  });

  it('falls back when the photo had already failed before the component mounted', () => {
    Object.defineProperty(HTMLImageElement.prototype, 'complete', {
      configurable: true,
      get: () => true,
    });
    Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', {
      configurable: true,
      get: () => 0,
    });
    render(<Avatar name="Priya Raman" initials="PR" gradient={gradient} photo="/missing.svg" />);
    expect(screen.getByText('PR')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Portrait of Priya Raman' })).not.toBeInTheDocument();
  });

  it('hides itself from assistive technology when decorative', () => {
    const { container } = render(
      <Avatar name="Tom Fairbairn" initials="TF" gradient={gradient} decorative />,
    );
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
