import { site } from '@/config/site';

/** The kestrel mark and wordmark, inline so the header needs no image request. */
export function BrandLogo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M6 20 L16 8 L26 20 L20 17 L16 24 L12 17 Z" fill="#fff" />
        <circle cx="16" cy="14" r="1.6" fill="#1d4ed8" />
      </svg>
      <span className="text-lg font-extrabold tracking-tight">{site.name}</span>
    </span>
  );
}
