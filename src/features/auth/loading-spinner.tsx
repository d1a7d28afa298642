import { Spinner } from '@/components/ui/spinner';

/** A centred spinner with a spoken label, for session and role checks. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <Spinner
      label={label}
      size="lg"
      className="flex min-h-screen-below-header items-center justify-center"
    />
  );
}
