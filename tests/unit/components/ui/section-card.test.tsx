import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SectionCard } from '@/components/ui/section-card';

describe('SectionCard', () => {
  it('is a region named by its level-2 heading, each with its own id', () => {
    render(
      <>
        <SectionCard title="Accounts">
          <p>Two accounts.</p>
        </SectionCard>
        <SectionCard title="Invitations">
          <p>None.</p>
        </SectionCard>
      </>,
    );
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(accounts).toHaveTextContent('Two accounts.');
    expect(screen.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Invitations' })).not.toBe(accounts);
  });
});
