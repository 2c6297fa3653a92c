// The islands script (ADR 039): the only JavaScript of the pages React does not hydrate (home,
// listings, product and content pages, and the cart and checkout, ADR 046; `handle = STATIC_PAGE`). The server renders every page
// whole, and every form works without JavaScript; each enhancement here finds its elements by
// their data attributes and does nothing on a page without them. Kept small: no framework, no zod.
import { HOOK, select } from '#app/lib/islands-contract.ts';
import { enhanceHome } from './home.ts';
import { enhanceListing } from './listing.ts';
import { enhanceProduct } from './product.ts';
import { enhanceShell } from './shell.ts';

for (const enhance of [enhanceShell, enhanceHome, enhanceListing, enhanceProduct]) {
  try {
    enhance();
  } catch (error) {
    // One broken enhancement leaves the server-rendered page (and the others) working.
    console.error(error);
  }
}
// The cart and checkout (ADR 046) load their own chunk, only on their pages.
const pageChunks: [string, () => Promise<{ enhance: () => void }>][] = [
  [select(HOOK.cartPage), () => import('./cart.ts').then((m) => ({ enhance: m.enhanceCart }))],
  [
    `form${select(HOOK.checkout)}`,
    () => import('./checkout.ts').then((m) => ({ enhance: m.enhanceCheckout })),
  ],
];
const chunk = pageChunks.find(([selector]) => document.querySelector(selector));
if (chunk) {
  chunk[1]()
    .then((m) => m.enhance())
    .catch((error: unknown) => console.error(error))
    .finally(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
} else {
  // Lets browser tests (and curious developers) know the page's scripts have run.
  document.documentElement.dataset.hydrated = 'true';
}
