// The header's personal parts (ADR 043): the signed-in shopper's account link and Logout, and the
// cart link with its count. Each takes its data as props, so the same markup comes from the full
// render (site-header.tsx) and from the personal slots filled into a shared page
// (app/lib/personal-slots.server.tsx). Sign-out is a plain form: it works with or without React.
import { LogOut, ShoppingBag, User } from 'lucide-react';
import { Link } from 'react-router';
import { HOOK, mark } from '#app/lib/islands-contract.ts';

export interface HeaderUser {
  name: string;
}

const SIGN_OUT = '/auth/sign-out';

/** The header's round 44 px icon controls. */
export const ICON_BASE =
  'relative h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-plum-50 hover:text-plum-800';
export const ICON_BUTTON = `inline-flex ${ICON_BASE}`;

/** The account link and Logout of a signed-in shopper (Logout moves to the menu on a phone). */
export function AccountControls({ user }: { user: HeaderUser }) {
  return (
    <>
      {/* data-signed-in: the islands merge a guest's saved wishlist into the account once signed in. */}
      <Link
        to="/dashboard"
        className="inline-flex h-11 min-w-11 max-w-40 items-center justify-center gap-1.5 rounded-full px-1.5 text-sm font-semibold hover:bg-plum-50 hover:text-plum-800 sm:px-2"
        {...mark(HOOK.signedIn, 'true')}
      >
        <User className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="hidden truncate sm:inline">{user.name.split(' ')[0]}</span>
        <span className="sr-only sm:hidden">{`My account (${user.name})`}</span>
      </Link>
      {/* On a phone Logout sits in the menu, so every header control keeps a 44 px target. */}
      <form method="post" action={SIGN_OUT} className="hidden sm:contents">
        <button
          type="submit"
          className="inline-flex h-11 min-w-11 items-center justify-center rounded-full px-1.5 text-sm font-semibold hover:bg-plum-50 hover:text-plum-800 sm:px-2"
        >
          <LogOut className="h-5 w-5 sm:hidden" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Logout</span>
        </button>
      </form>
    </>
  );
}

/** Logout in the phone menu. */
export function MenuLogout() {
  return (
    <li className="sm:hidden">
      <form method="post" action={SIGN_OUT}>
        <button
          type="submit"
          className="block w-full py-3 text-left text-sm font-semibold uppercase tracking-wider text-ink hover:text-plum-700"
        >
          Logout
        </button>
      </form>
    </li>
  );
}

/** The cart link's badge: how many units, above zero. */
const CART_COUNT_CLASS =
  'absolute right-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-plum-800 px-1 text-[11px] font-bold text-white';

/**
 * The badge for an empty cart's link to gain, as a <template> the product page's island clones.
 * Written as its HTML (React would hydrate a template's children as real nodes on the hydrated
 * pages, where the browser has put them in its inert content).
 */
const CART_COUNT_TEMPLATE = { __html: `<span ${HOOK.cartCount} class="${CART_COUNT_CLASS}"></span>` };

/** The cart link, with a badge above zero units (or the badge's template at zero). */
export function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className={ICON_BUTTON}
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      {...mark(HOOK.cartLink)}
    >
      <ShoppingBag className="h-5 w-5" aria-hidden="true" />
      {count > 0 ? (
        <span {...mark(HOOK.cartCount)} className={CART_COUNT_CLASS}>
          {count > 99 ? '99+' : count}
        </span>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no shopper data
        <template {...mark(HOOK.cartCountTemplate)} dangerouslySetInnerHTML={CART_COUNT_TEMPLATE} />
      )}
    </Link>
  );
}
