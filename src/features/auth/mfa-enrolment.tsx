import { useCallback, useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { useAuth } from '@/features/auth/auth-context';
import { authMessages } from '@/features/auth/auth-messages';
import {
  startTotpEnrolment,
  verifyTotpCode,
  type EnrolmentResult,
} from '@/features/auth/mfa-actions';
import { MfaCard } from '@/features/auth/mfa-card';
import { MfaCodeForm } from '@/features/auth/mfa-code-form';
import { TotpSetupDetails } from '@/features/auth/totp-setup-details';

type EnrolmentState = { kind: 'starting' } | EnrolmentResult;

/**
 * First sign-in of an admin without a second factor: enrol an authenticator app (a link that
 * opens the app on the phone that holds it, the QR code GoTrue returns for another device, and
 * the key as text), then confirm it with a code.
 * No enquiry is shown before this is done.
 */
export function MfaEnrolment() {
  const { getClient } = useAuth();
  const [state, setState] = useState<EnrolmentState>({ kind: 'starting' });

  const start = useCallback(async () => {
    setState({ kind: 'starting' });
    const client = await getClient();
    setState(await startTotpEnrolment(client));
  }, [getClient]);

  useEffect(() => {
    let active = true;
    void getClient()
      .then((client) => startTotpEnrolment(client))
      .then((result) => {
        if (active) setState(result);
      });
    return () => {
      active = false;
    };
  }, [getClient]);

  async function verify(code: string) {
    if (state.kind !== 'ready')
      return { kind: 'refused' as const, message: authMessages.unexpected };
    const result = await verifyTotpCode(await getClient(), state.factorId, code, 'enrolment');
    if (result.kind === 'verified') {
      notify({
        title: authMessages.mfaVerifiedTitle,
        description: authMessages.mfaEnrolledDescription,
        variant: 'success',
      });
    }
    return result;
  }

  return (
    <MfaCard
      title="Set up two-step verification"
      intro={
        <p>
          Staff accounts need a second step at sign-in. Add this account to an authenticator app
          (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the code
          it shows.
        </p>
      }
    >
      {state.kind === 'starting' ? (
        <p role="status" className="text-sm text-ink-muted">
          Preparing your setup key…
        </p>
      ) : state.kind === 'error' ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {authMessages.enrolmentFailed} ({state.message})
          </p>
          <button
            type="button"
            onClick={() => void start()}
            className={buttonClass({ className: 'w-full' })}
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="space-y-6">
          <ol className="list-decimal space-y-4 pl-5 text-sm text-ink-soft">
            <li>
              <TotpSetupDetails qrCode={state.qrCode} secret={state.secret} uri={state.uri} />
            </li>
            <li>
              <p>Enter the 6-digit code the app now shows for Kestrel Data.</p>
            </li>
          </ol>
          <MfaCodeForm
            onVerify={verify}
            submitLabel="Verify and finish setup"
            focusOnMount={false}
          />
        </div>
      )}
    </MfaCard>
  );
}
