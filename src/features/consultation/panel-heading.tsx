import type { ReactNode, Ref } from 'react';

/** h2 on the consultation page, h4 inside the contact form's offer (under its h3). */
export type HeadingLevel = 2 | 4;

type PanelHeadingProps = {
  level: HeadingLevel;
  children: ReactNode;
  /** To move focus here when the panel replaces what the visitor acted on. */
  ref?: Ref<HTMLHeadingElement>;
};

export function PanelHeading({ level, children, ref }: PanelHeadingProps) {
  const Heading = level === 2 ? 'h2' : 'h4';
  return (
    <Heading ref={ref} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
      {children}
    </Heading>
  );
}
