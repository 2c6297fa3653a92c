// Pages served without React in the browser (ADR 039). A route whose page is fully server-rendered
// and needs only small enhancements exports `handle = STATIC_PAGE`: the root layout then leaves out
// React Router's scripts and loads the islands script (app/islands/main.ts) instead, so the page's
// first load carries a few KB of JavaScript rather than the framework.
import type { UIMatch } from 'react-router';

export interface PageHandle {
  /** false: render on the server only; the islands script enhances the page. */
  hydrate?: false;
  /** true: the enclosed checkout's own header and footer instead of the shop's (ADR 057). */
  enclosed?: true;
}

export const STATIC_PAGE: PageHandle = { hydrate: false };

/** The checkout: served without React in the browser, enclosed (ADR 057). */
export const CHECKOUT_PAGE: PageHandle = { hydrate: false, enclosed: true };

/** Does this route handle make its page one that React does not hydrate? */
export function isStaticHandle(handle: unknown): boolean {
  return (handle as PageHandle | undefined)?.hydrate === false;
}

/** Is the page made of these matched routes one that React does not hydrate? */
export function isStaticPage(matches: UIMatch[]): boolean {
  return matches.some((match) => isStaticHandle(match.handle));
}

/** Is it the enclosed checkout, with its own header and footer? */
export function isEnclosedPage(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.enclosed === true);
}
