import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ServiceCard } from '@/components/services/service-card';
import { serviceIconPaths } from '@/components/services/service-icon';
import { requireServiceSummary } from '@/content/service-catalogue';

const service = requireServiceSummary('genai-training-development');

function renderCard(props: Partial<Parameters<typeof ServiceCard>[0]> = {}) {
  return render(<ServiceCard service={service} {...props} />);
}

describe('ServiceCard', () => {
  it('links the service name to its page and shows its short description', () => {
    renderCard();
    const heading = screen.getByRole('heading', { level: 3 });
    const link = within(heading).getByRole('link');
    expect(link).toHaveAccessibleName(service.name);
    expect(link).toHaveAttribute('href', '/service/genai-training-development');
    expect(screen.getByText(service.shortDescription)).toBeInTheDocument();
    // The card has one link, so "Learn more" is decoration, not a second link.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Learn more')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the service’s own icon in its pillar’s colours', () => {
    const { container } = renderCard();
    const path = container.querySelector('svg[aria-hidden="true"] path');
    expect(path).toHaveAttribute('d', serviceIconPaths['genai-training-development']);
    expect(path!.closest('span')).toHaveClass('bg-ai-100', 'text-ai-800');
  });

  it('is roomy by default: stacked, "Learn more" always shown, placeholders for phones and desktops', () => {
    renderCard();
    const card = screen.getByRole('article');
    expect(card).toHaveClass('flex-col', 'render-near-viewport-61', 'lg:render-near-viewport-64');
    expect(screen.getByText('Learn more')).toHaveClass('inline-flex');
    expect(screen.getByText('Learn more')).not.toHaveClass('hidden');
  });

  it('is compact for the home tabs: icon beside the text on phones, a smaller placeholder', () => {
    renderCard({ variant: 'compact', headingLevel: 'h4' });
    const card = screen.getByRole('article');
    expect(card).toHaveClass('render-near-viewport-32', 'sm:flex-col');
    expect(card).not.toHaveClass('flex-col');
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent(service.name);
    expect(screen.getByText('Learn more')).toHaveClass('hidden', 'sm:inline-flex');
  });
});
