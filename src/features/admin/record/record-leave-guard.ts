import { createContext, useCallback, useContext, useEffect, useState } from 'react';

import {
  draftSectionNames,
  recordDraftPrefix,
  type DraftSection,
} from '@/features/admin/record/record-drafts';
import { clearDraftsUnder } from '@/lib/staff-drafts';

/** Why the record asks before it goes: one of its own ways out, or the address moving (Back). */
type Asking = { kind: 'leave'; leave: () => void } | { kind: 'moved'; to: string | null };

/** Runs a way out of the record (Close, Previous, Next, a related enquiry), asking first if need be. */
export type LeaveRecord = (leave: () => void) => void;

const LeaveRecordContext = createContext<LeaveRecord>((leave) => leave());

export const LeaveRecordProvider = LeaveRecordContext;

/** The record's guarded way out, for a control drawn inside it (its Previous and Next). */
export function useLeaveRecord(): LeaveRecord {
  return useContext(LeaveRecordContext);
}

const dirtyKey = (enquiryId: string, section: DraftSection) => `${enquiryId}\n${section}`;

/** "the reply", "the reply and the new note", "the reply, the new note and the follow-up". */
export function unsentList(sections: readonly DraftSection[]): string {
  const names = sections.map((section) => draftSectionNames[section]);
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** Asks the browser to confirm a reload or closing the tab while `active`. */
function useUnloadWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * Which enquiry the record shows, and the question asked before it is left with unsent text (a
 * reply, note, call or follow-up typed but not sent or saved). Its own ways out go through
 * `leave`. The address moving without it (the browser's Back or Forward) is caught too: the record
 * stays on screen, asks, and on Stay puts the address back (`onReturn`). The drafts are already
 * kept, so leaving keeps them unless the person discards them; a reload or closing the tab gets
 * the browser's own question.
 */
export function useRecordLeaveGuard({
  enquiryId,
  userId,
  onReturn,
}: {
  /** The enquiry the address names, or null for none. */
  enquiryId: string | null;
  userId: string | null;
  /** Opens this enquiry again in the address (after the address moved and the person stays). */
  onReturn: (id: string) => void;
}) {
  const [shownId, setShownId] = useState(enquiryId);
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const [passing, setPassing] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const unsent =
    shownId === null
      ? []
      : (Object.keys(draftSectionNames) as DraftSection[]).filter((section) =>
          dirty.has(dirtyKey(shownId, section)),
        );

  if (enquiryId !== shownId) {
    if (passing || unsent.length === 0) {
      setShownId(enquiryId);
      setPassing(false);
      setAsking(null);
    } else if (asking?.kind !== 'moved' || asking.to !== enquiryId) {
      setAsking({ kind: 'moved', to: enquiryId });
    }
  } else if (asking?.kind === 'moved') {
    // The address came back to the record (Stay, or Forward again).
    setAsking(null);
  }

  useUnloadWarning(unsent.length > 0);

  const report = useCallback((id: string, section: DraftSection, hasText: boolean) => {
    const key = dirtyKey(id, section);
    setDirty((current) => {
      if (current.has(key) === hasText) return current;
      const next = new Set(current);
      if (hasText) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const leave: LeaveRecord = (go) => {
    if (unsent.length === 0) go();
    else setAsking({ kind: 'leave', leave: go });
  };

  function goOn() {
    if (asking?.kind === 'leave') {
      setPassing(true);
      setAsking(null);
      asking.leave();
    } else {
      setShownId(enquiryId);
      setAsking(null);
    }
  }

  return {
    /** The enquiry on screen: the one in the address, unless leaving it waits for an answer. */
    shownId,
    unsent,
    asking: asking !== null,
    report,
    leave,
    keepAndLeave: goOn,
    discardAndLeave: () => {
      if (userId && shownId) clearDraftsUnder(userId, recordDraftPrefix(shownId));
      goOn();
    },
    stay: () => {
      if (asking?.kind === 'moved' && shownId) onReturn(shownId);
      else setAsking(null);
    },
  };
}
