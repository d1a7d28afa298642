import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DialogShell } from '@/components/ui/dialog-shell';
import { MAIN_CONTENT_ID } from '@/config/paths';

function Harness({
  alert = false,
  focusOnClose,
  onAction = () => {},
  removeOpener = false,
}: {
  alert?: boolean;
  focusOnClose?: () => HTMLElement | null;
  onAction?: () => void;
  removeOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      {openerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      ) : null}
      <DialogShell
        open={open}
        onClose={() => setOpen(false)}
        alert={alert}
        title="Delete the draft?"
        description="It cannot be undone."
        closeLabel="Cancel"
        focusOnClose={focusOnClose}
        actions={[
          { label: 'Keep a copy', variant: 'secondary', onClick: onAction },
          {
            label: 'Delete',
            variant: 'primary',
            onClick: () => {
              if (removeOpener) setOpenerShown(false);
              setOpen(false);
            },
          },
        ]}
      >
        {alert ? null : <p>The draft has 3 paragraphs.</p>}
      </DialogShell>
    </main>
  );
}

describe('DialogShell', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the draft?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(within(dialog).getByText('The draft has 3 paragraphs.')).toBeVisible();
    // the close button first, then the actions in the order given, the main one last
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Keep a copy', 'Delete']);
  });

  it('runs an action and keeps the dialog open until the caller closes it', async () => {
    const onAction = vi.fn();
    render(<Harness onAction={onAction} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Keep a copy' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('keeps Tab inside, and Escape or the close button return focus to the opener', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    for (let press = 0; press < 5; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('sends focus to the main content when the opener is gone', async () => {
    render(<Harness removeOpener />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('sends focus to the main content when it opened with nothing focused (a deep link)', async () => {
    function OpenOnLoad() {
      const [open, setOpen] = useState(true);
      return (
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <DialogShell
            open={open}
            onClose={() => setOpen(false)}
            title="Enquiry"
            description="From a link."
            closeLabel="Close"
          />
        </main>
      );
    }
    render(<OpenOnLoad />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('sends focus where focusOnClose says, when it names an element', async () => {
    const target = document.createElement('p');
    target.tabIndex = -1;
    document.body.append(target);
    render(<Harness focusOnClose={() => target} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(target).toHaveFocus());
    target.remove();
  });

  it('focuses the main action first when asked, so Enter takes the safe default', async () => {
    function Confirm({ onKeep }: { onKeep: () => void }) {
      return (
        <DialogShell
          open
          onClose={() => {}}
          alert
          focusMainAction
          title="Leave?"
          description="Unsent text."
          closeLabel="Stay"
          actions={[
            { label: 'Discard', variant: 'outline', onClick: () => {} },
            { label: 'Keep', variant: 'primary', onClick: onKeep },
          ]}
        />
      );
    }
    const onKeep = vi.fn();
    render(<Confirm onKeep={onKeep} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus());
    await userEvent.setup().keyboard('{Enter}');
    expect(onKeep).toHaveBeenCalledOnce();
  });

  it('on Escape leaves the focused field first, as pressing the close button does', async () => {
    const left = vi.fn();
    function WithField() {
      const [open, setOpen] = useState(true);
      return (
        <DialogShell
          open={open}
          onClose={() => setOpen(false)}
          title="Edit"
          description="A field saved on leaving it."
          closeLabel="Close"
        >
          <input aria-label="Field" onBlur={(event) => left(event.target.value)} />
        </DialogShell>
      );
    }
    render(<WithField />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Field' }), 'typed');
    await user.keyboard('{Escape}');
    expect(left).toHaveBeenCalledWith('typed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is an alertdialog for a confirmation', async () => {
    render(<Harness alert />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete the draft?' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
