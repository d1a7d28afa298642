import { useEffect, useRef } from 'react';

import { Badge } from '@/components/ui/badge';
import { CheckCircleIcon } from '@/components/ui/check-circle-icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { accreditations } from '@/content/accreditations';
import { accreditationsSectionContent } from '@/content/home';
import type { Accreditation } from '@/content/types';

/** Cyber Essentials, Cyber Essentials+ and ISO 27001, each badged Certified. */
export function AccreditationsSection() {
  return (
    <section aria-labelledby="accreditations-title" className="py-20 render-near-viewport sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="accreditations-title"
          eyebrow="Security"
          title={accreditationsSectionContent.heading}
          intro={accreditationsSectionContent.intro}
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {accreditations.map((accreditation) => (
            <li key={accreditation.id}>
              <AccreditationCard accreditation={accreditation} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AccreditationCard({ accreditation }: { accreditation: Accreditation }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const warn = () => console.warn(`Accreditation image failed to load: ${accreditation.image}`);

  // An image that failed before hydration never reaches onError: check once mounted.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) {
      console.warn(`Accreditation image failed to load: ${image.getAttribute('src')}`);
    }
  }, []);

  return (
    <article
      data-testid="accreditation"
      // Side by side where the card is wide (one column below lg, three from xl); stacked in
      // the narrow three-column cards between, where the badge beside the text left it too
      // little room and long words ran out of the card.
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:gap-5 lg:flex-col lg:gap-4 xl:flex-row xl:gap-5"
    >
      <img
        ref={imageRef}
        src={accreditation.image}
        alt={accreditation.imageAlt}
        width={accreditation.width}
        height={accreditation.height}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 sm:size-20"
        // A badge image that fails to load logs a warning, so a broken asset is noticed.
        onError={warn}
      />
      <div className="min-w-0 break-words">
        <h3 className="text-lg font-bold text-ink">{accreditation.name}</h3>
        <Badge className="mt-2 gap-1 bg-emerald-100 text-emerald-800">
          <CheckCircleIcon className="size-3.5" />
          {accreditation.badge}
        </Badge>
        <p className="mt-3 text-sm leading-6 text-ink-muted">{accreditation.description}</p>
        <p className="mt-2 text-xs font-semibold text-slate-600">{accreditation.issuer}</p>
      </div>
    </article>
  );
}
