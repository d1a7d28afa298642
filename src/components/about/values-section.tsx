import { OutlineIcon } from '@/components/ui/outline-icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { valueTiles } from '@/content/about';

type ValueIcon = (typeof valueTiles)[number]['icon'];

const valueIcons: Record<ValueIcon, string> = {
  vision: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  team: 'M16 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1M9.5 10a3 3 0 100-6 3 3 0 000 6zM21 19v-1a4 4 0 00-3-3.9M15.5 4.1a3 3 0 010 5.8',
  results: 'M3 17l6-6 4 4 8-8M15 7h6v6',
};

const accents = [
  'from-blue-600 to-blue-800',
  'from-violet-600 to-violet-800',
  'from-emerald-600 to-emerald-800',
];

/** The three value tiles: Strategic Vision, Expert Team, Proven Results. */
export function ValuesSection() {
  return (
    <section aria-labelledby="values-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="values-title" eyebrow="How we work" title="What Sets Us Apart" />
        {/* A tablet's width is too narrow for three columns of centred text: there each tile
            is one row, icon beside the text, and the three columns start at lg. */}
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {valueTiles.map((tile, index) => (
            <li
              key={tile.id}
              className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm md:flex md:items-start md:gap-6 md:text-left lg:block lg:text-center"
            >
              <span
                className={`mx-auto inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br text-white shadow-md md:mx-0 lg:mx-auto ${accents[index % accents.length]}`}
              >
                <OutlineIcon d={valueIcons[tile.icon]} className="size-7" />
              </span>
              <div>
                <h3 className="mt-5 text-xl font-bold text-ink md:mt-0 lg:mt-5">{tile.title}</h3>
                <p className="mt-3 leading-7 text-ink-muted">{tile.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
