import { SectionHeading } from '@/components/ui/section-heading';
import { StarRating } from '@/components/ui/star-rating';
import { testimonialsSectionContent } from '@/content/home';
import { testimonials } from '@/content/testimonials';
import type { Testimonial } from '@/content/types';

/** Three client testimonials, each with its quote, author, title and a 5 of 5 rating. */
export function TestimonialsSection() {
  return (
    <section
      aria-labelledby="testimonials-title"
      className="bg-slate-50 py-20 render-near-viewport sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Client stories"
          title={testimonialsSectionContent.heading}
          intro={testimonialsSectionContent.intro}
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
      <StarRating rating={testimonial.rating} />
      <blockquote className="relative mt-5 flex-1 text-base leading-7 text-ink-soft">
        <svg
          viewBox="0 0 32 32"
          width="32"
          height="32"
          aria-hidden="true"
          className="mb-3 text-brand-200"
          fill="currentColor"
        >
          <path d="M12 6C6.5 8 3 12.5 3 18.5 3 23 5.8 26 9.5 26c3 0 5.5-2.3 5.5-5.3 0-3-2.2-5.1-5-5.1-.6 0-1.2.1-1.6.3C9 12.6 11.3 10 14 8.8zm15 0c-5.5 2-9 6.5-9 12.5 0 4.5 2.8 7.5 6.5 7.5 3 0 5.5-2.3 5.5-5.3 0-3-2.2-5.1-5-5.1-.6 0-1.2.1-1.6.3.6-3.3 2.9-5.9 5.6-7.1z" />
        </svg>
        <p>{testimonial.content}</p>
      </blockquote>
      <figcaption className="mt-6 border-t border-slate-100 pt-5">
        <span className="block font-bold text-ink">{testimonial.name}</span>
        <span className="mt-0.5 block text-sm text-ink-muted">{testimonial.title}</span>
      </figcaption>
    </figure>
  );
}
