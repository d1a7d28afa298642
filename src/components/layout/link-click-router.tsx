import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { linkAction } from '@/lib/link-action';
import { scrollToSection } from '@/lib/scroll-to-section';

/**
 * Every internal link on the site is a plain `<a href>`: one listener on the document turns a
 * plain click on one into a client-side navigation (or, for a section link on its own page, a
 * smooth scroll). The router's `<Link>` on each anchor cost a page's hydration several hooks and two
 * effects per link, for the same result. Until this mounts, links simply load their page.
 */
export function LinkClickRouter() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const action = linkAction(event, window.location);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'section') scrollToSection(action.id);
      else void navigate(action.to, { replace: action.replace });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
