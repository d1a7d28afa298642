const bars = [38, 52, 45, 64, 58, 76, 71, 88];

const pillarsShown = [
  { label: 'Data', dot: 'bg-blue-400' },
  { label: 'AI', dot: 'bg-violet-400' },
  { label: 'Digital', dot: 'bg-emerald-400' },
];

/**
 * A decorative "insight dashboard" beside the hero copy on large screens. Pure markup and CSS,
 * hidden from assistive technology; its size is fixed so it never shifts the layout.
 */
export function HeroVisual() {
  return (
    // A fixed height: the hero centres this column, so a panel still growing while its HTML
    // arrives would move its top edge (a layout shift seen under a slow CPU).
    <div aria-hidden="true" className="relative hidden h-[30.25rem] lg:block">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-blue-500/20 to-violet-500/20 blur-2xl" />
      <div className="relative rounded-2xl border border-white/15 bg-white/10 p-6 shadow-2xl backdrop-blur">
        <p className="text-xs font-semibold tracking-widest text-slate-300 uppercase">
          Data value index
        </p>
        <p className="mt-1 flex items-baseline gap-3">
          <span className="text-3xl font-extrabold">+45%</span>
          <span className="rounded-full bg-emerald-400/20 px-2.5 py-0.5 text-xs font-bold text-emerald-200">
            ▲ 12 months
          </span>
        </p>
        <div className="mt-6 flex h-36 items-end gap-2">
          {bars.map((height, index) => (
            <span
              key={index}
              className="flex-1 rounded-t-md bg-gradient-to-t from-blue-500 to-violet-400"
              style={{ height: `${height}%`, opacity: 0.55 + index * 0.055 }}
            />
          ))}
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3">
          {pillarsShown.map((pillar) => (
            <div key={pillar.label} className="rounded-xl bg-white/10 px-3 py-3">
              <span className={`block size-2 rounded-full ${pillar.dot}`} />
              <span className="mt-2 block text-sm font-semibold">{pillar.label}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -top-7 -right-5 rounded-xl border border-white/15 bg-ink/90 px-4 py-3 shadow-xl">
        <p className="text-xs text-slate-300">Governed datasets</p>
        <p className="text-lg font-bold">
          1,240 <span className="text-sm font-semibold text-emerald-300">trusted</span>
        </p>
      </div>
    </div>
  );
}
