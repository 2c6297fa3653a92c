// The checkout's order summary: the lines, subtotal, discount, delivery fee and total, all in
// naira (the shopper pays in naira whatever currency they browse in), and the submit button.
import { Lock, Wallet } from 'lucide-react';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { CartView } from '#core/contract/cart.ts';
import { formatDeliveryFee, formatDiscount, formatPrice } from '#core/money.ts';

/** One state's delivery terms, as the checkout service lists them. */
export interface DeliveryOption {
  state: string;
  feeKobo: number;
  payOnDelivery: boolean;
  etaDaysMin: number;
  etaDaysMax: number;
}

export function CheckoutSummary({
  cart,
  rate,
  deliveryFeeKobo,
  freeDeliveryFromKobo,
  total,
  storeCreditKobo = 0,
}: {
  cart: CartView;
  /** The chosen state's delivery terms, if a state is chosen. */
  rate: DeliveryOption | undefined;
  /** What delivery costs this basket (0 once it reaches the free-delivery amount). */
  deliveryFeeKobo: number;
  /** The shop's free-delivery amount (after discount), or null. */
  freeDeliveryFromKobo: number | null;
  total: number;
  /** Store credit taken off (ADR 100): its row is there, hidden at 0, for the island to show. */
  storeCreditKobo?: number;
}) {
  return (
    <aside className="h-fit space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6" aria-label="Order summary">
      <h2 className="text-xl font-semibold">Order Summary</h2>
      <ul className="space-y-2 text-sm">
        {cart.lines.map((l) => (
          <li key={l.variantId} className="flex justify-between gap-3">
            <span>
              {l.quantity} × {l.productName}
              {l.variantLabel ? <span className="block text-xs text-muted">{l.variantLabel}</span> : null}
            </span>
            <span className="whitespace-nowrap">{formatPrice(l.subtotalKobo)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-ink/10 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatPrice(cart.subtotalKobo)}</dd>
        </div>
        {cart.discountKobo > 0 ? (
          <div className="flex justify-between text-ok">
            <dt>Discount ({cart.promo?.code})</dt>
            <dd>{formatDiscount(cart.discountKobo)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd {...mark(HOOK.deliveryFee)}>
            {rate ? formatDeliveryFee(deliveryFeeKobo) : 'Free in most states'}
          </dd>
        </div>
        {freeDeliveryFromKobo !== null ? (
          <p className="text-xs text-muted">
            {`Free delivery on orders of ${formatPrice(freeDeliveryFromKobo)} or more.`}
          </p>
        ) : null}
        <div
          className="flex justify-between text-ok"
          hidden={storeCreditKobo === 0}
          {...mark(HOOK.storeCreditRow)}
        >
          <dt>Store credit</dt>
          <dd>{formatDiscount(storeCreditKobo)}</dd>
        </div>
        <div className="flex justify-between border-t border-ink/10 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd {...mark(HOOK.checkoutTotal)}>{formatPrice(total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        All amounts in naira: you pay in naira whatever currency you browse in.
      </p>
      {/* Without JavaScript the method chosen is not known until the form is sent: "Place Order".
          The island says "Pay ₦…" for an online payment and "Placing your order…" once sent. */}
      <button type="submit" className="btn-primary w-full" disabled={!cart.canCheckout}>
        <Wallet className="h-4 w-4" aria-hidden="true" />
        <span {...mark(HOOK.checkoutLabel)}>Place Order</span>
      </button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
        <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Secured by Paystack. We never see your card.
      </p>
    </aside>
  );
}
