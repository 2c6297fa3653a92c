// Image renditions: the URL scheme shared by the server (which renders them) and the UI (srcset).
// ImageRef is declared once, by its schema in the contract; only its type comes here (no zod).
import type { ImageRef } from './contract/catalog.ts';

export type { ImageRef };

export const RENDITION_WIDTHS = [160, 320, 480, 640, 960, 1200, 1920] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];
export const RENDITION_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

export function mediaUrl(id: string, width: RenditionWidth, format: RenditionFormat): string {
  return `/media/${id}/${width}.${format}`;
}

/** Widths worth offering for an image shown at most `maxWidth` CSS pixels wide (2x screens included). */
export function srcSetWidths(original: number, maxWidth: number): RenditionWidth[] {
  const limit = Math.min(original, maxWidth * 2);
  const widths = RENDITION_WIDTHS.filter((w) => w <= limit);
  return widths.length > 0 ? widths : [RENDITION_WIDTHS[0]];
}

export function srcSet(image: ImageRef, format: RenditionFormat, maxWidth: number): string {
  return srcSetWidths(image.width, maxWidth)
    .map((w) => `${mediaUrl(image.id, w, format)} ${w}w`)
    .join(', ');
}

/** The 1200×630 JPEG used for link previews (Open Graph, Twitter cards). */
export function ogImageUrl(id: string): string {
  return `/media/${id}/og.jpg`;
}
