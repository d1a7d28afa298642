import type { ReactNode } from 'react';

type PageHeroProps = {
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  /** Buttons or badges under the intro. */
  children?: ReactNode;
  /** Background classes; a deep navy gradient by default. */
  background?: string;
  /**
   * Decorative art for the right-hand column from the large breakpoint up, drawn to fill a square
   * box of fixed size (hidden on smaller screens and from assistive technology), so the hero,
   * which centres it, never moves while the art renders or its code loads.
   */
  art?: ReactNode;
};

/** The dark banner that opens every inner page, holding the page's single h1. */
export function PageHero({
  title,
  eyebrow,
  intro,
  children,
  background = 'bg-brand-gradient',
  art,
}: PageHeroProps) {
  const text = (
    <>
      {eyebrow ? <div className="mb-4">{eyebrow}</div> : null}
      <h1
        className={`max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl ${art ? 'xl:text-6xl' : 'lg:text-6xl'}`}
      >
        {title}
      </h1>
      {intro ? (
        <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-100 sm:text-xl">{intro}</p>
      ) : null}
      {children ? <div className="mt-8 flex flex-wrap gap-4">{children}</div> : null}
    </>
  );
  return (
    <section className={`relative overflow-hidden text-white ${background}`}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.12),transparent_45%),radial-gradient(circle_at_80%_60%,rgba(255,255,255,0.08),transparent_40%)]"
      />
      <div
        className={`container-page relative py-16 sm:py-20 lg:py-24 ${art ? 'grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]' : ''}`}
      >
        {art ? <div>{text}</div> : text}
        {art ? (
          <div
            aria-hidden="true"
            data-hero-art=""
            className="relative mx-auto hidden size-80 lg:block xl:size-96"
          >
            {art}
          </div>
        ) : null}
      </div>
    </section>
  );
}
