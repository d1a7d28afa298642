import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CtaBanner } from '@/components/ui/cta-banner';

describe('CtaBanner', () => {
  it('is a region named by its level-2 heading, with the body and the actions under it', () => {
    render(
      <CtaBanner id="closing-heading" heading="Ready to start?" body="Talk to a senior consultant.">
        <a href="/#contact">Book a call</a>
      </CtaBanner>,
    );
    const region = screen.getByRole('region', { name: 'Ready to start?' });
    const heading = within(region).getByRole('heading', { level: 2, name: 'Ready to start?' });
    expect(heading).toHaveAttribute('id', 'closing-heading');
    expect(heading).not.toHaveClass('mt-5');
    const body = within(region).getByText('Talk to a senior consultant.');
    const link = within(region).getByRole('link', { name: 'Book a call' });
    expect(heading.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(body.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts the lead above the heading, spaced from it, and the tiles after the centred text', () => {
    render(
      <CtaBanner
        id="with-tiles"
        heading="Your success story"
        body="Results first."
        lead={<p>Join 500+ data leaders</p>}
        tiles={
          <ul aria-label="What you get">
            <li>Free session</li>
          </ul>
        }
      >
        <a href="/#contact">Get in touch</a>
      </CtaBanner>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Your success story' });
    expect(heading).toHaveClass('mt-5');
    const lead = screen.getByText('Join 500+ data leaders');
    expect(lead.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const centred = heading.parentElement!;
    expect(centred).toHaveClass('text-center');
    const tiles = screen.getByRole('list', { name: 'What you get' });
    expect(centred.contains(tiles)).toBe(false);
    expect(screen.getByRole('region', { name: 'Your success story' })).toContainElement(tiles);
  });

  it('draws the glow where asked, decorative, and takes a page colour instead of the dark gradient', () => {
    const { container } = render(
      <CtaBanner
        id="themed"
        heading="Book Free Consultation"
        body="Thirty minutes."
        surface="bg-ai-800"
        glow="top-right"
      >
        <a href="/#contact">Book</a>
      </CtaBanner>,
    );
    const glow = container.querySelector('[aria-hidden="true"]');
    expect(glow?.className).toContain('circle_at_85%_15%');
    const panel = glow!.parentElement!;
    expect(panel).toHaveClass('bg-ai-800');
    expect(panel).not.toHaveClass('bg-brand-gradient');
  });
});
