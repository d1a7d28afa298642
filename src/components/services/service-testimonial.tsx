import { QuoteIcon } from '@/components/ui/icons';
import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId, ServiceTestimonial as Testimonial } from '@/content/types';

/** The service's client quote, attributed by role and organisation type. */
export function ServiceTestimonial({
  pillar,
  testimonial,
}: {
  pillar: PillarId;
  testimonial: Testimonial;
}) {
  const theme = pillarTheme(pillar);
  return (
    <figure className={`rounded-3xl border p-8 sm:p-10 ${theme.border} ${theme.tint}`}>
      <QuoteIcon className={`size-10 ${theme.text}`} />
      <blockquote className="mt-4 text-xl leading-9 font-medium text-ink sm:text-2xl sm:leading-10">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 text-base text-ink-soft">
        <span className="font-bold text-ink">{testimonial.author}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {testimonial.company}
      </figcaption>
    </figure>
  );
}
