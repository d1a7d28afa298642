import { useEffect, useRef, useState } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { DAY_MS } from '@/config/site';
import { DRAFT_TTL_MS } from '@/lib/staff-drafts';

const keptDays = Math.round(DRAFT_TTL_MS / DAY_MS);

type Props = {
  /** Whether anything typed is not saved: only then is leaving asked about. */
  unsaved: boolean;
};

/** A plain click on a link to another page of this site: the one to ask about. */
function linkLeavingThePage(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return null;
  const samePage =
    url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? null : link;
}

/**
 * While there are unsaved changes, leaving the page asks first: a link to another section (or
 * any page of the site) opens "Leave without saving?", and a reload or closing the tab gets the
 * browser's own question. The changes are kept as a draft either way; the question is whether
 * to go before they are saved.
 */
export function UnsavedChangesPrompt({ unsaved }: Props) {
  const [pending, setPending] = useState<HTMLAnchorElement | null>(null);
  // The link the staff member chose to follow anyway: its next click goes through unasked.
  const leaving = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    if (!unsaved) return;
    const onClick = (event: MouseEvent) => {
      const link = linkLeavingThePage(event);
      if (!link) return;
      if (link === leaving.current) return;
      // In the capture phase, before the app's own link router sees the click.
      event.preventDefault();
      setPending(link);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved]);

  function leave() {
    const link = pending;
    setPending(null);
    if (!link) return;
    leaving.current = link;
    link.click();
  }

  return (
    <DialogShell
      open={pending !== null}
      onClose={() => setPending(null)}
      alert
      title="Leave without saving?"
      description={`Your changes to your availability are not saved, so prospects are still offered the times you saved before. They are kept as a draft in this browser for ${keptDays} days: come back to this page to save them.`}
      closeLabel="Stay on this page"
      actions={[{ label: 'Leave', variant: 'primary', onClick: leave }]}
    />
  );
}
