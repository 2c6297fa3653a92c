// Serving a shared page to a visitor with a cart or a session (ADR 043). A page kept for anonymous
// visitors (ADR 038) marks its personal parts with <PersonalSlot> (app/components/personal-slot.tsx).
// For a guest with a cart or a signed-in shopper, the server takes the kept page and renders only
// those parts again, for them, from the same components and the same data as a full render
// (loadPersonal) — a few small queries and a few hundred bytes of React instead of the whole page.
// The result is the page a full render would give them (tests/integration/personal-slots.test.ts
// compares the two), works without JavaScript, and is never kept or shared.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type AppLoadContext, StaticRouter } from 'react-router';
import type { SlotName } from '#app/components/personal-slot.tsx';
import { AccountControls, CartLink, MenuLogout } from '#app/features/layout/header-personal.tsx';
import { BackInStockView } from '#app/features/product/back-in-stock.tsx';
import { PendingReviewNote, ReviewButton } from '#app/features/product/product-reviews.tsx';
import { WishlistButton } from '#app/features/product/wishlist-button.tsx';
import type { ReviewViewer } from '#core/contract/reviews.ts';
import { loadPersonal, type Personal } from './personal.server.ts';

/** One slot in the finished HTML: its name, its data attributes, and what it shows anonymously. */
const SLOT =
  /<template data-slot="([a-z-]+)"((?: data-[a-z]+="[^"]*")*)><\/template>([\s\S]*?)<template data-slot-end=""><\/template>/g;
const DATA = / data-([a-z]+)="([^"]*)"/g;

interface Visitor {
  personal: Personal;
  context: AppLoadContext;
  /** One review-viewer lookup per product, shared by the button and the pending note. */
  viewers: Map<number, Promise<ReviewViewer>>;
}

/** A slot's data: the ids it names, checked before any query (a kept page is ours, but still). */
type Data = Record<string, number>;

/** What a slot shows this visitor, or null when it shows what an anonymous visitor sees. */
type Fill = (data: Data, visitor: Visitor) => Promise<ReactElement | null> | ReactElement | null;

function viewerOf(visitor: Visitor, productId: number): Promise<ReviewViewer> | null {
  const account = visitor.personal.account;
  if (!account) return null;
  let viewer = visitor.viewers.get(productId);
  if (!viewer) {
    viewer = visitor.context.services.reviews.viewerOf(account.id, productId);
    visitor.viewers.set(productId, viewer);
  }
  return viewer;
}

const FILLS: Record<SlotName, Fill> = {
  account: (_data, { personal }) => (personal.user ? <AccountControls user={personal.user} /> : null),
  'menu-logout': (_data, { personal }) => (personal.user ? <MenuLogout /> : null),
  cart: (_data, { personal }) => (personal.cartCount > 0 ? <CartLink count={personal.cartCount} /> : null),
  wishlist: (data, { personal }) =>
    personal.wishlistIds?.includes(data.product ?? 0) ? <WishlistButton saved /> : null,
  review: async (data, visitor) => {
    const productId = data.product ?? 0;
    const viewer = await viewerOf(visitor, productId);
    return viewer ? <ReviewButton productId={productId} viewer={viewer} /> : null;
  },
  'review-pending': async (data, visitor) => {
    const viewer = await viewerOf(visitor, data.product ?? 0);
    return viewer ? <PendingReviewNote viewer={viewer} /> : null;
  },
  'back-in-stock': async (data, { personal, context }) => {
    const account = personal.account;
    if (!account) return null;
    const variantId = data.variant ?? 0;
    const [product, waiting] = await Promise.all([
      context.services.catalog.getProduct(data.product ?? 0),
      context.services.backInStock.waitingFor(account.email, [variantId]),
    ]);
    if (!product) return null;
    return (
      <BackInStockView
        variantId={variantId}
        productName={product.name}
        state={{ accountEmail: account.email, waiting }}
      />
    );
  },
};

function isSlotName(name: string): name is SlotName {
  return Object.hasOwn(FILLS, name);
}

/** The slot's ids, or null when one is not a positive whole number. */
function dataOf(attributes: string): Data | null {
  const data: Data = {};
  for (const [, key = '', value = ''] of attributes.matchAll(DATA)) {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    data[key] = id;
  }
  return data;
}

/** A slot's markup for this visitor, rendered as the full page would render it. */
function markupOf(element: ReactElement): string {
  const html = renderToStaticMarkup(<StaticRouter location="/">{element}</StaticRouter>);
  // A slot never brings an inline script or style: the kept page's hashes would not allow it.
  if (/<(script|style)\b/i.test(html)) throw new Error('a personal slot rendered an inline script or style');
  return html;
}

/**
 * The kept page's HTML with its personal parts rendered for this visitor, or null when the page
 * holds a slot this version does not know (the caller renders the page in full instead).
 */
export async function fillPersonalSlots(html: string, context: AppLoadContext): Promise<string | null> {
  const slots = [...html.matchAll(SLOT)].map((match) => ({
    match,
    name: match[1] ?? '',
    data: dataOf(match[2] ?? ''),
  }));
  if (slots.some(({ name, data }) => !isSlotName(name) || data === null)) return null;
  const visitor: Visitor = { personal: await loadPersonal(context), context, viewers: new Map() };
  const fills = await Promise.all(
    slots.map(async ({ name, data }) => {
      const element = await FILLS[name as SlotName](data as Data, visitor);
      return element ? markupOf(element) : null;
    }),
  );
  let out = '';
  let at = 0;
  slots.forEach(({ match }, i) => {
    const fill = fills[i];
    if (fill === null || fill === undefined) return;
    const [whole, name = '', attributes = ''] = match;
    const start = match.index;
    out += `${html.slice(at, start)}<template data-slot="${name}"${attributes}></template>${fill}<template data-slot-end=""></template>`;
    at = start + whole.length;
  });
  return out + html.slice(at);
}
