// The islands script (ADR 039): the only JavaScript of the pages React does not hydrate (home,
// listings, product and content pages; `handle = STATIC_PAGE`). The server renders every page
// whole, and every form works without JavaScript; each enhancement here finds its elements by
// their data attributes and does nothing on a page without them. Kept small: no framework, no zod.
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
// Lets browser tests (and curious developers) know the page's scripts have run.
document.documentElement.dataset.hydrated = 'true';
