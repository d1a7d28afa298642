/** Marks an enquiry the signed-in staff member has not opened yet: a word, not a colour alone. */
export function UnreadMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-brand-300 bg-brand-50 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-brand-800">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-700" />
      Unread
    </span>
  );
}
