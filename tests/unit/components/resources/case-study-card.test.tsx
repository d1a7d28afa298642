import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CaseStudyCard } from '@/components/resources/case-study-card';
import { caseStudies } from '@/content/case-studies';

describe('CaseStudyCard', { timeout: 15_000 }, () => {
  const study = caseStudies[0]!;

  it('shows industry, clamped title and description, tags and the three metrics', () => {
    render(<CaseStudyCard study={study} priority />);
    expect(screen.getByRole('heading', { level: 3, name: study.title })).toHaveClass(
      'line-clamp-2',
    );
    expect(screen.getByText(study.description)).toHaveClass('line-clamp-4');
    expect(screen.getByText(study.industry)).toBeInTheDocument();
    for (const tag of study.tags) expect(screen.getByText(tag)).toBeInTheDocument();
    expect(screen.getByText(study.metrics.improvement)).toBeInTheDocument();
    expect(screen.getByText(study.metrics.timeline)).toBeInTheDocument();
    expect(screen.getByText(study.metrics.teamSize)).toBeInTheDocument();
  });

  it('marks the featured study and loads a first-row image eagerly', () => {
    render(<CaseStudyCard study={study} priority />);
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: study.imageAlt })).toHaveAttribute('loading', 'eager');
  });

  it('lazy-loads images below the fold and does not mark other studies featured', () => {
    const other = caseStudies[3]!;
    render(<CaseStudyCard study={other} />);
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: other.imageAlt })).toHaveAttribute('loading', 'lazy');
  });

  it('opens the PDF in a new tab, naming the study for screen readers', () => {
    render(<CaseStudyCard study={study} />);
    const link = screen.getByRole('link', {
      name: `Read Full Case Study: ${study.title} (opens in a new tab)`,
    });
    expect(link).toHaveAttribute('href', study.pdfUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
