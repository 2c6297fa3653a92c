import { preload } from 'react-dom';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
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
  /**
   * Not fetched with the page: the addresses wait in `data-srcset`/`data-src` until a script
   * copies them over (the hero's hidden slides, which only its island can show; ADR 046).
   */
  deferred?: boolean;
}

/** AVIF and WebP at several widths, JPEG as the fallback; width and height set so nothing shifts. */
export function ResponsiveImage({
  image,
  sizes,
  maxWidth,
  className,
  priority = false,
  alt,
  deferred = false,
}: Props) {
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
  const avif = srcSet(image, 'avif', maxWidth);
  const webp = srcSet(image, 'webp', maxWidth);
  const fallback = mediaUrl(image.id, fallbackWidth, 'jpg');
  return (
    <picture>
      <source
        type="image/avif"
        {...(deferred ? mark(HOOK.deferredSrcset, avif) : { srcSet: avif })}
        sizes={sizes}
      />
      <source
        type="image/webp"
        {...(deferred ? mark(HOOK.deferredSrcset, webp) : { srcSet: webp })}
        sizes={sizes}
      />
      <img
        {...(deferred ? mark(HOOK.deferredSrc, fallback) : { src: fallback })}
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
