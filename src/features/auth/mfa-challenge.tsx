import { notify } from '@/components/ui/toast/notify';
import { useAuth } from '@/features/auth/auth-context';
import { authMessages } from '@/features/auth/auth-messages';
import { verifyTotpCode, type CodeResult } from '@/features/auth/mfa-actions';
import { MfaCard } from '@/features/auth/mfa-card';
import { MfaCodeForm } from '@/features/auth/mfa-code-form';

/**
 * After the password, for an account with a verified authenticator app: the current code raises
 * the session to aal2 (the AuthProvider then sees the new session and /auth moves on).
 */
export function MfaChallenge() {
  const { user, getClient } = useAuth();
  const factor = user?.factors?.find(
    (candidate) => candidate.factor_type === 'totp' && candidate.status === 'verified',
  );

  async function verify(code: string): Promise<CodeResult> {
    if (!factor) return { kind: 'refused', message: authMessages.unexpected };
    const result = await verifyTotpCode(await getClient(), factor.id, code, 'sign-in');
    // only now is the sign-in complete (aal2).
    if (result.kind === 'verified') {
      notify({
        title: authMessages.welcomeTitle,
        description: authMessages.welcomeDescription,
        variant: 'success',
      });
    }
    return result;
  }

  return (
    <MfaCard
      title="Two-step verification"
      intro={<p>Enter the 6-digit code that your authenticator app shows for Kestrel Data.</p>}
    >
      <MfaCodeForm onVerify={verify} submitLabel="Verify" />
    </MfaCard>
  );
}
