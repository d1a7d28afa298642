import { useEffect, useRef } from 'react';

import { buttonClass } from '@/components/ui/button-styles';

/** "Cancel the consultation on …?" with the cancellation and a way back. */
export function CancelConfirmation({
  when,
  busy,
  onConfirm,
  onKeep,
}: {
  when: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label="Cancel the consultation?"
      className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p ref={question} tabIndex={-1} className="text-sm text-ink">
        Cancel the consultation on {when}? Its time is freed and the prospect is e-mailed the
        cancellation.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
          className={buttonClass({
            variant: 'secondary',
            size: 'sm',
            className: 'min-h-11 bg-red-700 hover:bg-red-800 max-sm:w-full',
          })}
        >
          {busy ? 'Cancelling…' : 'Yes, cancel it'}
        </button>
        <button
          type="button"
          onClick={onKeep}
          className={buttonClass({
            variant: 'outline',
            size: 'sm',
            className: 'min-h-11 max-sm:w-full',
          })}
        >
          Keep it
        </button>
      </div>
    </div>
  );
}
