import type { ReactNode } from 'react';

import { BrandLogo } from '@/components/layout/brand-logo';
import { MAIN_CONTENT_ID, paths } from '@/config/paths';

/** The look of a link or button in the frame's footer. */
export const staffFooterLink =
  'inline-flex min-h-6 items-center rounded-sm font-semibold text-ink-muted underline-offset-4 hover:text-ink hover:underline';

/**
 * The width the frame and every staff page share: the page gutter, wider than the public pages'
 * on a large screen so the enquiries table has room.
 */
export const staffPageWidth = 'container-page xl:max-w-[96rem] xl:px-6';

type StaffFrameProps = {
  /** The section links, shown once the visitor may use them. */
  nav?: ReactNode;
  /** Who is signed in and their Sign Out. */
  account?: ReactNode;
  /** The small print at the bottom, e.g. "Cookie settings". */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * The staff area's own compact frame, in place of the marketing header and footer: the product
 * name back to the public home, the section links, the account, the page as `main` and a one-line
 * footer. Everything wraps onto a second row on a narrow screen instead of spilling.
 */
export function StaffFrame({ nav, account, footer, children }: StaffFrameProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div
          className={`${staffPageWidth} flex flex-wrap items-center gap-x-2 gap-y-2 py-2 md:gap-x-4`}
        >
          <a href={paths.home} className="rounded-md text-ink">
            <BrandLogo />
          </a>
          {/* Below tablet width the links take a row of their own under the name and account. */}
          {nav ? <div className="max-md:order-last max-md:basis-full">{nav}</div> : null}
          {account ? (
            <div className="ml-auto flex min-w-0 items-center justify-end gap-2 max-md:grow max-md:basis-0 md:gap-3">
              {account}
            </div>
          ) : null}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {/* id="site-footer": the page template's render-blocking <link rel="expect"> waits for this
          id, as on public pages, so the first paint comes once the whole of <main> is parsed. */}
      {footer ? (
        <footer id="site-footer" className="border-t border-slate-200 bg-white">
          <div className={`${staffPageWidth} flex flex-wrap gap-4 py-3 text-sm text-ink-muted`}>
            {footer}
          </div>
        </footer>
      ) : (
        <div id="site-footer" />
      )}
    </div>
  );
}
