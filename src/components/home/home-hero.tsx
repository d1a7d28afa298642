import { HeroStats } from '@/components/home/hero-stats';
import { HeroVisual } from '@/components/home/hero-visual';
import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { Particles } from '@/components/ui/particles';
import { paths } from '@/config/paths';
import { heroContent } from '@/content/home';
import { StaticIsland } from '@/page-loading/static-island';

/** The home page's opening banner: the page's single h1, both calls to action and the stats. */
export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative isolate overflow-hidden bg-brand-gradient text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_20%,rgba(96,165,250,0.22),transparent_40%),radial-gradient(circle_at_85%_75%,rgba(167,139,250,0.2),transparent_45%)]"
      />
      <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.15fr_0.85fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-semibold text-amber-200">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" fill="currentColor">
              <path d="M5 2h10v2h3v3a4 4 0 01-4 4h-.3A5 5 0 0111 13.9V16h3v2H6v-2h3v-2.1A5 5 0 016.3 11H6a4 4 0 01-4-4V4h3zm0 4H4v1a2 2 0 001 1.7zm10 0v2.7A2 2 0 0016 7V6z" />
            </svg>
            {heroContent.eyebrow}
          </p>
          <h1
            id="home-hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl lg:leading-[1.05]"
          >
            {heroContent.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200 sm:text-xl">
            {heroContent.subheadline}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
            <ContactLink className={buttonClass({ variant: 'inverse', size: 'lg' })}>
              {heroContent.primaryCta.label}
              <ArrowIcon />
            </ContactLink>
            <a
              href={paths.caseStudies}
              className={buttonClass({ variant: 'inverseOutline', size: 'lg' })}
            >
              {heroContent.secondaryCta.label}
            </a>
          </div>
          <HeroStats className="mt-12 max-w-xl" />
        </div>
        <StaticIsland>
          <HeroVisual />
        </StaticIsland>
      </div>
      {/* After the content: a paint between HTML chunks never places the dots in a half-built hero. */}
      <StaticIsland>
        <Particles count={28} seed={3} className="-z-10" />
      </StaticIsland>
    </section>
  );
}

function ArrowIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 10h11m-4-4l4 4-4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
