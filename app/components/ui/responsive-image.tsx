import { preload } from 'react-dom';
import { type ImageRef, mediaUrl, srcSet, srcSetWidths } from '#core/media.ts';

interface Props {
  image: ImageRef;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** The widest it is ever shown, in CSS pixels (caps the srcset). */
  maxWidth: number;
  className?: string;
  /** The largest image above the fold: fetched first, not lazily. */
  priority?: boolean;
  alt?: string;
}

/** AVIF and WebP at several widths, JPEG as the fallback; width and height set so nothing shifts. */
export function ResponsiveImage({ image, sizes, maxWidth, className, priority = false, alt }: Props) {
  const widths = srcSetWidths(image.width, maxWidth);
  const fallbackWidth = widths.find((w) => w >= Math.min(maxWidth, 640)) ?? widths[widths.length - 1]!;
  if (priority) {
    // React puts this in <head>, so the browser starts fetching the main picture before layout.
    preload(mediaUrl(image.id, fallbackWidth, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(image, 'avif', maxWidth),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'webp', maxWidth)} sizes={sizes} />
      <img
        src={mediaUrl(image.id, fallbackWidth, 'jpg')}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={className}
      />
    </picture>
  );
}
