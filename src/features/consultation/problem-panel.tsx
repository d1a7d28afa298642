import { useEffect, useRef, type ReactNode } from 'react';

import type { ProblemMessage } from '@/features/consultation/consultation-messages';
import { PanelHeading, type HeadingLevel } from '@/features/consultation/panel-heading';

type ProblemPanelProps = {
  message: ProblemMessage;
  headingLevel: HeadingLevel;
  /** Moves focus to the heading: the panel replaced what the visitor was using. */
  takeFocus?: boolean;
  /** A way on ("Try again"). */
  children?: ReactNode;
};

/** Why the link can do nothing (more), and what the visitor can do instead. */
export function ProblemPanel({ message, headingLevel, takeFocus, children }: ProblemPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <div className="space-y-3">
      <PanelHeading level={headingLevel} ref={heading}>
        {message.title}
      </PanelHeading>
      <p className="text-ink-muted">{message.text}</p>
      {children}
    </div>
  );
}
