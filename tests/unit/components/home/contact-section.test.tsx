import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ContactSection } from '@/components/home/contact-section';

describe('ContactSection', () => {
  it('is the #contact anchor with the headline, invitation and three benefits', () => {
    render(<ContactSection />);
    const section = screen.getByRole('region', { name: 'Ready to Transform Your Data Strategy?' });
    expect(section).toHaveAttribute('id', 'contact');
    expect(section).toHaveTextContent(/unlock the full potential of your data/);
    const benefits = within(screen.getByRole('list', { name: 'What you get' })).getAllByRole(
      'listitem',
    );
    expect(benefits.map((item) => item.textContent)).toEqual([
      'Free 30-minute strategy consultation',
      'Custom roadmap for your data journey',
      'No obligation, just expert insights',
    ]);
  });

  it('holds the place of the form with the contact e-mail until a form is passed in', () => {
    const { rerender } = render(<ContactSection />);
    expect(screen.getByRole('heading', { name: 'Tell us about your project' })).toBeInTheDocument();
    const mailLinks = screen.getAllByRole('link', { name: 'hello@kestreldata.co.uk' });
    expect(mailLinks).toHaveLength(2);
    for (const link of mailLinks)
      expect(link).toHaveAttribute('href', 'mailto:hello@kestreldata.co.uk');

    rerender(<ContactSection form={<form aria-label="Enquiry" />} />);
    expect(screen.getByRole('form', { name: 'Enquiry' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Tell us about your project' }),
    ).not.toBeInTheDocument();
    // The direct e-mail line beside the form stays.
    expect(screen.getByRole('link', { name: 'hello@kestreldata.co.uk' })).toBeInTheDocument();
  });
});
