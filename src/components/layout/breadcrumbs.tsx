import { Fragment } from 'react';
import { useLocation } from 'react-router';

import { getServiceSummary } from '@/content/service-catalogue';
import { buildBreadcrumbs } from '@/lib/breadcrumbs';

const serviceTitle = (slug: string) => getServiceSummary(slug)?.title;

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumbs(pathname, serviceTitle);
  if (crumbs.length === 0) return null;

  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-slate-50">
      <ol className="container-page flex flex-wrap items-center gap-x-2 py-3 text-sm">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              <li className={isLast ? 'font-semibold text-ink' : ''}>
                {isLast ? (
                  <span aria-current="page">{crumb.label}</span>
                ) : (
                  <a
                    href={crumb.href}
                    className="text-brand-700 underline-offset-4 hover:underline"
                  >
                    {crumb.label}
                  </a>
                )}
              </li>
              {isLast ? null : (
                <li aria-hidden="true" className="text-slate-400">
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
