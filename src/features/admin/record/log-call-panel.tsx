import { useEffect, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import {
  CALL_OUTCOMES,
  callOutcomeLabel,
  MAX_CALL_NOTE_LENGTH,
  type CallDetails,
  type CallOutcome,
} from '@/features/admin/record/send-enquiry-reply';

type Props = {
  id: string;
  busy: boolean;
  onSave: (call: CallDetails) => void;
  onCancel: () => void;
};

const thumb = 'min-h-11 sm:min-h-0';

/** How a call went (reached, voicemail, no answer) and an optional note, before it is logged. */
export function LogCallPanel({ id, busy, onSave, onCancel }: Props) {
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

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
                onChange={() => setOutcome(value)}
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
            onChange={(event) => setNote(event.target.value)}
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
