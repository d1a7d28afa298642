import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';

/** Where a visitor who mistyped an address most likely meant to go. */
const destinations = [
  { label: 'Services', href: paths.services, description: 'Data, AI and digital services' },
  { label: 'About', href: paths.about, description: 'Our team and how we work' },
  { label: 'Case Studies', href: paths.caseStudies, description: 'Results for our clients' },
  { label: 'Whitepapers', href: paths.whitepapers, description: 'In-depth guides' },
  { label: 'Articles', href: paths.articles, description: 'Insights from our consultants' },
  { label: 'Contact', href: paths.contact, description: 'Tell us about your project' },
] as const;

export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <>
      <Seo
        title="Page Not Found"
        description="The page you were looking for could not be found."
        path={pathname}
        noindex
      />
      <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
        <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-ink">
          <span className="sr-only">404: </span>Oops! Page not found
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          The address may be mistyped, or the page may have moved. These are the main parts of the
          site:
        </p>
        <nav aria-label="Main sections" className="mt-8 w-full max-w-3xl">
          <ul className="grid gap-3 text-left sm:grid-cols-2 lg:grid-cols-3">
            {destinations.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-slate-50"
                >
                  <span className="block font-semibold text-brand-700">{item.label}</span>
                  <span className="mt-1 block text-sm text-ink-muted">{item.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={paths.home}
          className="mt-10 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Return to Home
        </a>
      </section>
    </>
  );
}
