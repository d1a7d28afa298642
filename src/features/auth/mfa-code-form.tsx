import { useEffect } from 'react';

import type { AuthFieldSpec } from '@/features/auth/auth-field';
import { AuthForm, useAuthForm } from '@/features/auth/auth-form';
import { mfaCodeSchema, type MfaCodeValues } from '@/features/auth/auth-schemas';
import type { CodeResult } from '@/features/auth/mfa-actions';

const fields: readonly AuthFieldSpec<keyof MfaCodeValues>[] = [
  {
    name: 'code',
    id: 'mfa-code',
    label: '6-digit code',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9]*',
    maxLength: 7,
    hint: 'From your authenticator app; a new code appears every 30 seconds.',
  },
];

const emptyCode: MfaCodeValues = { code: '' };

type MfaCodeFormProps = {
  /** Sends the (valid-looking) code; a refusal's message is shown under the field. */
  onVerify: (code: string) => Promise<CodeResult>;
  submitLabel: string;
  /** Focus the field when the form appears (the step the user has just been taken to). */
  focusOnMount?: boolean;
};

/** The 6-digit code step, shared by sign-in and enrolment. */
export function MfaCodeForm({ onVerify, submitLabel, focusOnMount = true }: MfaCodeFormProps) {
  const form = useAuthForm(mfaCodeSchema, emptyCode);
  const { setFocus, setError, setValue } = form;

  useEffect(() => {
    if (focusOnMount) setFocus('code');
  }, [focusOnMount, setFocus]);

  async function verify({ code }: MfaCodeValues) {
    const result = await onVerify(code);
    if (result.kind === 'refused') {
      setValue('code', '');
      setError('code', { type: 'server', message: result.message });
      setFocus('code');
    }
  }

  return (
    <AuthForm
      form={form}
      label="Authentication code"
      fields={fields}
      errorId="mfa-code-error"
      submitLabel={submitLabel}
      busyLabel="Verifying..."
      onValid={verify}
    />
  );
}
