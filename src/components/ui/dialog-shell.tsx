import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';

import { ActionButtons, type ButtonAction } from '@/components/ui/action-buttons';
import { buttonClass } from '@/components/ui/button-styles';
import { MAIN_CONTENT_ID } from '@/config/paths';

type DialogShellProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The label of the button that closes without doing anything ("Cancel", "Close"). */
  closeLabel: string;
  /** Buttons after the close button, the main one last. */
  actions?: readonly ButtonAction[];
  /** A confirmation that interrupts (role alertdialog, narrower, no body). */
  alert?: boolean;
  /** Focus the main (last) action on opening instead of the first control: the safe default. */
  focusMainAction?: boolean;
  /**
   * Below 1280 px, start near the top and leave a band at the foot of the screen, where a toast
   * shows without covering the dialog's buttons (wider, toasts sit beside the dialog). For a tall
   * dialog whose work confirms itself with toasts.
   */
  toastRoom?: boolean;
  /**
   * Where focus goes on close instead of back to the element that opened the dialog, e.g. a
   * message that replaced it; null to return as usual.
   */
  focusOnClose?: () => HTMLElement | null;
  /** The scrolling body between the heading and the buttons. */
  children?: ReactNode;
};

/**
 * A modal dialog: heading and description, an optional scrolling body, then the close button and
 * the actions. Focus is trapped inside while it is open. These dialogs open from code, not from
 * a Radix trigger, so on close focus returns to the element that had it when the dialog opened
 * (or to the main content when that element is gone).
 */
export function DialogShell({ open, onClose, ...content }: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      {open ? <ShellContent {...content} /> : null}
    </Dialog.Root>
  );
}

function ShellContent({
  title,
  description,
  closeLabel,
  actions = [],
  alert = false,
  focusMainAction = false,
  toastRoom = false,
  focusOnClose,
  children,
}: Omit<DialogShellProps, 'open' | 'onClose'>) {
  // Mounted when the dialog opens, so this is the element that opened it; the body when it
  // opened from a link or on load. A dialog is never prerendered, but a server render would have
  // no document: it then has no opener.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const returnable = opener !== document.body && opener?.isConnected;
    const target = focusOnClose?.() ?? (returnable ? opener : null);
    (target ?? document.getElementById(MAIN_CONTENT_ID))?.focus();
  };
  const content = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const focusMain = (event: Event) => {
    const main = buttons.current?.querySelector<HTMLButtonElement>('button:last-child');
    if (!focusMainAction || !main) return;
    event.preventDefault();
    main.focus();
  };
  // Escape does what the close button does. Pressing that button first takes focus from the
  // field being typed in, which saves a field that saves on leaving it (a typed date): Escape
  // does the same before closing, and puts focus back in case the dialog stays (it may ask first).
  const leaveFieldFirst = () => {
    const field = document.activeElement;
    if (!(field instanceof HTMLElement) || !content.current?.contains(field)) return;
    field.blur();
    if (field.isConnected) field.focus({ preventScroll: true });
  };

  return (
    <Dialog.Portal>
      {/* A confirmation may open over another dialog: it and its shade sit above that one. */}
      <Dialog.Overlay className={`fixed inset-0 bg-slate-950/60 ${alert ? 'z-[72]' : 'z-[70]'}`} />
      <Dialog.Content
        ref={content}
        role={alert ? 'alertdialog' : 'dialog'}
        onOpenAutoFocus={focusMain}
        onCloseAutoFocus={returnFocus}
        onEscapeKeyDown={leaveFieldFirst}
        // A toast's own buttons (Undo, close) act on the dialog's work; pressing them keeps it open.
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) {
            event.preventDefault();
          }
        }}
        className={`fixed top-1/2 left-1/2 flex max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl focus:outline-none ${
          alert ? 'z-[73] max-w-lg' : 'z-[71] max-w-2xl'
        } ${toastRoom ? 'max-xl:top-4 max-xl:max-h-[calc(100dvh-8.5rem)] max-xl:translate-y-0' : ''}`}
      >
        <div className={`px-6 pt-6 pb-4 ${children ? 'border-b border-slate-200' : ''}`}>
          <Dialog.Title className="text-xl font-bold break-words text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            {description}
          </Dialog.Description>
        </div>
        {children}
        <div
          ref={buttons}
          className="flex flex-col-reverse gap-3 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end"
        >
          <Dialog.Close className={buttonClass({ variant: 'outline', size: 'sm' })}>
            {closeLabel}
          </Dialog.Close>
          <ActionButtons actions={actions} />
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
