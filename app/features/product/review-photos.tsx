// A review's photos as small square thumbnails (lazy, sized renditions), each a link that opens the
// photo larger: a plain link to a bigger rendition, so it works without JavaScript. Used by the
// product page, the dashboard's Reviews tab and /admin/reviews.
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { type ImageRef, mediaUrl, RENDITION_WIDTHS, type RenditionWidth } from '#core/media.ts';

/** The widest rendition not larger than the photo itself (at most 1200 px): what "open larger" shows. */
function largeWidth(image: ImageRef): RenditionWidth {
  const fitting = RENDITION_WIDTHS.filter((w) => w <= Math.min(image.width, 1200));
  return fitting[fitting.length - 1] ?? RENDITION_WIDTHS[0];
}

export function ReviewPhotos({
  photos,
  from,
  size = 'md',
}: {
  photos: ImageRef[];
  /** Whose review, for the photos' descriptions: "Adaeze O.'s review" → "Photo 1 from Adaeze O.'s review". */
  from: string;
  size?: 'sm' | 'md';
}) {
  if (photos.length === 0) return null;
  const box = size === 'sm' ? 'h-16 w-16' : 'h-20 w-20';
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos from ${from}`}>
      {photos.map((photo, index) => {
        const label = photo.alt || `Photo ${index + 1} from ${from}`;
        return (
          <li key={photo.id} className={`${box} overflow-hidden rounded-lg bg-sand`}>
            <a
              href={mediaUrl(photo.id, largeWidth(photo), 'jpg')}
              target="_blank"
              rel="noopener"
              className="block h-full w-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-plum-700"
              title="Open the photo larger"
            >
              <ResponsiveImage
                image={photo}
                sizes={size === 'sm' ? '64px' : '80px'}
                maxWidth={80}
                alt={`${label} (opens larger)`}
                className="h-full w-full object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
