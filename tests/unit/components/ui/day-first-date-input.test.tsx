import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DayFirstDateInput, parseDayFirst, toDayFirst } from '@/components/ui/day-first-date-input';
import { DialogShell } from '@/components/ui/dialog-shell';

describe('parseDayFirst', () => {
  it('reads day, month, year with any common separator', () => {
    expect(parseDayFirst('24/11/2026')).toEqual({ ok: true, value: '2026-11-24' });
    expect(parseDayFirst(' 4.1.2026 ')).toEqual({ ok: true, value: '2026-01-04' });
    expect(parseDayFirst('04-01-2026')).toEqual({ ok: true, value: '2026-01-04' });
    expect(parseDayFirst('')).toEqual({ ok: true, value: '' });
    expect(toDayFirst('2026-01-04')).toBe('04/01/2026');
  });

  it('refuses a month-first date, a day that does not exist, other shapes and a late date', () => {
    expect(parseDayFirst('11/24/2026')).toMatchObject({ ok: false });
    expect(parseDayFirst('31/02/2026')).toEqual({
      ok: false,
      message: 'There is no day 31/02/2026: check the day and the month.',
    });
    expect(parseDayFirst('2026-11-24')).toEqual({
      ok: false,
      message: 'Enter the date as day/month/year, for example 24/11/2026.',
    });
    expect(parseDayFirst('25/11/2026', { latest: '2026-11-24' })).toEqual({
      ok: false,
      message: 'The date cannot be after 24/11/2026.',
    });
  });
});

function Harness({ onCommit }: { onCommit: (value: string) => void }) {
  const [value, setValue] = useState('2026-11-20');
  return (
    <>
      <DayFirstDateInput
        id="when"
        label="When"
        value={value}
        latest="2026-11-24"
        onCommit={(next) => {
          onCommit(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('2026-11-22')}>
        Changed elsewhere
      </button>
    </>
  );
}

describe('DayFirstDateInput', () => {
  it('shows day first, commits a valid date on Enter or leaving, and says what is wrong', async () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const input = screen.getByLabelText('When');
    expect(input).toHaveValue('20/11/2026');
    expect(input).toHaveAccessibleDescription('Day/month/year, e.g. 24/11/2026');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '30/11/2026{Enter}');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/The date cannot be after 24\/11\/2026\./);
    expect(onCommit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '1/11/2026');
    await user.tab();
    expect(onCommit).toHaveBeenCalledWith('2026-11-01');
    expect(input).toHaveValue('01/11/2026');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('follows its value when it changes elsewhere', async () => {
    render(<Harness onCommit={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Changed elsewhere' }));
    expect(screen.getByLabelText('When')).toHaveValue('22/11/2026');
  });
});

function InDialog({ onCommit }: { onCommit: (value: string) => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <DialogShell
      open
      onClose={() => setOpen(false)}
      title="Record"
      description=""
      closeLabel="Close"
    >
      <Harness onCommit={onCommit} />
    </DialogShell>
  ) : (
    <p>Closed</p>
  );
}

describe('DayFirstDateInput in a dialog', () => {
  it.each([
    ['Escape', '{Escape}'],
    ['the Close button', null],
  ])('saves a typed date on %s, then the dialog closes', async (_how, keys) => {
    const onCommit = vi.fn();
    render(<InDialog onCommit={onCommit} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('When');
    await user.clear(input);
    await user.type(input, '23/11/2026');
    if (keys) await user.keyboard(keys);
    else await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('2026-11-23');
    expect(await screen.findByText('Closed')).toBeVisible();
  });
});
