import { CheckCircleIcon } from '@/components/ui/check-circle-icon';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { expertiseItems, missionContent } from '@/content/about';

const keyIcon = 'M15.5 4a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM12.3 11.7L4 20m3-3l2 2m1.5-4.5L12 16';

const pointIcons: Record<string, string> = {
  'unlock-data-value': keyIcon,
  'future-ready-solutions':
    'M5 19c1-5 4-9 9-11l5-3-1 5c-2 5-6 8-11 9zM9 15l-3 3M14 10a1 1 0 100-2 1 1 0 000 2z',
};

/** "Our Mission": the two mission points and the "Our Expertise" list of four. */
export function MissionSection() {
  return (
    <section aria-labelledby="mission-title" className="py-20 sm:py-24">
      <div className="container-page grid gap-12 lg:grid-cols-[1.2fr_0.8fr] lg:gap-16">
        <div>
          <SectionHeading
            id="mission-title"
            eyebrow="Why we exist"
            title={missionContent.heading}
            intro={missionContent.intro}
            align="left"
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {missionContent.points.map((point) => (
              <li
                key={point.id}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <OutlineIcon d={pointIcons[point.id] ?? keyIcon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-ink">{point.title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-muted">{point.description}</p>
              </li>
            ))}
          </ul>
        </div>
        <aside
          aria-labelledby="expertise-title"
          className="self-start rounded-3xl bg-gradient-to-br from-ink to-brand-900 p-8 text-white shadow-xl sm:p-10"
        >
          <h3 id="expertise-title" className="text-2xl font-bold">
            Our Expertise
          </h3>
          <p className="mt-2 text-slate-300">Four disciplines, one joined-up team.</p>
          <ul className="mt-8 space-y-5">
            {expertiseItems.map((item) => (
              <li key={item} className="flex gap-3 text-base leading-7">
                <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-sky-300" />
                {item}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
