// What makes a storefront page this visitor's own: who is signed in, how many units their cart
// holds, which products they saved. The root loader shows it in a full render; the personal slots
// fill the same into a shared page (app/personal-slots.server.tsx, ADR 043) — one function,
// so the two can never disagree.
import type { AppLoadContext } from 'react-router';

export type PersonalContext = Pick<AppLoadContext, 'auth' | 'cart' | 'services'>;

export async function loadPersonal(context: PersonalContext) {
  const [account, cartCount, wishlistIds] = await Promise.all([
    context.auth.getUser(),
    context.cart.owner().then((owner) => context.services.cart.count(owner, context.cart.memo)),
    context.auth.getUser().then((u) => (u ? context.services.profiles.listWishlist(u.id) : null)),
  ]);
  return {
    /** The signed-in account (id and email for the product page's slots), or null. */
    account,
    /** The signed-in shopper (name for the header), or null. */
    user: account ? { name: account.name, role: account.role } : null,
    /** Units in the cart; the header shows a badge above zero. */
    cartCount,
    /** The signed-in shopper's saved products (guests keep theirs in this browser). */
    wishlistIds,
  };
}

export type Personal = Awaited<ReturnType<typeof loadPersonal>>;
