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
import { loadPersonal, type Personal } from '#app/lib/personal.server.ts';
import type { ReviewViewer } from '#core/contract/reviews.ts';

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

/** One personal slot of a kept page: its markers and what it shows an anonymous visitor. */
export interface Slot {
  name: SlotName;
  data: Data;
  /** The opening marker as written in the page (name and data attributes). */
  open: string;
}

/**
 * A kept page cut at its personal slots, once per kept page: `statics[i]` comes before
 * `slots[i]`'s whole text (`wholes[i]`: markers and anonymous content), the last static after
 * the last slot.
 */
export interface SlotLayout {
  statics: string[];
  slots: Slot[];
  wholes: string[];
}

/** The page cut at its slots, or null when it holds a slot this version does not know (render it in full). */
export function slotLayoutOf(html: string): SlotLayout | null {
  const statics: string[] = [];
  const slots: Slot[] = [];
  const wholes: string[] = [];
  let at = 0;
  for (const match of html.matchAll(SLOT)) {
    const [whole, name = '', attributes = ''] = match;
    const data = dataOf(attributes);
    if (!isSlotName(name) || data === null) return null;
    statics.push(html.slice(at, match.index));
    slots.push({ name, data, open: `<template data-slot="${name}"${attributes}></template>` });
    wholes.push(whole);
    at = match.index + whole.length;
  }
  statics.push(html.slice(at));
  return { statics, slots, wholes };
}

/**
 * What each slot of the page shows this visitor, in the page's order: its markers around their
 * own markup, or null where they see what an anonymous visitor sees.
 */
export async function fillSlotLayout(
  layout: SlotLayout,
  context: AppLoadContext,
): Promise<(string | null)[]> {
  if (layout.slots.length === 0) return [];
  const visitor: Visitor = { personal: await loadPersonal(context), context, viewers: new Map() };
  return Promise.all(
    layout.slots.map(async ({ name, data, open }) => {
      const element = await FILLS[name](data, visitor);
      return element ? `${open}${markupOf(element)}<template data-slot-end=""></template>` : null;
    }),
  );
}
