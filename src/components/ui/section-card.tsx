import { useId, type ReactNode } from 'react';

type SectionCardProps = { title: ReactNode; children: ReactNode };

/** A white card that is a region named by its own heading (level 2). */
export function SectionCard({ title, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold break-words text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
