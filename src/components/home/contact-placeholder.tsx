import { buttonClass } from '@/components/ui/button-styles';
import { site } from '@/config/site';

const nextSteps = [
  'Tell us about your goals, timeline and the service you are interested in.',
  'A senior consultant replies personally and books your free strategy call.',
  'You leave the call with clear next steps for your data journey.',
];

/**
 * Stands in for the enquiry form until it lands: the same white card and the form's minimum
 * height, so swapping the form in later shifts nothing.
 */
export function ContactPlaceholder() {
  return (
    <div className="flex min-h-[40rem] flex-col rounded-2xl bg-white p-7 text-ink shadow-2xl sm:p-10">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <svg
          viewBox="0 0 24 24"
          width="28"
          height="28"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 7l9 6 9-6" />
        </svg>
      </span>
      <h3 className="mt-6 text-2xl font-bold">Tell us about your project</h3>
      <p className="mt-3 leading-7 text-ink-muted">
        Send us a few lines by e-mail and we will take it from there.
      </p>
      <ol className="mt-8 space-y-5">
        {nextSteps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {index + 1}
            </span>
            <span className="pt-1 leading-6 text-ink-soft">{step}</span>
          </li>
        ))}
      </ol>
      <div className="mt-auto pt-10">
        <p className="text-sm font-semibold text-ink-muted">E-mail us at</p>
        <a
          href={`mailto:${site.contactEmail}`}
          className={buttonClass({ size: 'lg', className: 'mt-2 w-full break-all sm:w-auto' })}
        >
          {site.contactEmail}
        </a>
      </div>
    </div>
  );
}
