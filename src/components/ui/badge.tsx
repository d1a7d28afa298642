import type { ReactNode } from 'react';

export function Badge({
  children,
  className = 'bg-slate-100 text-slate-800',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold tracking-wide ${className}`}
    >
      {children}
    </span>
  );
}
