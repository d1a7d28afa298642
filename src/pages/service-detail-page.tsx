import { Link, useParams } from 'react-router';

import { ContactLink } from '@/components/layout/contact-link';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { getServiceBySlug } from '@/content/services';
import { serviceJsonLd } from '@/lib/seo/structured-data';

export default function ServiceDetailPage() {
  const { slug = '' } = useParams();
  const service = getServiceBySlug(slug);

  if (!service) {
    return (
      <>
        <Seo
          title="Service Not Found"
          description="The service you were looking for does not exist. Browse all of our data, AI and digital services."
          path={paths.service(slug)}
          noindex
        />
        <section className="container-page py-24 text-center">
          <h1 className="text-display-sm">Service Not Found</h1>
          <Link to={paths.services} className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
            Back to Services
          </Link>
        </section>
      </>
    );
  }

  const path = paths.service(service.slug);
  return (
    <>
      <Seo
        title={service.title}
        description={service.shortDescription}
        path={path}
        jsonLd={serviceJsonLd(service, path)}
      />
      <section className="container-page py-16">
        <Link to={paths.services}>Back to Services</Link>
        <h1 className="mt-4 text-display-sm">{service.title}</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">{service.description}</p>
        <ContactLink className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
          Get Started Today
        </ContactLink>
      </section>
    </>
  );
}
