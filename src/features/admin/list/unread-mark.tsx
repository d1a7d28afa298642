/**
 * Marks an enquiry the signed-in staff member has not opened yet: a word, not a colour alone.
 * Compact (the table's one-line rows): the word and its dot without the pill around them.
 */
export function UnreadMark({ compact = false }: { compact?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs font-bold whitespace-nowrap text-brand-800 ${
        compact ? '' : 'rounded-full border border-brand-300 bg-brand-50 px-2 py-0.5'
      }`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-700" />
      Unread
    </span>
  );
}
