import type { ReactNode } from 'react';

type ExternalLinkProps = {
  href: string;
  children: ReactNode;
  className?: string;
  /** Extra words for screen readers, e.g. the item's title when the visible label repeats. */
  srContext?: string;
};

/** A link that opens another site in a new tab, without opener or referrer, and says so. */
export function ExternalLink({ href, children, className, srContext }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{srContext ? `: ${srContext}` : ''} (opens in a new tab)</span>
    </a>
  );
}
