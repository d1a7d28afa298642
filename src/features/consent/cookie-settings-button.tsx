import { consentActions } from '@/features/consent/consent-store';

/** "Cookie settings" in the footer: reopens the preferences dialog at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={consentActions.openPreferences}>
      Cookie settings
    </button>
  );
}
