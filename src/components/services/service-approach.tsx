import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId } from '@/content/types';

/** "Our Approach": the steps as a real ordered list, numbered in the pillar colour. */
export function ServiceApproach({ pillar, steps }: { pillar: PillarId; steps: readonly string[] }) {
  const theme = pillarTheme(pillar);
  return (
    <ol className="relative space-y-4">
      {steps.map((step, index) => (
        <li
          key={step}
          className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <span
            aria-hidden="true"
            className={`flex size-10 shrink-0 items-center justify-center rounded-full text-base font-bold ${theme.badge}`}
          >
            {index + 1}
          </span>
          <p className="self-center text-base leading-7 text-ink-soft">{step}</p>
        </li>
      ))}
    </ol>
  );
}
