import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { EmailForm } from '@/components/ui/email-form';

function Harness({
  onSubmit,
  hint,
  error,
}: {
  onSubmit: () => void;
  hint?: string;
  error?: string;
}) {
  const [value, setValue] = useState('');
  return (
    <EmailForm
      name="Invite someone"
      label="E-mail address"
      hint={hint}
      error={error}
      value={value}
      onValueChange={setValue}
      onSubmit={onSubmit}
      submitLabel="Invite"
      busy={value === 'busy@example.com'}
    />
  );
}

describe('EmailForm', () => {
  it('is a named form with a required e-mail field whose submit the caller handles', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toHaveAttribute('novalidate');
    const field = screen.getByRole('textbox', { name: /E-mail address/ });
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('aria-required', 'true');
    await user.type(field, 'not an address{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(field).toHaveValue('not an address');
  });

  it('links the hint and the error to the field, and disables the button while busy', async () => {
    render(<Harness onSubmit={() => {}} hint="Any case." error="Enter an address." />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: /E-mail address/ });
    expect(field).toHaveAccessibleDescription('Any case. Enter an address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const button = screen.getByRole('button', { name: 'Invite' });
    expect(button).toHaveClass('sm:mb-[1.625rem]');
    await user.type(field, 'busy@example.com');
    expect(button).toBeDisabled();
  });

  it('keeps the button level with the field when there is no hint', () => {
    render(<Harness onSubmit={() => {}} />);
    expect(screen.getByRole('button', { name: 'Invite' })).not.toHaveClass('sm:mb-[1.625rem]');
  });
});
