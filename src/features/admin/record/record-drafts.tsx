import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

import { clearDraft, readDraft, writeDraft } from '@/lib/staff-drafts';

/** The parts of an enquiry's record whose typed text is kept as a draft until sent or saved. */
export type DraftSection = 'reply' | 'note' | 'call' | 'followUp';

/** What each part's unsent text is called when leaving asks first. */
export const draftSectionNames: Record<DraftSection, string> = {
  reply: 'the reply',
  note: 'the new note',
  call: 'the call being logged',
  followUp: 'the follow-up',
};

/** The staff-drafts key of one part of one enquiry's record. */
export function recordDraftKey(enquiryId: string, section: DraftSection): string {
  return `${recordDraftPrefix(enquiryId)}${section}`;
}

/** The start of every draft key of one enquiry's record. */
export function recordDraftPrefix(enquiryId: string): string {
  return `enquiry.${enquiryId}.`;
}

type RecordDrafts = {
  /** Whose drafts these are; null until the session is read (nothing is kept until then). */
  userId: string | null;
  enquiryId: string;
  /** Tells the record whether a part holds unsent text, so leaving it can ask first. */
  report: (enquiryId: string, section: DraftSection, hasText: boolean) => void;
};

const RecordDraftsContext = createContext<RecordDrafts | null>(null);

/** Gives the parts of one enquiry's record where to keep their drafts and whom to tell. */
export function RecordDraftsProvider({
  userId,
  enquiryId,
  report,
  children,
}: RecordDrafts & { children: ReactNode }) {
  return (
    <RecordDraftsContext value={{ userId, enquiryId, report }}>{children}</RecordDraftsContext>
  );
}

export type DraftShape<T> = {
  /** The value of an untouched part (an empty box). */
  empty: T;
  /** Whether a value holds anything worth keeping. */
  hasText: (value: T) => boolean;
  /** Checks a stored value's shape before it is restored. */
  accept: (value: unknown) => value is T;
};

/** A draft of one text box: kept once it holds more than spaces. */
export const textDraft: DraftShape<string> = {
  empty: '',
  hasText: (text) => text.trim() !== '',
  accept: (value): value is string => typeof value === 'string',
};

type DraftState<T> = {
  value: T;
  /** It came back from storage and has not been discarded. */
  restored: boolean;
  /** Changed by the person since it was restored or mounted: only then is it written. */
  touched: boolean;
  /** The staff member whose stored draft was looked for. */
  readFor: string | null;
};

export type RecordDraft<T> = {
  value: T;
  set: (value: T) => void;
  /** Shows "Draft restored": the value came from storage and still holds text. */
  restored: boolean;
  /** Empties the part and forgets its draft: after it was sent or saved, or on Discard. */
  clear: () => void;
};

/**
 * One part of the record as a draft from the first keystroke: kept in this browser (per staff
 * member and enquiry, see lib/staff-drafts) on every change, restored when the record opens
 * again, and reported to the record so that leaving with unsent text asks first. Outside a
 * record it is plain state.
 */
export function useRecordDraft<T>(
  section: DraftSection,
  { empty, hasText, accept }: DraftShape<T>,
): RecordDraft<T> {
  const context = useContext(RecordDraftsContext);
  const userId = context?.userId ?? null;
  const key = context ? recordDraftKey(context.enquiryId, section) : null;
  const stored = (): DraftState<T> => {
    const found = userId && key ? readDraft(userId, key, accept) : null;
    return found && hasText(found.value)
      ? { value: found.value, restored: true, touched: false, readFor: userId }
      : { value: empty, restored: false, touched: false, readFor: userId };
  };
  const [state, setState] = useState(stored);
  // The session is usually read before a record opens; when it arrives later, an untouched part
  // still gets its draft back.
  if (state.readFor !== userId && !state.touched) setState(stored());

  const { value, touched } = state;
  const holdsText = hasText(value);
  useEffect(() => {
    if (!touched || !userId || !key) return;
    if (holdsText) writeDraft(userId, key, value);
    else clearDraft(userId, key);
  }, [touched, userId, key, value, holdsText]);

  const report = context?.report;
  const enquiryId = context?.enquiryId;
  useEffect(() => {
    if (!report || !enquiryId) return;
    report(enquiryId, section, holdsText);
    return () => report(enquiryId, section, false);
  }, [report, enquiryId, section, holdsText]);

  return {
    value,
    set: (next) => setState((current) => ({ ...current, value: next, touched: true })),
    restored: state.restored && holdsText,
    clear: () => {
      // Also when the record has closed meanwhile (a reply sent just before leaving it).
      if (userId && key) clearDraft(userId, key);
      setState((current) => ({ ...current, value: empty, restored: false, touched: false }));
    },
  };
}
