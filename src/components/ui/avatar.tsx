import { useEffect, useRef, useState } from 'react';

import type { GradientStops } from '@/content/types';

type AvatarProps = {
  /** Who it shows: used for the image's alt text and the initials' accessible name. */
  name: string;
  initials: string;
  gradient: GradientStops;
  /** Public path to a portrait; without it the initials show. */
  photo?: string;
  /** Rendered size in CSS pixels (square). */
  size?: number;
  /** The photo sits below the fold: load it lazily. */
  lazy?: boolean;
  /** Hide from assistive technology when the name is printed beside it. */
  decorative?: boolean;
  className?: string;
};

/**
 * A round portrait that falls back to initials on the member's gradient when there is no photo
 * or the photo fails to load. Prerender-safe: the static HTML holds the <img> whenever a photo
 * exists; an image that failed before hydration (so onError never reaches React) is caught by
 * checking `complete && naturalWidth === 0` once mounted.
 */
export function Avatar({
  name,
  initials,
  gradient,
  photo,
  size = 96,
  lazy = true,
  decorative = false,
  className = '',
}: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const imgRef = useRef<HTMLImageElement>(null);
  const showPhoto = Boolean(photo) && failedSrc !== photo;

  useEffect(() => {
    const img = imgRef.current;
    if (photo && img && img.complete && img.naturalWidth === 0) setFailedSrc(photo);
  }, [photo]);

  const frame = `relative inline-flex shrink-0 overflow-hidden rounded-full ring-4 ring-white shadow-md ${className}`;
  const dimensions = { width: size, height: size };

  if (showPhoto) {
    return (
      <span className={frame} style={dimensions}>
        <img
          ref={imgRef}
          src={photo}
          alt={decorative ? '' : `Portrait of ${name}`}
          width={size}
          height={size}
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedSrc(photo)}
        />
      </span>
    );
  }

  return (
    <span
      className={`${frame} items-center justify-center font-bold tracking-wide text-white`}
      style={{
        ...dimensions,
        fontSize: Math.round(size * 0.36),
        backgroundImage: `linear-gradient(135deg, ${gradient.from}, ${gradient.to})`,
      }}
      data-testid="avatar-initials"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {initials}
    </span>
  );
}
