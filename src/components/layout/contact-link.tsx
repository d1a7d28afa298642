import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { CONTACT_SECTION_ID, paths } from '@/config/paths';
import { isPlainLeftClick } from '@/lib/plain-click';
import { scrollToSection, SECTION_LINK_ATTRIBUTE } from '@/lib/scroll-to-section';

type ContactLinkProps = {
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
};

/**
 * A link to the home page's contact section. On the home page it scrolls there smoothly; from
 * any other page it navigates to /#contact and the ScrollManager scrolls once the page is in.
 * Without JavaScript it is a plain link to /#contact.
 */
export function ContactLink({ children, className, onNavigate }: ContactLinkProps) {
  const { pathname } = useLocation();

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (pathname !== paths.home || !isPlainLeftClick(event)) return;
    event.preventDefault();
    scrollToSection(CONTACT_SECTION_ID);
  };

  return (
    // The attribute tells a StaticIsland holding this link as plain HTML to do the same.
    <Link
      to={paths.contact}
      className={className}
      onClick={handleClick}
      {...{ [SECTION_LINK_ATTRIBUTE]: '' }}
    >
      {children}
    </Link>
  );
}
