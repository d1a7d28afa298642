/**
 * Class names for anything that looks like a button: <button>, <a>, ContactLink.
 * Kept as strings so Tailwind sees every class literally.
 */
export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'inverseOutline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-100';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-700',
  secondary: 'bg-ink text-white hover:bg-slate-800 disabled:bg-slate-300 disabled:text-slate-700',
  outline:
    'border border-slate-300 bg-white text-ink hover:border-slate-400 hover:bg-slate-50 disabled:text-slate-600',
  ghost: 'text-brand-700 hover:bg-brand-50',
  inverse: 'bg-white text-ink shadow-sm hover:bg-slate-100',
  inverseOutline: 'border border-white/70 text-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-2 text-sm',
  md: 'px-5 py-3 text-base',
  lg: 'px-6 py-3.5 text-base sm:text-lg',
};

export function buttonClass({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}
