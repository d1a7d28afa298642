import { awardContent } from '@/content/home';

/** The 2025 "Data Management Solution of the Year" award. */
export function AwardSection() {
  return (
    <section aria-labelledby="award-title" className="py-20 render-near-viewport sm:py-24">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-amber-50 via-white to-amber-100 p-8 ring-1 ring-amber-200 sm:p-12">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 size-72 rounded-full bg-amber-200/40 blur-3xl"
          />
          <div className="relative grid items-center gap-8 md:grid-cols-[auto_1fr] md:gap-12">
            <AwardMedal year={awardContent.year} />
            <div>
              <p className="text-sm font-bold tracking-widest text-amber-800 uppercase">
                Award winner {awardContent.year}
              </p>
              <h2
                id="award-title"
                className="mt-2 text-2xl font-extrabold tracking-tight text-balance text-ink sm:text-4xl"
              >
                {awardContent.title}
              </h2>
              <p className="mt-4 max-w-3xl text-lg leading-8 text-ink-soft">{awardContent.body}</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function AwardMedal({ year }: { year: number }) {
  return (
    <div
      aria-hidden="true"
      className="mx-auto flex size-36 flex-col items-center justify-center rounded-full bg-gradient-to-br from-amber-400 to-amber-600 text-ink shadow-lg ring-8 ring-amber-100 sm:size-40 md:mx-0"
    >
      <svg viewBox="0 0 24 24" width="40" height="40" fill="currentColor">
        <path d="M6 2h12v3h3v3a5 5 0 01-5 5h-.4A6 6 0 0113 15.9V19h4v3H7v-3h4v-3.1A6 6 0 018.4 13H8a5 5 0 01-5-5V5h3zm0 5H5v1a3 3 0 001 2.2zm12 0v3.2A3 3 0 0019 8V7z" />
      </svg>
      <span className="mt-1 text-2xl font-black tracking-tight">{year}</span>
      <span className="text-[0.65rem] font-bold tracking-[0.2em] uppercase">Winner</span>
    </div>
  );
}
