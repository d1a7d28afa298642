import type { InputHTMLAttributes, Ref } from 'react';

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

/** A labelled, required input with the asterisk marker and aria-invalid wiring. */
export function AuthField({ id, label, invalid, errorId, hint, ref, ...input }: AuthFieldProps) {
  const hintId = `${id}-hint`;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      <input
        id={id}
        ref={ref}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
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
