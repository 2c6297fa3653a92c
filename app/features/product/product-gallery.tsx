import { useState } from 'react';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import type { ImageRef } from '#core/media.ts';

export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="aspect-[4/5] rounded-3xl bg-sand" />;
  return (
    <div className="space-y-3" data-testid="gallery">
      <div className="overflow-hidden rounded-3xl bg-sand">
        <ResponsiveImage
          key={current.id}
          image={current}
          sizes="(min-width: 1024px) 600px, 100vw"
          maxWidth={640}
          priority={index === 0}
          className="aspect-[4/5] h-auto w-full object-cover max-lg:max-h-[36vh]"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label="More pictures">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                className={`block overflow-hidden rounded-xl ring-2 ${i === index ? 'ring-plum-800' : 'ring-transparent hover:ring-plum-100'}`}
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
