import type { ReactNode } from 'react';

import { paths } from '@/config/paths';
import { SECTION_LINK_ATTRIBUTE } from '@/lib/scroll-to-section';

type ContactLinkProps = {
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
};

/**
 * A link to the home page's contact section. As a section link, on the home page it scrolls
 * there smoothly (LinkClickRouter); from any other page it navigates to /#contact and the
 * ScrollManager scrolls once the page is in. Without JavaScript it is a plain link to /#contact.
 */
export function ContactLink({ children, className, onNavigate }: ContactLinkProps) {
  return (
    <a
      href={paths.contact}
      className={className}
      onClick={onNavigate}
      {...{ [SECTION_LINK_ATTRIBUTE]: '' }}
    >
      {children}
    </a>
  );
}
