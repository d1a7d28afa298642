type StarRatingProps = {
  rating: number;
  outOf?: number;
  className?: string;
};

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/** A row of stars with its meaning spelt out for screen readers ("Rated 5 out of 5"). */
export function StarRating({ rating, outOf = 5, className = '' }: StarRatingProps) {
  const label = `Rated ${rating} out of ${outOf}`;
  return (
    <p className={`flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: outOf }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          className={index < rating ? 'text-amber-500' : 'text-slate-300'}
        >
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </p>
  );
}
