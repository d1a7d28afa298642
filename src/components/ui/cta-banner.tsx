import type { ReactNode } from 'react';

/** Where the soft white light sits in the banner's corner. */
export type CtaBannerGlow = 'left' | 'right' | 'top-right';

// Whole class names, so Tailwind finds each one in this file.
const glows: Record<CtaBannerGlow, string> = {
  left: 'bg-[radial-gradient(circle_at_15%_20%,rgba(255,255,255,0.14),transparent_45%)]',
  right: 'bg-[radial-gradient(circle_at_85%_20%,rgba(255,255,255,0.14),transparent_45%)]',
  'top-right': 'bg-[radial-gradient(circle_at_85%_15%,rgba(255,255,255,0.14),transparent_45%)]',
};

type CtaBannerProps = {
  /** The heading's id, which names the section. */
  id: string;
  heading: ReactNode;
  body: ReactNode;
  /** Everything under the body: one or two links, a line of social proof. */
  children: ReactNode;
  /** An icon or badge above the heading. */
  lead?: ReactNode;
  /** A list under the centred text, full width of the banner. */
  tiles?: ReactNode;
  /** Background classes; the site's dark gradient unless a page has its own colour. */
  surface?: string;
  glow?: CtaBannerGlow;
};

/** A closing call to action: a rounded gradient panel with a centred h2, a line of text and links. */
export function CtaBanner({
  id,
  heading,
  body,
  children,
  lead,
  tiles,
  surface = 'bg-brand-gradient',
  glow = 'left',
}: CtaBannerProps) {
  return (
    <section aria-labelledby={id} className="container-page py-16 sm:py-20">
      <div
        className={`relative overflow-hidden rounded-3xl px-6 py-12 text-white sm:px-12 sm:py-16 ${surface}`}
      >
        <div aria-hidden="true" className={`pointer-events-none absolute inset-0 ${glows[glow]}`} />
        <div className="relative mx-auto max-w-2xl text-center">
          {lead}
          <h2
            id={id}
            className={`text-3xl font-extrabold tracking-tight sm:text-4xl ${lead ? 'mt-5' : ''}`}
          >
            {heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-100">{body}</p>
          {children}
        </div>
        {tiles}
      </div>
    </section>
  );
}
