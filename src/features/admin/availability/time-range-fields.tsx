import type { ReactNode, Ref } from 'react';

import { inputClass } from '@/components/ui/form-field';
import type { RangeErrors } from '@/features/admin/availability/time-of-day';

type Props = {
  /** Unique on the page: the inputs' ids start with it. */
  id: string;
  /** What the pair is, for screen readers: "Monday, hours 1". */
  label: string;
  start: string;
  end: string;
  errors?: RangeErrors;
  onChange: (next: { start: string; end: string }) => void;
  /** The start box, for focus after the range is added or found invalid. */
  startRef?: Ref<HTMLInputElement>;
  /** Beside the two boxes, e.g. the range's Remove button. */
  children?: ReactNode;
};

const timeInput = `${inputClass} w-24 tabular-nums`;

/**
 * A range of one day typed as two 24-hour times, From and To, in a group named by `label`. Each
 * box is described by its own message and by one about the range as a whole (the end before the
 * start, an overlap).
 */
export function TimeRangeFields({
  id,
  label,
  start,
  end,
  errors = {},
  onChange,
  startRef,
  children,
}: Props) {
  const rangeErrorId = errors.range ? `${id}-range-error` : undefined;
  const describedBy = (own: string | undefined, ownId: string) =>
    [own ? ownId : undefined, rangeErrorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <div>
          <label htmlFor={`${id}-start`} className="mb-1 block text-sm font-semibold text-ink">
            From
          </label>
          <input
            ref={startRef}
            id={`${id}-start`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            value={start}
            aria-invalid={Boolean(errors.start || errors.range)}
            aria-describedby={describedBy(errors.start, `${id}-start-error`)}
            onChange={(event) => onChange({ start: event.target.value, end })}
            className={timeInput}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1 block text-sm font-semibold text-ink">
            To
          </label>
          <input
            id={`${id}-end`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            value={end}
            aria-invalid={Boolean(errors.end || errors.range)}
            aria-describedby={describedBy(errors.end, `${id}-end-error`)}
            onChange={(event) => onChange({ start, end: event.target.value })}
            className={timeInput}
          />
        </div>
        {children}
      </div>
      {errors.start ? (
        <p id={`${id}-start-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {errors.start}
        </p>
      ) : null}
      {errors.end ? (
        <p id={`${id}-end-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {errors.end}
        </p>
      ) : null}
      {errors.range ? (
        <p id={rangeErrorId} className="mt-1.5 text-sm font-medium text-red-700">
          {errors.range}
        </p>
      ) : null}
    </fieldset>
  );
}
