/**
 * A tick on a pale disc, for benefit and feature lists. Decorative: the text beside it speaks.
 * A different drawing from the plain stroke `CheckIcon` of icons.tsx, hence its own name.
 */
export function CheckCircleIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={className}>
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.15" />
      <path
        d="M6 10.2l2.6 2.6L14 7.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
