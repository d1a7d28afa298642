import { useEffect, useRef } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { scrollToSection } from '@/lib/scroll-to-section';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy: boolean;
};

/** Room above the list's heading once it is at the top (staff pages have no fixed header). */
const LIST_TOP_OFFSET_PX = 16;

/** The longest a smooth scroll to the list's top takes; its end is awaited no longer. */
const SETTLE_WITHIN_MS = 2_000;

/**
 * After a turn of the page, the top of the list: the heading that names the section the paging
 * sits in (its `aria-labelledby`) is scrolled to the top of the view and takes focus, so the new
 * page is read from its first row, by eye or by screen reader; smoothly unless the person
 * prefers reduced motion.
 */
export function showListTop(from: Element | null): void {
  const id = from?.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  if (!id || !scrollToSection(id, LIST_TOP_OFFSET_PX)) return;
  // Rows still settling while the smooth scroll runs (a taller card, the browser's scroll
  // anchoring keeping one of them in place) can leave the heading above the view: once the
  // scroll ends, it is put back at the top. Not waited for longer than a scroll takes, so a
  // later scroll of the person's own is never undone.
  const settle = () => {
    const heading = document.getElementById(id);
    const drift = (heading?.getBoundingClientRect().top ?? LIST_TOP_OFFSET_PX) - LIST_TOP_OFFSET_PX;
    if (Math.abs(drift) > 2) window.scrollBy({ top: drift, behavior: 'instant' });
  };
  window.addEventListener('scrollend', settle, { once: true });
  window.setTimeout(() => window.removeEventListener('scrollend', settle), SETTLE_WITHIN_MS);
}

/**
 * "Showing 26–30 of 30" with Previous / Next; pages are fetched on the server. The list's top is
 * shown once the new page is on screen, not on the click: measured and scrolled to while the old
 * rows were still in place, the target moved when the new ones replaced them mid-scroll.
 */
export function EnquiriesPagination({ page, pageSize, total, onPage, busy }: PaginationProps) {
  const nav = useRef<HTMLElement>(null);
  const turned = useRef(false);
  const turnTo = (next: number) => {
    turned.current = true;
    onPage(next);
  };
  useEffect(() => {
    if (!turned.current || busy) return;
    turned.current = false;
    showListTop(nav.current);
  }, [page, busy]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav
      ref={nav}
      aria-label="Pagination"
      className="flex flex-col gap-3 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite">
        Showing {first}–{last} of {total} {total === 1 ? 'enquiry' : 'enquiries'}
      </p>
      <div className="flex items-center gap-2">
        <PageButton unavailable={busy || page === 0} onActivate={() => turnTo(page - 1)}>
          Previous
        </PageButton>
        <span className="px-2 whitespace-nowrap">
          Page {page + 1} of {pageCount}
        </span>
        <PageButton unavailable={busy || page + 1 >= pageCount} onActivate={() => turnTo(page + 1)}>
          Next
        </PageButton>
      </div>
    </nav>
  );
}

/**
 * aria-disabled rather than disabled: a disabled button drops keyboard focus, which would throw a
 * keyboard user out of the pagination while a page loads or on reaching the last page.
 */
function PageButton({
  unavailable,
  onActivate,
  children,
}: {
  unavailable: boolean;
  onActivate: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onActivate();
      }}
      className={buttonClass({
        variant: 'outline',
        size: 'sm',
        className:
          'aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 aria-disabled:hover:border-slate-300 aria-disabled:hover:bg-white',
      })}
    >
      {children}
    </button>
  );
}
