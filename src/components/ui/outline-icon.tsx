/**
 * A one-path outline drawing on a 24 × 24 grid (1.8 stroke, round ends), sized by `className`.
 * Decorative: whatever it stands for is always written beside it.
 */
export function OutlineIcon({ d, className }: { d: string; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
