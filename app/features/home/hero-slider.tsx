import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { HeroSlide } from '#core/contract/catalog.ts';

/**
 * The spec's hero, rendered on the server with its first slide showing. The home page is not
 * hydrated (ADR 039): app/islands/home.ts makes it rotate every 5 s with arrows and dots, holding
 * still on hover, keyboard focus, a hidden tab or reduced motion. Without JavaScript the first
 * slide stays, so the hidden slides' pictures are not fetched with the page: the island loads them
 * once the page has loaded, leaving the phone's bandwidth to the first slide (the LCP; ADR 046).
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const index = 0;
  const count = slides.length;

  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative overflow-hidden bg-plum-900"
      {...mark(HOOK.hero)}
      data-paused="true"
    >
      <div className="relative h-[440px] sm:h-[480px] lg:h-auto lg:aspect-[1920/800] lg:max-h-[640px] lg:w-full">
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
              {...mark(HOOK.heroSlide)}
              data-active={active ? 'true' : 'false'}
              className="pointer-events-none absolute inset-0 opacity-0 transition-opacity duration-700 motion-reduce:transition-none data-[active=true]:pointer-events-auto data-[active=true]:opacity-100"
            >
              <ResponsiveImage
                image={slide.image}
                alt=""
                sizes="100vw"
                maxWidth={1920}
                priority={i === 0}
                deferred={i !== 0}
                className="h-full w-full object-cover"
              />
              <div className="absolute inset-0 bg-gradient-to-r from-plum-900/85 via-plum-900/45 to-transparent" />
              <div className="container-shop absolute inset-0 flex items-center">
                <div className="max-w-lg text-cream">
                  <p className="mb-3 text-xs font-bold uppercase tracking-[0.25em] text-gold-300">
                    Crown Hair
                  </p>
                  <h2 className="font-display text-4xl font-semibold leading-tight sm:text-5xl">
                    {slide.title}
                  </h2>
                  <p className="mt-4 text-base text-cream/90 sm:text-lg">{slide.subtitle}</p>
                  <Link to={slide.ctaLink} className="btn-gold mt-7 px-7">
                    {slide.ctaText}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          <button
            type="button"
            {...mark(HOOK.heroStep, -1)}
            aria-label="Previous slide"
            className="absolute left-2 top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/20 text-white backdrop-blur hover:bg-white/35 sm:inline-flex"
          >
            <ChevronLeft className="h-6 w-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            {...mark(HOOK.heroStep, 1)}
            aria-label="Next slide"
            className="absolute right-2 top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/20 text-white backdrop-blur hover:bg-white/35 sm:inline-flex"
          >
            <ChevronRight className="h-6 w-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                {...mark(HOOK.heroDot, i)}
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className="group inline-flex h-8 w-8 items-center justify-center"
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-white/60 transition-all group-hover:bg-white group-aria-[current=true]:w-7 group-aria-[current=true]:bg-gold-400 group-aria-[current=true]:group-hover:bg-gold-400" />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
