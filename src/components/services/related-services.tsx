import { ServiceCard } from '@/components/services/service-card';
import type { ServiceSummary } from '@/content/types';

/** Cards for the related services, each linking to its own detail page. */
export function RelatedServices({ services }: { services: readonly ServiceSummary[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.slug}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}
