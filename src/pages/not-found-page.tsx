import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';

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
      <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
        <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-ink">
          <span className="sr-only">404: </span>Oops! Page not found
        </h1>
        <a
          href={paths.home}
          className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Return to Home
        </a>
      </section>
    </>
  );
}
