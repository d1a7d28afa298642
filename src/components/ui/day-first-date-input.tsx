import { useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';

import { FormField, inputClass } from '@/components/ui/form-field';

/** "24/11/2026" for "2026-11-24"; '' for ''. */
export function toDayFirst(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export type DayFirstParse = { ok: true; value: string } | { ok: false; message: string };

export const DATE_FORMAT_MESSAGE = 'Enter the date as day/month/year, for example 24/11/2026.';

/**
 * Reads a typed date day first ("24/11/2026", "4.11.2026", "04-11-2026") as "2026-11-24"; blank
 * means no date. Refuses a month-first reading, a day that does not exist and, with `latest`, a
 * date after it.
 */
export function parseDayFirst(
  text: string,
  { latest, latestMessage }: { latest?: string; latestMessage?: string } = {},
): DayFirstParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: '' };
  const match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(trimmed);
  if (!match) return { ok: false, message: DATE_FORMAT_MESSAGE };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    month < 1 ||
    month > 12 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { ok: false, message: `There is no day ${trimmed}: check the day and the month.` };
  }
  const value = date.toISOString().slice(0, 10);
  if (latest && value > latest) {
    return {
      ok: false,
      message: latestMessage ?? `The date cannot be after ${toDayFirst(latest)}.`,
    };
  }
  return { ok: true, value };
}

type DateFieldProps = {
  id: string;
  label: string;
  /** The text as typed, day first; the form reads it with parseDayFirst. */
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Narrower than the form from small screens up, where a date needs no full row. */
  short?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
};

/**
 * A labelled date typed day first (dd/mm/yyyy), whatever the browser's locale: a native date
 * input shows the locale's order (mm/dd/yyyy in a US browser). A text box with a numeric keypad
 * on phones, its hint and its error wired by FormField. Controlled: the form keeps the text and
 * checks it (parseDayFirst) when it is sent.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  required,
  error,
  hint,
  disabled,
  short,
  className,
  inputRef,
  onBlur,
  onKeyDown,
}: DateFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          className={short ? `${inputClass} sm:max-w-xs` : inputClass}
        />
      )}
    </FormField>
  );
}

type Props = {
  id: string;
  label: string;
  /** The date held now, "YYYY-MM-DD", or '' for none. */
  value: string;
  /** Called with a valid new date ("YYYY-MM-DD", or '' when cleared) when the field is left or Enter is pressed. */
  onCommit: (value: string) => void;
  /** The latest date accepted, "YYYY-MM-DD" (e.g. today for a date in the past). */
  latest?: string;
  /** What to say about a date after `latest`. */
  latestMessage?: string;
  disabled?: boolean;
  className?: string;
};

/**
 * A DateField that saves itself: it takes the date when the field is left or Enter is pressed,
 * with a clear message beside it for a date it cannot take. It shows
 * `value` until the person types, and again whenever `value` changes, so it never holds a date
 * older than the one given.
 */
export function DayFirstDateInput({
  id,
  label,
  value,
  onCommit,
  latest,
  latestMessage,
  disabled,
  className,
}: Props) {
  const [draft, setDraft] = useState(() => toDayFirst(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | undefined>();
  if (value !== shown) {
    setShown(value);
    setDraft(toDayFirst(value));
    setError(undefined);
  }

  function commit() {
    const parsed = parseDayFirst(draft, { latest, latestMessage });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    setDraft(toDayFirst(parsed.value));
    if (parsed.value !== value) onCommit(parsed.value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape is left to the dialog around it, which saves the field as its close button does.
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <DateField
      id={id}
      label={label}
      hint="Day/month/year, e.g. 24/11/2026"
      error={error}
      className={className}
      value={draft}
      disabled={disabled}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={handleKeyDown}
    />
  );
}
