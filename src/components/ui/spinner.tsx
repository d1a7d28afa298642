const sizeClass = { md: 'size-8', lg: 'size-10' } as const;

type SpinnerProps = {
  /** Read by screen readers in place of the animation. */
  label: string;
  size?: keyof typeof sizeClass;
  /** Layout of the status box around the wheel (centring, padding, height). */
  className?: string;
};

/** A turning wheel in a polite status region whose only spoken content is the label. */
export function Spinner({ label, size = 'md', className = 'flex justify-center' }: SpinnerProps) {
  return (
    <div className={className} role="status">
      <span
        aria-hidden="true"
        className={`${sizeClass[size]} animate-spin rounded-full border-4 border-brand-200 border-t-brand-700`}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
