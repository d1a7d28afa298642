import { ServiceChecklist } from '@/components/services/service-checklist';
import type { PillarId } from '@/content/types';

type ServiceOutcomesProps = {
  pillar: PillarId;
  deliverables: { title: string; items: readonly string[] };
  benefits: { title: string; items: readonly string[] };
};

/** "What You Get" then "Key Benefits": two labelled sections side by side on wide screens. */
export function ServiceOutcomes({ pillar, deliverables, benefits }: ServiceOutcomesProps) {
  const columns = [
    { id: 'deliverables', ...deliverables },
    { id: 'benefits', ...benefits },
  ];
  return (
    <div className="bg-slate-50 py-16 sm:py-20">
      <div className="container-page grid gap-12 lg:grid-cols-2 lg:gap-10">
        {columns.map((column) => (
          <section
            key={column.id}
            id={column.id}
            aria-labelledby={`${column.id}-heading`}
            className="scroll-mt-header rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
          >
            <h2
              id={`${column.id}-heading`}
              className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
            >
              {column.title}
            </h2>
            <div className="mt-8">
              <ServiceChecklist pillar={pillar} items={column.items} />
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
