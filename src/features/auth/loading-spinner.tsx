import { Spinner } from '@/components/ui/spinner';

/**
 * A centred spinner with a spoken label, for session and role checks. A whole screen tall, so the
 * footer stays below the fold whatever the header's height does while the session is read (the
 * staff frame's header settles once it knows who is signed in): a redirect moves nothing in view.
 */
export function LoadingSpinner({ label }: { label: string }) {
  return <Spinner label={label} size="lg" className="flex min-h-svh items-center justify-center" />;
}
