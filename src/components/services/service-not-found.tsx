import { buttonClass } from '@/components/ui/button-styles';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { serviceDetailCopy } from '@/content/page-copy';

/** Shown for /service/{slug} when no service has that slug. */
export function ServiceNotFound() {
  const { notFound } = serviceDetailCopy;
  return (
    <section
      aria-labelledby="service-not-found-heading"
      className="container-page py-24 text-center sm:py-32"
    >
      <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">404</p>
      <h1 id="service-not-found-heading" className="mt-3 text-display-sm text-ink sm:text-display">
        {notFound.heading}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-ink-muted">{notFound.body}</p>
      <a href={paths.services} className={buttonClass({ size: 'lg', className: 'mt-10' })}>
        <ArrowLeftIcon />
        {notFound.cta.label}
      </a>
    </section>
  );
}
