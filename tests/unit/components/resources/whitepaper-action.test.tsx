import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { WhitepaperAction } from '@/components/resources/whitepaper-action';
import { WhitepaperCard } from '@/components/resources/whitepaper-card';
import { whitepapers } from '@/content/whitepapers';

describe('WhitepaperAction', { timeout: 15_000 }, () => {
  it('is a "Download PDF" link opening the PDF in a new tab when available with a link', () => {
    render(
      <WhitepaperAction
        title="Data Strategy"
        available
        downloadUrl="https://example.com/paper.pdf"
      />,
    );
    const link = screen.getByRole('link', {
      name: /^Download PDF: Data Strategy \(opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute('href', 'https://example.com/paper.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is a disabled "Coming Soon" button when the paper is not available', () => {
    render(
      <WhitepaperAction
        title="Data Strategy"
        available={false}
        downloadUrl="https://example.com/paper.pdf"
      />,
    );
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is a disabled "Coming Soon" button when an available paper has no link', () => {
    render(<WhitepaperAction title="Data Strategy" available downloadUrl="" />);
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });
});

describe('WhitepaperCard', { timeout: 15_000 }, () => {
  it('shows the title, category, author, UK date in a <time> and the download link', () => {
    const paper = whitepapers[0]!;
    render(<WhitepaperCard paper={paper} />);
    expect(screen.getByRole('heading', { level: 3, name: paper.title })).toBeInTheDocument();
    expect(screen.getByText(paper.category)).toBeInTheDocument();
    expect(screen.getByText(paper.author)).toBeInTheDocument();
    const time = screen.getByText('17 June 2025');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2025-06-17');
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      paper.downloadUrl,
    );
    expect(screen.getByRole('img', { name: paper.imageAlt })).toHaveAttribute('width', '960');
  });
});
