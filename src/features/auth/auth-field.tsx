import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { FormField, inputClass } from '@/components/ui/form-field';

/** What a form says about one of its inputs; the rest comes from the form's state. */
export type AuthFieldSpec<Name extends string> = {
  name: Name;
  id: string;
  label: string;
  /** Help text shown under the input and read with it. */
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'minLength' | 'maxLength' | 'pattern'
>;

type AuthFieldProps = Omit<AuthFieldSpec<string>, 'name'> & {
  registration: UseFormRegisterReturn;
  invalid: boolean;
  /** Id of the form's message, read out with the invalid field. */
  errorId: string;
};

/**
 * A required input built on the shared FormField (label, asterisk, hint); the error is the
 * form's single message, linked to the invalid field through `errorId`. The input is
 * uncontrolled, so text typed into the prerendered page before React takes over is kept (the
 * form adopts it when the field registers).
 */
export function AuthField({
  id,
  label,
  hint,
  registration,
  invalid,
  errorId,
  ...input
}: AuthFieldProps) {
  return (
    <FormField id={id} label={label} required hint={hint}>
      {(control) => (
        <input
          {...control}
          {...registration}
          {...input}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={
            [control['aria-describedby'], invalid ? errorId : null].filter(Boolean).join(' ') ||
            undefined
          }
          className={inputClass}
        />
      )}
    </FormField>
  );
}

/** The form-level message (validation, or the server's refusal of a code), announced when it appears. */
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
