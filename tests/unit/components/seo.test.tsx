import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Seo } from '@/components/layout/seo';

function head() {
  return document.head;
}

describe('Seo', () => {
  it('puts the title, description, canonical and social tags in the head', () => {
    render(<Seo title="Case Studies" description="What we delivered." path="/case-studies" />);
    expect(document.title).toBe('Case Studies | Kestrel Data');
    expect(head().querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'What we delivered.',
    );
    expect(head().querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://www.kestreldata.co.uk/case-studies',
    );
    expect(head().querySelector('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'https://www.kestreldata.co.uk/case-studies',
    );
    expect(head().querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    expect(head().querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'https://www.kestreldata.co.uk/og-image.png',
    );
    expect(head().querySelector('meta[name="keywords"]')?.getAttribute('content')).toContain(
      'data consultancy',
    );
    expect(head().querySelector('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  });

  it('does not repeat the brand when the title already has it', () => {
    render(<Seo title="Kestrel Data | Data & AI Consultancy UK" description="x" path="/" />);
    expect(document.title).toBe('Kestrel Data | Data & AI Consultancy UK');
  });

  it('marks private pages noindex', () => {
    render(<Seo title="Admin Access" description="Staff only." path="/auth" noindex />);
    expect(head().querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it("drops the prerendered page's structured data once another page is shown", () => {
    document.body.innerHTML = '<div id="root" data-prerendered-path="/about"></div>';
    const data = document.createElement('script');
    data.type = 'application/ld+json';
    data.textContent = '{"@type":"BreadcrumbList"}';
    document.head.append(data);
    const { rerender } = render(<Seo title="About" description="x" path="/about" />);
    expect(head().querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    rerender(<Seo title="Services" description="y" path="/services" />);
    expect(head().querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});
