import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ActionButtons } from '@/components/ui/action-buttons';

function Saving() {
  const [saving, setSaving] = useState(false);
  return (
    <ActionButtons
      actions={[
        { label: 'Reset', variant: 'outline', onClick: () => {} },
        {
          label: saving ? 'Saving…' : 'Save',
          variant: 'primary',
          className: 'w-40',
          onClick: () => setSaving(true),
        },
      ]}
    />
  );
}

describe('ActionButtons', () => {
  it('renders plain buttons in order with their variant, size and extra classes', () => {
    render(<Saving />);
    const [reset, save] = screen.getAllByRole('button');
    expect(reset).toHaveTextContent('Reset');
    expect(reset).toHaveAttribute('type', 'button');
    expect(reset).toHaveClass('border-slate-300', 'text-sm');
    expect(save).toHaveClass('bg-brand-700', 'w-40');
  });

  it('keeps the same button, and its focus, when its label changes', async () => {
    render(<Saving />);
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBe(save);
    expect(save).toHaveFocus();
  });
});
