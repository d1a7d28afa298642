import { useId } from 'react';

import type { ConsentCategoryInfo } from '@/content/consent-categories';

type Props = { category: ConsentCategoryInfo; checked: boolean; onToggle: () => void };

/** One category with its switch; the essential one is locked on and says "Required". */
export function ConsentCategoryCard({ category, checked, onToggle }: Props) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={titleId} className="flex items-center gap-2 font-semibold text-ink">
            {category.title}
            {category.required ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">
                Required
              </span>
            ) : null}
          </h3>
          <p id={descriptionId} className="mt-1 text-sm leading-6 text-ink-muted">
            {category.description}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          disabled={category.required}
          onClick={onToggle}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed ${
            checked ? 'bg-brand-700' : 'bg-slate-400'
          } ${category.required ? 'opacity-100' : ''}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-6' : 'translate-x-0.5'
            }`}
          />
        </button>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-soft">
        {category.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
    </div>
  );
}
