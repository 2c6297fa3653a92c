import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import type { HeroSlide } from '#core/contract/catalog.ts';

export const HERO_ROTATION_MS = 5000;

/**
 * The spec's hero: rotates every 5 s and wraps around, with arrows and dots. It holds still while
 * the shopper hovers or has keyboard focus inside it, when the tab is hidden, and for shoppers who
 * ask for reduced motion.
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const paused = hovered || focused || reducedMotion || count < 2;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the timer after every move
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) setIndex((i) => (i + 1) % count);
    }, HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [paused, count, index]);

  if (count === 0) return null;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative overflow-hidden bg-plum-900"
      data-testid="hero"
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
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
              data-active={active ? 'true' : 'false'}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${
                active ? 'opacity-100' : 'pointer-events-none opacity-0'
              }`}
            >
              <ResponsiveImage
                image={slide.image}
                alt=""
                sizes="100vw"
                maxWidth={1920}
                priority={i === 0}
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
            onClick={() => go(index - 1)}
            aria-label="Previous slide"
            className="absolute left-2 top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/20 text-white backdrop-blur hover:bg-white/35 sm:inline-flex"
          >
            <ChevronLeft className="h-6 w-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
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
                onClick={() => go(i)}
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className="group inline-flex h-8 w-8 items-center justify-center"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-gold-400' : 'w-2.5 bg-white/60 group-hover:bg-white'}`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
