import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TestimonialsSection } from '@/components/home/testimonials-section';
import { testimonials } from '@/content/testimonials';

describe('TestimonialsSection', () => {
  it('shows every testimonial, each with its quote, author, title and "Rated 5 out of 5"', () => {
    render(<TestimonialsSection />);
    const section = screen.getByRole('region', { name: 'What Our Clients Say' });
    const cards = within(section).getAllByRole('figure');
    expect(cards).toHaveLength(testimonials.length);
    cards.forEach((card, index) => {
      const testimonial = testimonials[index]!;
      expect(card).toHaveTextContent(testimonial.content);
      expect(card).toHaveTextContent(testimonial.name);
      expect(card).toHaveTextContent(testimonial.title);
      expect(within(card).getByText('Rated 5 out of 5')).toBeInTheDocument();
    });
  });
});
