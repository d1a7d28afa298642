/** A centred spinner with a spoken label, for session and role checks. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen-below-header items-center justify-center" role="status">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
