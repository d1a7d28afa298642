import type { ReactNode } from 'react';

type ResourceGridSectionProps = {
  id: string;
  title: string;
  intro?: string;
  /** Keep the heading for screen readers only (when the hero already says it). */
  hiddenTitle?: boolean;
  className?: string;
  children: ReactNode;
};

/** A labelled section holding a grid of resource cards. */
export function ResourceGridSection({
  id,
  title,
  intro,
  hiddenTitle = false,
  className = '',
  children,
}: ResourceGridSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-header py-14 sm:py-16 ${className}`}
    >
      <div className="container-page">
        <div className={hiddenTitle ? 'sr-only' : 'mb-10 max-w-3xl'}>
          <h2
            id={headingId}
            className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
          >
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg leading-8 text-ink-muted">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
