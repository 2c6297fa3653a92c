// The home page's hero on a page React does not hydrate (ADR 039), as app/features/home/
// hero-slider.tsx describes it: rotates every 5 s and wraps around, with arrows and dots; holds
// still while the shopper hovers or has keyboard focus inside it, when the tab is hidden, and for
// shoppers who ask for reduced motion.
// The slide shown is `data-active="true"` and its dot `aria-current`; hero-slider.tsx styles both.
import { HOOK, select } from '#app/lib/islands-contract.ts';

export const HERO_ROTATION_MS = 5000;

/** Gives the hidden slides' pictures their addresses (the server leaves them in data attributes). */
function loadPictures(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLSourceElement | HTMLImageElement>(
    `${select(HOOK.deferredSrcset)}, ${select(HOOK.deferredSrc)}`,
  )) {
    const srcset = el.getAttribute(HOOK.deferredSrcset);
    const src = el.getAttribute(HOOK.deferredSrc);
    if (srcset) el.srcset = srcset;
    if (src && el instanceof HTMLImageElement) el.src = src;
    el.removeAttribute(HOOK.deferredSrcset);
    el.removeAttribute(HOOK.deferredSrc);
  }
}

export function enhanceHome(): void {
  const hero = document.querySelector<HTMLElement>(select(HOOK.hero));
  if (!hero) return;
  const slides = [...hero.querySelectorAll<HTMLElement>(select(HOOK.heroSlide))];
  const dots = [...hero.querySelectorAll<HTMLButtonElement>(select(HOOK.heroDot))];
  const count = slides.length;
  if (count < 2) return;
  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.dataset.active === 'true'),
  );
  let hovered = false;
  let focused = false;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let timer = 0;

  // The first slide is the page's largest picture: the others wait until the page has loaded.
  if (document.readyState === 'complete') loadPictures(hero);
  else window.addEventListener('load', () => loadPictures(hero), { once: true });

  const paused = () => hovered || focused || reducedMotion.matches;

  function show(next: number) {
    index = ((next % count) + count) % count;
    loadPictures(slides[index]!);
    slides.forEach((slide, i) => {
      const active = i === index;
      slide.dataset.active = String(active);
      slide.setAttribute('aria-hidden', String(!active));
      slide.inert = !active;
    });
    dots.forEach((dot, i) => {
      const active = i === index;
      if (active) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    restart();
  }

  function restart() {
    window.clearInterval(timer);
    hero!.dataset.paused = String(paused());
    if (paused()) return;
    timer = window.setInterval(() => {
      if (!document.hidden) show(index + 1);
    }, HERO_ROTATION_MS);
  }

  hero.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>(
      `${select(HOOK.heroStep)}, ${select(HOOK.heroDot)}`,
    );
    if (!button) return;
    const dot = button.getAttribute(HOOK.heroDot);
    if (dot !== null) show(Number(dot));
    else show(index + Number(button.getAttribute(HOOK.heroStep)));
  });
  hero.addEventListener('mouseenter', () => {
    hovered = true;
    restart();
  });
  hero.addEventListener('mouseleave', () => {
    hovered = false;
    restart();
  });
  hero.addEventListener('focusin', (event) => {
    if ((event.target as Element).matches(':focus-visible')) {
      focused = true;
      restart();
    }
  });
  hero.addEventListener('focusout', (event) => {
    if (!hero.contains(event.relatedTarget as Node | null)) {
      focused = false;
      restart();
    }
  });
  reducedMotion.addEventListener('change', restart);
  restart();
}
