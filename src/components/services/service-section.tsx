import type { ReactNode } from 'react';

type ServiceSectionProps = {
  /** Used for the h2's id and the section's aria-labelledby. */
  id: string;
  title: string;
  /** A short line under the heading. */
  intro?: string;
  /** Pale background band. */
  tint?: string;
  /**
   * 'split': heading on the left, content on the right (prose and lists);
   * 'stacked': heading above full-width content (tiles and cards).
   */
  layout?: 'split' | 'stacked';
  /** Hide the heading visually (still read by screen readers). */
  hiddenTitle?: boolean;
  children: ReactNode;
};

const layouts = {
  split: { grid: 'grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16', head: '' },
  stacked: { grid: 'grid gap-10', head: 'max-w-3xl' },
};

/** One labelled section of the service detail page. */
export function ServiceSection({
  id,
  title,
  intro,
  tint = '',
  layout = 'split',
  hiddenTitle = false,
  children,
}: ServiceSectionProps) {
  const headingId = `${id}-heading`;
  const { grid, head } = layouts[hiddenTitle ? 'stacked' : layout];
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-header py-16 render-near-viewport sm:py-20 ${tint}`}
    >
      <div className={`container-page ${grid}`}>
        <div className={hiddenTitle ? 'sr-only' : head}>
          <h2
            id={headingId}
            className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
          >
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg leading-8 text-ink-muted">{intro}</p> : null}
        </div>
        <div>{children}</div>
      </div>
    </section>
  );
}
