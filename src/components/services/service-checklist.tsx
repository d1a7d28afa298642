import { CheckIcon } from '@/components/ui/icons';
import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId } from '@/content/types';

/** A list with a tick in the pillar colour: deliverables and benefits. */
export function ServiceChecklist({
  pillar,
  items,
}: {
  pillar: PillarId;
  items: readonly string[];
}) {
  const theme = pillarTheme(pillar);
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item} className="flex gap-4 py-4 first:pt-0 last:pb-0">
          <span
            aria-hidden="true"
            className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${theme.softBadge}`}
          >
            <CheckIcon className="size-4" />
          </span>
          <span className="text-base leading-7 text-ink-soft sm:text-lg">{item}</span>
        </li>
      ))}
    </ul>
  );
}
