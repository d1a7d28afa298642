import { useEffect, useRef } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { contactSectionContent } from '@/content/home';

type EnquirySentNoteProps = {
  /** Brings the form back, empty. */
  onSendAnother: () => void;
};

/**
 * In the enquiry form's place once the consultation of the enquiry just sent is booked: the empty
 * form would invite sending it twice. Says what happened and offers the way to another enquiry.
 * The page shrinks by the form and the time picker, so the note is brought to the top at once,
 * with the confirmation (which takes focus) below it.
 */
export function EnquirySentNote({ onSendAnother }: EnquirySentNoteProps) {
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => {
    note.current?.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, []);
  return (
    <div
      ref={note}
      className="rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl shadow-slate-900/5 sm:p-8"
    >
      <p className="font-semibold">Your enquiry has been sent.</p>
      <p className="mt-1 text-ink-muted">{contactSectionContent.replyPromise}</p>
      <button
        type="button"
        onClick={onSendAnother}
        className={buttonClass({ variant: 'outline', className: 'mt-4' })}
      >
        Send another enquiry
      </button>
    </div>
  );
}
