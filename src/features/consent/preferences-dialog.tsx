import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { MAIN_CONTENT_ID } from '@/config/paths';
import { consentCategories } from '@/content/consent-categories';
import { ConsentCategoryCard } from '@/features/consent/consent-category-card';
import { defaultPreferences, type ConsentPreferences } from '@/features/consent/consent-storage';
import { consentActions, useConsentState } from '@/features/consent/consent-store';

/** Cookie Preferences: one card per category; opened from the banner or the footer. */
export default function PreferencesDialog() {
  const { record } = useConsentState();
  const { closePreferences, savePreferences, acceptAllFromDialog } = consentActions;
  // Loaded once per opening: the saved choice, or the defaults.
  const [draft, setDraft] = useState<ConsentPreferences>(
    () => record?.preferences ?? defaultPreferences,
  );

  // Opened from code, not a Dialog.Trigger, so Radix has no trigger to return focus to: keep
  // the element that had focus (Customize, Cookie settings) and return there on close.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener?.isConnected) opener.focus();
    else document.getElementById(MAIN_CONTENT_ID)?.focus();
  };

  const toggle = (id: keyof ConsentPreferences) =>
    setDraft((current) => (id === 'essential' ? current : { ...current, [id]: !current[id] }));

  return (
    <Dialog.Root open onOpenChange={(open) => !open && closePreferences()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-[71] flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl focus:outline-none"
        >
          <div className="border-b border-slate-200 px-6 pt-6 pb-4">
            <Dialog.Title className="text-xl font-bold text-ink">Cookie Preferences</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-ink-muted">
              Choose which cookies we may use. You can change your mind at any time from the Cookie
              settings link at the foot of every page.
            </Dialog.Description>
          </div>
          <ul className="space-y-3 overflow-y-auto px-6 py-4">
            {consentCategories.map((category) => (
              <li key={category.id}>
                <ConsentCategoryCard
                  category={category}
                  checked={draft[category.id]}
                  onToggle={() => toggle(category.id)}
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClass({ variant: 'outline', size: 'sm' })}>
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              onClick={acceptAllFromDialog}
            >
              Accept All
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'primary', size: 'sm' })}
              onClick={() => savePreferences(draft)}
            >
              Save Preferences
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
