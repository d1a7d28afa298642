import { heroStats } from '@/content/home';

/**
 * The company's three headline figures (years, industries, services) as a description list,
 * figure above its label, on a dark hero. The home hero and the About hero both show them.
 */
export function HeroStats({ className }: { className: string }) {
  return (
    <dl className={`grid grid-cols-3 gap-4 border-t border-white/15 pt-8 ${className}`}>
      {heroStats.map((stat) => (
        <div key={stat.label} className="flex flex-col gap-1">
          <dt className="order-2 text-sm leading-5 text-slate-300">{stat.label}</dt>
          <dd className="order-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
