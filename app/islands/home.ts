// The home page's hero on a page React does not hydrate (ADR 039), as app/features/home/
// hero-slider.tsx describes it: rotates every 5 s and wraps around, with arrows and dots; holds
// still while the shopper hovers or has keyboard focus inside it, when the tab is hidden, and for
// shoppers who ask for reduced motion.
export const HERO_ROTATION_MS = 5000;

const SLIDE_ON = ['opacity-100'];
const SLIDE_OFF = ['pointer-events-none', 'opacity-0'];
const DOT_ON = ['w-7', 'bg-gold-400'];
const DOT_OFF = ['w-2.5', 'bg-white/60', 'group-hover:bg-white'];

/** Gives the hidden slides' pictures their addresses (the server leaves them in data attributes). */
function loadPictures(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLSourceElement | HTMLImageElement>('[data-srcset], [data-src]')) {
    if (el.dataset.srcset) el.srcset = el.dataset.srcset;
    if (el.dataset.src && el instanceof HTMLImageElement) el.src = el.dataset.src;
    delete el.dataset.srcset;
    delete el.dataset.src;
  }
}

export function enhanceHome(): void {
  const hero = document.querySelector<HTMLElement>('[data-testid="hero"]');
  if (!hero) return;
  const slides = [...hero.querySelectorAll<HTMLElement>('[data-hero-slide]')];
  const dots = [...hero.querySelectorAll<HTMLButtonElement>('[data-hero-dot]')];
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
      slide.classList.remove(...(active ? SLIDE_OFF : SLIDE_ON));
      slide.classList.add(...(active ? SLIDE_ON : SLIDE_OFF));
    });
    dots.forEach((dot, i) => {
      const active = i === index;
      if (active) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
      dot.firstElementChild?.classList.remove(...(active ? DOT_OFF : DOT_ON));
      dot.firstElementChild?.classList.add(...(active ? DOT_ON : DOT_OFF));
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
    const button = (event.target as Element).closest<HTMLElement>('[data-hero-step], [data-hero-dot]');
    if (!button) return;
    if (button.dataset.heroDot !== undefined) show(Number(button.dataset.heroDot));
    else show(index + Number(button.dataset.heroStep));
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
