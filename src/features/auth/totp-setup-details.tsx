import { buttonClass } from '@/components/ui/button-styles';
import { TotpSetupKey } from '@/features/auth/totp-setup-key';

type TotpSetupDetailsProps = { qrCode: string; secret: string; uri: string };

/**
 * Three ways to add the account to an authenticator app: on the phone that holds the app, a
 * link to the otpauth:// URI (the app registers for it); from another screen, the QR code; or
 * the key typed in by hand.
 */
export function TotpSetupDetails({ qrCode, secret, uri }: TotpSetupDetailsProps) {
  return (
    <>
      <p>On the phone that has your authenticator app, tap:</p>
      <a href={uri} className={buttonClass({ className: 'mt-2 w-full sm:w-auto' })}>
        Add to authenticator app
      </a>
      <p className="mt-4">Or, from another device, scan this QR code with the app:</p>
      <img
        src={qrCode}
        alt="QR code that adds this account to an authenticator app"
        width={176}
        height={176}
        className="mt-2 rounded-lg border border-slate-200 bg-white p-2"
      />
      <p className="mt-3">Or type this setup key into the app:</p>
      <TotpSetupKey secret={secret} />
    </>
  );
}
