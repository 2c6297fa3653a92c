// A personal part of a shared page (ADR 043): the cart link, the account controls, a product's
// heart, its review button. A page kept for anonymous visitors (ADR 038) is served to a guest with
// a cart or a signed-in shopper too, with only these parts rendered again for them on the server
// (app/personal-slots.server.tsx) — so the page still works without JavaScript and shows
// nothing of one visitor to another.
//
// The markers are empty <template> elements: invisible, allowed anywhere (inside a <ul> too), and
// easy to find in the finished HTML. A slot holds no other slot and no inline script or style.
import type { ReactNode } from 'react';

/** The names of the personal parts, each filled by app/personal-slots.server.tsx. */
export type SlotName =
  | 'account'
  | 'menu-logout'
  | 'cart'
  | 'wishlist'
  | 'review'
  | 'review-pending'
  | 'back-in-stock';

export function PersonalSlot({
  name,
  data,
  children,
}: {
  name: SlotName;
  /** What the filler needs to know about this slot (a product's or variant's id). */
  data?: Record<string, string | number>;
  children?: ReactNode;
}) {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {})) attributes[`data-${key}`] = String(value);
  return (
    <>
      <template data-slot={name} {...attributes} />
      {children}
      <template data-slot-end="" />
    </>
  );
}
