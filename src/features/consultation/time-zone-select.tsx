import { useDeferredValue, useId, useMemo, useState } from 'react';

import { inputClass } from '@/components/ui/form-field';
import { detectTimeZone, timeZoneChoices, timeZoneLabel } from '@/features/consultation/time-zones';

type TimeZoneSelectProps = {
  value: string;
  onChange: (zone: string) => void;
};

/** The zone the times are shown in, by name, and the list to change it. */
export function TimeZoneSelect({ value, onChange }: TimeZoneSelectProps) {
  const id = useId();
  const [own] = useState(detectTimeZone);
  // The long list of every zone is drawn just after the first render, not in it: the free times
  // come first.
  const listEveryZone = useDeferredValue(true, false);
  const { common, others } = useMemo(() => {
    const choices = timeZoneChoices(own, listEveryZone);
    // A zone chosen before (a booking's own) stays in the list even if the browser omits it.
    return choices.common.includes(value) || choices.others.includes(value)
      ? choices
      : { ...choices, common: [value, ...choices.common] };
  }, [own, value, listEveryZone]);

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        Times shown in
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        <optgroup label="Common time zones">
          {common.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </optgroup>
        {others.length > 0 ? (
          <optgroup label="All time zones">
            {others.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
