import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/mini';

import { buttonClass } from '@/components/ui/button-styles';
import { AuthField, AuthFormError, type AuthFieldSpec } from '@/features/auth/auth-field';

/**
 * The form state of an /auth form: its zod schema checks on submit only (the message stays until
 * the next attempt, as it is one message for the whole form), and the first invalid field takes
 * the focus.
 */
export function useAuthForm<Values extends FieldValues>(
  schema: z.ZodMiniType<Values, Values>,
  emptyValues: DefaultValues<Values>,
): UseFormReturn<Values> {
  return useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
}

type AuthFormProps<Values extends FieldValues> = {
  form: UseFormReturn<Values>;
  /** The form's accessible name. */
  label: string;
  fields: readonly AuthFieldSpec<Path<Values>>[];
  /** Id of the single message under the fields. */
  errorId: string;
  submitLabel: string;
  /** The button's text while `onValid` runs (the button is disabled meanwhile). */
  busyLabel: string;
  /** Runs with the schema's output once the values pass. */
  onValid: (values: Values) => Promise<void>;
};

/**
 * An /auth form: its required fields, one message (the field it is about is marked invalid and
 * described by it) and a full-width submit button.
 */
export function AuthForm<Values extends FieldValues>({
  form,
  label,
  fields,
  errorId,
  submitLabel,
  busyLabel,
  onValid,
}: AuthFormProps<Values>) {
  const { register, handleSubmit, getFieldState, formState } = form;
  const errors = fields.map(({ name }) => getFieldState(name, formState).error?.message);
  const message = errors.find(Boolean) ?? null;
  const busy = formState.isSubmitting;

  return (
    <form
      method="post"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        void handleSubmit(onValid)(event);
      }}
      className="space-y-4"
    >
      {fields.map(({ name, ...field }, index) => (
        <AuthField
          key={name}
          {...field}
          registration={register(name)}
          invalid={Boolean(errors[index])}
          errorId={errorId}
        />
      ))}
      <AuthFormError id={errorId} message={message} />
      <button type="submit" disabled={busy} className={buttonClass({ className: 'w-full' })}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
