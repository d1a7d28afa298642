import { useCallback, useRef, useState } from 'react';

import {
  AVAILABILITY_DRAFT_KEY,
  hasDraftParts,
  isAvailabilityDraft,
  type AvailabilityDraft,
  type AvailabilityDraftPart,
} from '@/features/admin/availability/availability-draft';
import { clearDraft, readDraft, writeDraft } from '@/lib/staff-drafts';

/**
 * The availability page's unsaved edits kept as a staff draft in this browser, from the first
 * keystroke: each form reports what it holds unsaved (or undefined once saved or back to what
 * is saved), and the whole is written, or cleared when nothing is left. The draft found when the
 * page opened is what the forms start from; Discard drops it and starts the forms again from
 * what is saved (`generation` changes, which the page keys the forms by).
 */
export function useAvailabilityDraft(staffId: string) {
  const [restored] = useState(() => {
    const found = readDraft(staffId, AVAILABILITY_DRAFT_KEY, isAvailabilityDraft);
    return found && hasDraftParts(found.value) ? found : null;
  });
  const parts = useRef<AvailabilityDraft>(restored?.value ?? {});
  const [dirty, setDirty] = useState(restored !== null);
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const [generation, setGeneration] = useState(0);

  const update = useCallback(
    <Part extends AvailabilityDraftPart>(part: Part, value: AvailabilityDraft[Part]) => {
      const next: AvailabilityDraft = { ...parts.current, [part]: value };
      if (value === undefined) delete next[part];
      parts.current = next;
      if (hasDraftParts(next)) {
        writeDraft(staffId, AVAILABILITY_DRAFT_KEY, next);
      } else {
        clearDraft(staffId, AVAILABILITY_DRAFT_KEY);
        setRestoredAt(null);
      }
      setDirty(hasDraftParts(next));
    },
    [staffId],
  );

  const discard = useCallback(() => {
    parts.current = {};
    clearDraft(staffId, AVAILABILITY_DRAFT_KEY);
    setDirty(false);
    setRestoredAt(null);
    setGeneration((current) => current + 1);
  }, [staffId]);

  return {
    /** What each form starts from: the restored draft's part, until a Discard. */
    initial: generation === 0 ? (restored?.value ?? {}) : {},
    update,
    discard,
    /** Whether anything typed is not saved. */
    dirty,
    /** When the restored draft was last written; null once it is saved, discarded or none. */
    restoredAt,
    generation,
  };
}
