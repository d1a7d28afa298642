import { useState, type ReactNode, type SyntheticEvent } from 'react';

import { useMediaQuery } from '@/lib/use-media-query';

/** From tablet width (Tailwind's `md`) the charts have room beside the list and start open. */
export const CHARTS_OPEN_QUERY = '(min-width: 48rem)';

/**
 * The overview's charts and source tables behind one native disclosure, so on a phone the
 * enquiries come first. Closed by default below tablet width and open from it; once the person
 * opens or closes it, their choice holds whatever the width does.
 */
export function OverviewChartsDisclosure({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(CHARTS_OPEN_QUERY, true);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? wide;

  // React setting `open` fires a toggle event too; only a change the browser made (a press on the
  // summary, find-in-page) differs from what was rendered, and only that is the person's choice.
  const toggled = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open !== open) setChosen(event.currentTarget.open);
  };

  return (
    <details open={open} onToggle={toggled} className="group">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-ink hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        Charts and lead sources
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 fill-current text-ink-muted transition-transform group-open:rotate-180"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="mt-4 space-y-4">{children}</div>
    </details>
  );
}
