import { useId, type KeyboardEvent, type ReactNode } from 'react';

export type Choice = { value: string; label: ReactNode };

type ChoiceGroupProps = {
  legend: string;
  /** The radios' shared name. */
  name: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (value: string) => void;
  /** Grid columns of the tiles, e.g. `grid-cols-2 sm:grid-cols-3`. */
  columns: string;
  disabled?: boolean;
};

const tileClass =
  'relative flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-300 bg-white px-1 py-2 text-center text-sm text-ink transition-colors hover:border-brand-600 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:font-semibold has-[:checked]:text-white has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/**
 * One choice among tiles: native radio buttons, so Tab enters the group at the chosen tile and the
 * arrow keys move and choose as the browser does for any radio group; Home and End reach the
 * first and last tile. The radios themselves are hidden, their tiles show choice and focus.
 */
export function ChoiceGroup({
  legend,
  name,
  choices,
  value,
  onChange,
  columns,
  disabled,
}: ChoiceGroupProps) {
  const legendId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Home' && event.key !== 'End') return;
    const target = event.key === 'Home' ? choices[0] : choices[choices.length - 1];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    const radios = event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    radios[event.key === 'Home' ? 0 : radios.length - 1]?.focus();
  };

  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      disabled={disabled}
      onKeyDown={onKeyDown}
      className="min-w-0"
    >
      <legend id={legendId} className="mb-2 text-base font-semibold text-ink">
        {legend}
      </legend>
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => (
          <label key={choice.value} className={tileClass}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
