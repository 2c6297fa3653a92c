// The product page's pictures: the main one and, when there are more, a row of thumbnails. The
// page is not hydrated (ADR 039): each thumbnail button carries its picture's large sources in
// data attributes, and the islands script (app/islands/product.ts) swaps them into the main
// picture when one is pressed. The server always shows the first picture.
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { type ImageRef, mediaUrl, srcSet, srcSetWidths } from '#core/media.ts';

const MAIN_SIZES = '(min-width: 1024px) 600px, 100vw';
const MAIN_MAX_WIDTH = 640;

/** What ResponsiveImage renders for the main picture, as data attributes for the island. */
function mainSources(image: ImageRef) {
  const widths = srcSetWidths(image.width, MAIN_MAX_WIDTH);
  const fallback = widths.find((w) => w >= MAIN_MAX_WIDTH) ?? widths[widths.length - 1]!;
  return {
    'data-avif': srcSet(image, 'avif', MAIN_MAX_WIDTH),
    'data-webp': srcSet(image, 'webp', MAIN_MAX_WIDTH),
    'data-src': mediaUrl(image.id, fallback, 'jpg'),
    'data-alt': image.alt,
    'data-width': String(image.width),
    'data-height': String(image.height),
  };
}

export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const current = images[0];
  if (!current) return <div className="aspect-[4/5] rounded-3xl bg-sand" />;
  return (
    <div className="space-y-3" {...mark(HOOK.gallery)}>
      <div className="overflow-hidden rounded-3xl bg-sand" {...mark(HOOK.galleryMain)}>
        <ResponsiveImage
          image={current}
          sizes={MAIN_SIZES}
          maxWidth={MAIN_MAX_WIDTH}
          priority
          className="aspect-[4/5] h-auto w-full object-cover max-lg:max-h-[36vh]"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label="More pictures">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-pressed={i === 0}
                className="block overflow-hidden rounded-xl ring-2 ring-transparent hover:ring-plum-100 aria-pressed:ring-plum-800 aria-pressed:hover:ring-plum-800"
                {...mark(HOOK.galleryThumb)}
                {...mainSources(image)}
              >
                <ResponsiveImage
                  image={image}
                  alt={`${name}, picture ${i + 1}`}
                  sizes="80px"
                  maxWidth={80}
                  className="h-14 w-11 object-cover sm:h-20 sm:w-16"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
