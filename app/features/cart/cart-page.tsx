// The /cart page's markup: the lines with their quantity forms, the promo box and the order
// summary. Every control is a form posting to the route's action (works without JavaScript). The
// page is rendered on the server only (ADR 046): app/islands/cart.ts sends these forms in place.
import { Lock, ShoppingBag, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Price } from '#app/components/ui/price.tsx';
import { FormMessage } from '#app/features/account/form-fields.tsx';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { CartView } from '#core/contract/cart.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { PromoBox } from './promo-box.tsx';

/** What the cart's action answers: a refusal, or what was done (the promo's message). */
export type CartActionData =
  | { ok: false; message: string; values: Record<string, string> }
  | { ok: true; intent: string; message: string }
  | undefined;

/** The /cart page: the lines with their quantity forms, the promo box and the order summary. */
export function CartPage({ cart, actionData }: { cart: CartView; actionData: CartActionData }) {
  const failed = actionData && !actionData.ok ? actionData : null;

  if (cart.lines.length === 0) {
    return (
      <section
        className="container-shop flex flex-col items-center py-20 text-center"
        {...mark(HOOK.cartPage)}
      >
        {failed ? (
          <div className="mb-6 w-full max-w-lg text-left">
            <FormMessage tone="error">{failed.message}</FormMessage>
          </div>
        ) : null}
        <ShoppingBag className="h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-semibold">Your cart is empty</h1>
        <p className="mt-2 text-muted">Add some beautiful hair products to get started!</p>
        <Link to="/collections" className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </section>
    );
  }

  return (
    <section className="container-shop py-8 sm:py-12" {...mark(HOOK.cartPage)}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="section-title">Your Cart</h1>
          <p className="mt-1 text-sm text-muted">
            {cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'}
          </p>
        </div>
        <form method="post" action="/cart">
          <button type="submit" name="intent" value="clear" className="btn-outline">
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Clear Cart
          </button>
        </form>
      </div>
      {failed && failed.values.intent !== 'promo' ? (
        <div className="mt-4">
          <FormMessage tone="error">{failed.message}</FormMessage>
        </div>
      ) : null}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]">
        <ul
          className="divide-y divide-ink/10 rounded-2xl bg-white px-4 shadow-sm sm:px-6"
          aria-label="Items in your cart"
          {...mark(HOOK.cartLines)}
        >
          {cart.lines.map((line) => (
            <CartLineItem key={line.variantId} line={line} />
          ))}
        </ul>

        <aside
          className="h-fit space-y-5 rounded-2xl bg-white p-5 shadow-sm sm:p-6"
          aria-label="Order summary"
        >
          <h2 className="text-xl font-semibold">Order Summary</h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt>Subtotal</dt>
              <dd>
                <Price kobo={cart.subtotalKobo} />
              </dd>
            </div>
            {cart.discountKobo > 0 ? (
              <div className="flex justify-between gap-4 text-ok">
                <dt>Discount ({cart.promo?.code})</dt>
                <dd>
                  <Price kobo={cart.discountKobo} discount />
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt>Shipping</dt>
              <dd className="text-right">Calculated at checkout (free in most states)</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-ink/10 pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd>
                <Price kobo={cart.totalKobo} />
              </dd>
            </div>
          </dl>

          <PromoBox
            promo={cart.promo}
            failed={failed?.values.intent === 'promo' ? failed : null}
            applied={actionData?.ok && actionData.intent === 'promo' ? actionData.message : null}
          />

          {cart.canCheckout ? (
            <Link to="/checkout" className="btn-primary w-full">
              Proceed to Checkout
            </Link>
          ) : (
            <p className="rounded-lg bg-sale/5 px-4 py-3 text-sm font-medium text-sale" role="status">
              Please fix the items marked above to check out.
            </p>
          )}
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Checkout is secured by Paystack. We never see
            your card.
          </p>
          <Link
            to="/collections"
            className="block py-3 text-center text-sm font-semibold text-plum-800 hover:underline"
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
    </section>
  );
}
