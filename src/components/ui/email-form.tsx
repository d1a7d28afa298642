import { useId, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';

type EmailFormProps = {
  /** The form's accessible name. */
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Called on submit; the caller checks the address (the browser's own check is off). */
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
};

/**
 * One required e-mail address and its button, side by side from the small breakpoint up, at
 * most 42rem wide: one address needs no more, and across a wide screen the field ran far from
 * its button.
 */
export function EmailForm({
  name,
  label,
  hint,
  error,
  value,
  onValueChange,
  onSubmit,
  submitLabel,
  busy,
}: EmailFormProps) {
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      aria-label={name}
      noValidate
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
    >
      <FormField id={fieldId} label={label} required error={error} hint={hint} className="grow">
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      {/* Lifted by the hint's height, so the button lines up with the input, not the hint. */}
      <button
        type="submit"
        disabled={busy}
        className={buttonClass({ className: hint ? 'sm:mb-[1.625rem]' : '' })}
      >
        {submitLabel}
      </button>
    </form>
  );
}
