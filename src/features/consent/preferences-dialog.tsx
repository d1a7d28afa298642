import { useState } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { notify, type ToastMessage } from '@/components/ui/toast/notify';
import { consentCategories } from '@/content/consent-categories';
import { ConsentCategoryCard } from '@/features/consent/consent-category-card';
import {
  allAccepted,
  defaultPreferences,
  type ConsentPreferences,
} from '@/features/consent/consent-storage';
import { consentActions, useConsentState } from '@/features/consent/consent-store';

/** Cookie Preferences: one card per category; opened from the banner or the footer. */
export default function PreferencesDialog() {
  const { record } = useConsentState();
  const { closePreferences, choose } = consentActions;
  // Loaded once per opening: the saved choice, or the defaults.
  const [draft, setDraft] = useState<ConsentPreferences>(
    () => record?.preferences ?? defaultPreferences,
  );

  // The toasts belong here, not in the store, so their words load with the dialog only.
  const chooseAndSay = (preferences: ConsentPreferences, toast: ToastMessage) => {
    choose(preferences);
    notify(toast);
  };

  const toggle = (id: keyof ConsentPreferences) =>
    setDraft((current) => (id === 'essential' ? current : { ...current, [id]: !current[id] }));

  return (
    <DialogShell
      open
      onClose={closePreferences}
      title="Cookie Preferences"
      description="Choose which cookies we may use. You can change your mind at any time from the Cookie settings link at the foot of every page."
      closeLabel="Cancel"
      actions={[
        {
          label: 'Accept All',
          variant: 'secondary',
          onClick: () =>
            chooseAndSay(allAccepted, {
              title: 'All cookies accepted',
              description: 'All cookie categories have been enabled.',
              variant: 'success',
            }),
        },
        {
          label: 'Save Preferences',
          variant: 'primary',
          onClick: () =>
            chooseAndSay(draft, {
              title: 'Cookie preferences saved',
              description: 'Your cookie preferences have been updated successfully.',
              variant: 'success',
            }),
        },
      ]}
    >
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
    </DialogShell>
  );
}
