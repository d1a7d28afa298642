import { useEffect, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { DraftRestoredNotice } from '@/features/admin/record/draft-restored-notice';
import type { DraftShape, RecordDraft } from '@/features/admin/record/record-drafts';
import {
  CALL_OUTCOMES,
  callOutcomeLabel,
  MAX_CALL_NOTE_LENGTH,
  type CallDetails,
  type CallOutcome,
} from '@/features/admin/record/send-enquiry-reply';

/** A call being logged: how it went (none chosen yet) and its note. */
export type CallDraft = { outcome: CallOutcome | null; note: string };

/** A call is worth keeping once its outcome is chosen or its note typed. */
export const callDraft: DraftShape<CallDraft> = {
  empty: { outcome: null, note: '' },
  hasText: ({ outcome, note }) => outcome !== null || note.trim() !== '',
  accept: (value): value is CallDraft => {
    if (typeof value !== 'object' || value === null) return false;
    const { outcome, note } = value as Record<string, unknown>;
    return (
      typeof note === 'string' &&
      (outcome === null || CALL_OUTCOMES.some((known) => known === outcome))
    );
  },
};

type Props = {
  id: string;
  /** The call being logged, kept as a draft by the reply box. */
  draft: RecordDraft<CallDraft>;
  /** Opened by its button just now: focus its first choice. */
  focusOnOpen: boolean;
  busy: boolean;
  onSave: (call: CallDetails) => void;
  onCancel: () => void;
};

const thumb = 'min-h-11 sm:min-h-0';

/**
 * How a call went (reached, voicemail, no answer) and an optional note, before it is logged. Both
 * are a draft (the reply box keeps it); Cancel drops it.
 */
export function LogCallPanel({ id, draft, focusOnOpen, busy, onSave, onCancel }: Props) {
  const { outcome, note } = draft.value;
  const [error, setError] = useState<string | undefined>();
  const first = useRef<HTMLInputElement>(null);
  const [focusFirst] = useState(focusOnOpen);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!outcome) {
      setError('Choose how the call went.');
      first.current?.focus();
      return;
    }
    setError(undefined);
    onSave({ outcome, note });
  }

  const errorId = `${id}-error`;
  return (
    <form
      id={id}
      aria-label="Log a call"
      noValidate
      onSubmit={handleSubmit}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
    >
      {draft.restored ? (
        <DraftRestoredNotice what="the call being logged" onDiscard={onCancel} />
      ) : null}
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">How did the call go?</legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
          {CALL_OUTCOMES.map((value, index) => (
            <label
              key={value}
              className="inline-flex min-h-11 items-center gap-2 text-base text-ink sm:min-h-8"
            >
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${id}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => draft.set({ outcome: value, note })}
                className="size-5 accent-brand-700"
              />
              {callOutcomeLabel(value)}
            </label>
          ))}
        </div>
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <FormField
        id={`${id}-note`}
        label="Note (optional)"
        hint="Only a reached call or a voicemail counts as contacting them."
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={note}
            maxLength={MAX_CALL_NOTE_LENGTH}
            onChange={(event) => draft.set({ outcome, note: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          className={buttonClass({ size: 'sm', className: thumb })}
        >
          {busy ? 'Saving…' : 'Save call'}
        </button>
      </div>
    </form>
  );
}
