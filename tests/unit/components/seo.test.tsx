import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Seo } from '@/components/layout/seo';
import { organizationJsonLd } from '@/lib/seo/structured-data';

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

  it('renders JSON-LD that parses back to the data, with < escaped', () => {
    const { container } = render(
      <Seo
        title="Home"
        description="x"
        path="/"
        jsonLd={[organizationJsonLd(), { '@type': 'Thing', name: '</script><b>' }]}
      />,
    );
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script?.innerHTML).not.toContain('</script>');
    const data = JSON.parse(script?.textContent ?? '') as Array<Record<string, unknown>>;
    expect(data[0]).toMatchObject({
      '@type': 'Organization',
      foundingDate: '2020',
      areaServed: 'GB',
    });
    expect(data[1]).toMatchObject({ name: '</script><b>' });
  });
});
