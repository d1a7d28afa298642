import type { ReactNode } from 'react';

/**
 * A line of facts about a resource (author, date, length) separated by middle dots. Each item
 * starts with its own 1rem-wide dot, and the row is pulled left by that width inside a clipping
 * box: the item that starts a line, the first or one that wrapped, has its dot in the clipped
 * strip, so no line ever starts with a separator. Nothing is positioned, so a link stretched
 * over a whole card still receives clicks on the byline.
 */
export function ResourceByline({
  items,
  className = '',
}: {
  items: readonly ReactNode[];
  className?: string;
}) {
  return (
    <p className={`overflow-hidden text-sm text-ink-muted ${className}`}>
      <span className="-ml-4 flex flex-wrap items-center gap-y-1">
        {items.map((item, index) => (
          <span key={index}>
            <span aria-hidden="true" className="inline-block w-4 text-center">
              ·
            </span>
            {item}
          </span>
        ))}
      </span>
    </p>
  );
}
