import { Spinner } from '@/components/ui/spinner';

/** Shown while a page's code loads after a client-side navigation (never in static HTML). */
export function PageFallback() {
  return (
    <Spinner
      label="Loading page…"
      className="container-page flex min-h-screen-below-header items-center justify-center"
    />
  );
}
