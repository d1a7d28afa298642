import type { CoverImage } from '@/content/types';

/** Every cover SVG (case studies, whitepapers, articles) is drawn at 16:9 on this canvas. */
export const coverImageSize = { width: 960, height: 540 } as const;

/** The cover fields of an item whose SVG lives at /images/{folder}/{id}.svg. */
export function coverImage(
  folder: 'case-studies' | 'whitepapers' | 'articles',
  id: string,
  alt: string,
): CoverImage {
  return {
    image: `/images/${folder}/${id}.svg`,
    imageAlt: alt,
    imageWidth: coverImageSize.width,
    imageHeight: coverImageSize.height,
  };
}
