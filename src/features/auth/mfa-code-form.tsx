import { useEffect, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { AuthField, AuthFormError } from '@/features/auth/auth-field';
import type { CodeResult } from '@/features/auth/mfa-actions';
import { normaliseCode, validateCode } from '@/features/auth/mfa-validation';

const CODE_ID = 'mfa-code';
const ERROR_ID = 'mfa-code-error';

type MfaCodeFormProps = {
  /** Sends the (valid-looking) code; a refusal's message is shown under the field. */
  onVerify: (code: string) => Promise<CodeResult>;
  submitLabel: string;
  /** Focus the field when the form appears (the step the user has just been taken to). */
  focusOnMount?: boolean;
};

/** The 6-digit code step, shared by sign-in and enrolment. */
export function MfaCodeForm({ onVerify, submitLabel, focusOnMount = true }: MfaCodeFormProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (focusOnMount) document.getElementById(CODE_ID)?.focus();
  }, [focusOnMount]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateCode(code);
    setMessage(problem);
    if (problem) {
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await onVerify(normaliseCode(code));
      if (result.kind === 'refused') {
        setMessage(result.message);
        setCode('');
        document.getElementById(CODE_ID)?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label="Authentication code"
    >
      <AuthField
        id={CODE_ID}
        label="6-digit code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
        hint="From your authenticator app; a new code appears every 30 seconds."
        value={code}
        onValueChange={setCode}
        invalid={message !== null}
        errorId={ERROR_ID}
      />
      <AuthFormError id={ERROR_ID} message={message} />
      <button type="submit" disabled={busy} className={buttonClass({ className: 'w-full' })}>
        {busy ? 'Verifying...' : submitLabel}
      </button>
    </form>
  );
}
