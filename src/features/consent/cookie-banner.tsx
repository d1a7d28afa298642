import { useEffect, useRef } from 'react';

import { ActionButtons } from '@/components/ui/action-buttons';
import { paths } from '@/config/paths';
import { consentActions, useConsentState } from '@/features/consent/consent-store';

/**
 * The consent banner. The backdrop only dims the page: it does not block it, because a visitor
 * must be able to use the site without answering (no cookie wall). Reject All is as prominent
 * as Accept All.
 */
export default function CookieBanner() {
  const { dialogOpen } = useConsentState();
  const { acceptAll, rejectAll, dismissBanner, openPreferences } = consentActions;

  const regionRef = useRef<HTMLDivElement>(null);

  // Escape closes the banner when focus is in it, and never the Escape that closed the dialog.
  useEffect(() => {
    if (dialogOpen) return;
    const onKey = (event: KeyboardEvent) => {
      const focusInside = regionRef.current?.contains(document.activeElement) ?? false;
      if (event.key === 'Escape' && !event.defaultPrevented && focusInside) dismissBanner();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dismissBanner, dialogOpen]);

  return (
    <>
      <div
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 z-[60] bg-slate-950/40"
      />
      <div
        ref={regionRef}
        role="region"
        aria-labelledby="cookie-banner-title"
        className="fixed inset-x-0 bottom-0 z-[61] border-t border-slate-200 bg-white shadow-[0_-8px_30px_rgba(15,23,42,0.18)]"
      >
        <div className="container-page relative flex flex-col gap-5 py-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl pr-10 lg:pr-0">
            <h2 id="cookie-banner-title" className="text-lg font-bold text-ink">
              We use cookies to enhance your experience
            </h2>
            <p className="mt-2 text-sm leading-6 text-ink-muted">
              Essential cookies keep the site working. With your permission we would also use
              functional, performance and marketing cookies. Read our{' '}
              <a href={paths.privacyPolicy} className="font-semibold text-brand-700 underline">
                Privacy Policy
              </a>{' '}
              and{' '}
              <a href={paths.cookiePolicy} className="font-semibold text-brand-700 underline">
                Cookie Policy
              </a>
              .
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ActionButtons
              actions={[
                { label: 'Accept All', variant: 'primary', onClick: acceptAll },
                { label: 'Reject All', variant: 'secondary', onClick: rejectAll },
                { label: 'Customize', variant: 'outline', onClick: openPreferences },
              ]}
            />
          </div>
          <button
            type="button"
            onClick={dismissBanner}
            aria-label="Close cookie banner"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-md text-ink-muted hover:bg-slate-100 hover:text-ink lg:top-2"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      </div>
    </>
  );
}
