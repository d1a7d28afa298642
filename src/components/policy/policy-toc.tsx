import type { PolicySection } from '@/content/types';

/** The id a policy section's anchor uses (prefixed so it cannot clash with other page ids). */
export function policySectionId(sectionId: string) {
  return `policy-${sectionId}`;
}

/** "On this page": links to every section of the document. */
export function PolicyToc({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <nav
      aria-labelledby="policy-toc-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="policy-toc-heading" className="text-sm font-bold tracking-widest text-ink uppercase">
        On this page
      </h2>
      <ol className="mt-4 space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${policySectionId(section.id)}`}
              className="flex gap-3 rounded-md px-2 py-1.5 text-ink-soft hover:bg-white hover:text-brand-700"
            >
              <span
                aria-hidden="true"
                className="w-5 shrink-0 text-right font-semibold text-slate-500 tabular-nums"
              >
                {index + 1}.
              </span>
              <span>{section.heading}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
