import type { ReactNode } from 'react';

type SectionHeadingProps = {
  id: string;
  title: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  align?: 'left' | 'center';
  /** Heading level: sections of a page are h2 unless nested. */
  level?: 2 | 3;
  tone?: 'light' | 'dark';
};

/** A section's heading block. Pass `id` to the section's aria-labelledby. */
export function SectionHeading({
  id,
  title,
  eyebrow,
  intro,
  align = 'center',
  level = 2,
  tone = 'light',
}: SectionHeadingProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const centred = align === 'center' ? 'mx-auto text-center' : '';
  const titleColour = tone === 'dark' ? 'text-white' : 'text-ink';
  const textColour = tone === 'dark' ? 'text-slate-200' : 'text-ink-muted';
  const eyebrowColour = tone === 'dark' ? 'text-brand-200' : 'text-brand-700';
  return (
    <div className={`max-w-3xl ${centred}`}>
      {eyebrow ? (
        <p className={`text-sm font-bold tracking-widest uppercase ${eyebrowColour}`}>{eyebrow}</p>
      ) : null}
      <Heading
        id={id}
        className={`mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl ${titleColour}`}
      >
        {title}
      </Heading>
      {intro ? <p className={`mt-4 text-lg leading-8 ${textColour}`}>{intro}</p> : null}
    </div>
  );
}
