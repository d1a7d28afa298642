import { useConsentContext } from '@/features/consent/consent-context';

/** "Cookie settings" in the footer: reopens the preferences dialog at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { openPreferences } = useConsentContext();
  return (
    <button type="button" className={className} onClick={openPreferences}>
      Cookie settings
    </button>
  );
}
