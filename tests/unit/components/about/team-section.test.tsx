import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TeamSection } from '@/components/about/team-section';
import { team } from '@/content/team';

// Role queries over many nodes are slow in jsdom on a busy machine: allow more than 5 s.
describe('TeamSection', { timeout: 15_000 }, () => {
  it('shows the 11 team members with name, role and biography', () => {
    render(<TeamSection />);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(11);
    cards.forEach((card, index) => {
      const member = team[index]!;
      expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(member.name);
      expect(card).toHaveTextContent(member.role);
      expect(card).toHaveTextContent(member.description);
    });
  });

  it('shows a photo where there is one and initials for everyone else', () => {
    const { container } = render(<TeamSection />);
    const withPhoto = team.filter((member) => member.photo);
    expect(container.querySelectorAll('article img')).toHaveLength(withPhoto.length);
    const initials = screen.queryAllByTestId('avatar-initials').map((avatar) => avatar.textContent);
    expect(initials).toEqual(
      team.filter((member) => !member.photo).map((member) => member.initials),
    );
  });
});
