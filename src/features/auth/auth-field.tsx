import { useEffect, useRef, type InputHTMLAttributes } from 'react';

import { FormField, inputClass } from '@/components/ui/form-field';

type AuthFieldProps = {
  id: string;
  label: string;
  invalid: boolean;
  /** Id of the form's message, read out with the invalid field. */
  errorId: string;
  /** Help text shown under the input and read with it. */
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'required' | 'aria-describedby' | 'value' | 'onChange'
>;

/**
 * A required input built on the shared FormField (label, asterisk, hint); the error is the
 * form's single message, linked to the invalid field through `errorId`.
 *
 * The page is prerendered, so a visitor can type before React takes over. React leaves that text
 * in the input when it hydrates; the field adopts it into state instead of wiping it on the next
 * render.
 */
export function AuthField({
  id,
  label,
  invalid,
  errorId,
  hint,
  value,
  onValueChange,
  ...input
}: AuthFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typedBeforeHydration = ref.current?.value ?? '';
    if (typedBeforeHydration !== '' && typedBeforeHydration !== value) {
      onValueChange(typedBeforeHydration);
    }
    // Only once, on mount: afterwards the input is controlled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormField id={id} label={label} required hint={hint}>
      {(control) => (
        <input
          {...control}
          ref={ref}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={
            [control['aria-describedby'], invalid ? errorId : null].filter(Boolean).join(' ') ||
            undefined
          }
          className={inputClass}
          {...input}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The form-level message (validation), announced when it appears. */
export function AuthFormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}
