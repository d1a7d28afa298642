import type { InputHTMLAttributes, Ref } from 'react';

import { FormField, inputClass } from '@/components/ui/form-field';

type AuthFieldProps = {
  id: string;
  label: string;
  invalid: boolean;
  /** Id of the form's message, read out with the invalid field. */
  errorId: string;
  /** Help text shown under the input and read with it. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required' | 'aria-describedby'>;

/**
 * A required input built on the shared FormField (label, asterisk, hint); the error is the
 * form's single message, linked to the invalid field through `errorId`.
 */
export function AuthField({ id, label, invalid, errorId, hint, ref, ...input }: AuthFieldProps) {
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
