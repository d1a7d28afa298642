import type { CoverImage } from '@/content/types';

type CardImageProps = {
  cover: CoverImage;
  /** Eager for images in the first row (possible LCP), lazy below the fold. */
  priority?: boolean;
  className?: string;
};

/** A card's 16:9 cover art with intrinsic size set, so it never shifts the layout. */
export function CardImage({ cover, priority = false, className = '' }: CardImageProps) {
  return (
    <img
      src={cover.image}
      alt={cover.imageAlt}
      width={cover.imageWidth}
      height={cover.imageHeight}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-video w-full object-cover ${className}`}
    />
  );
}
