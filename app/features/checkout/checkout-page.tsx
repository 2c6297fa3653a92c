// The /checkout page's form: contact, Nigerian delivery address (the fee follows the state) and
// how to pay, beside the order summary. It works without JavaScript and keeps what was typed
// when the order is refused. Rendered on the server only (ADR 046): app/islands/checkout.ts makes
// the fee, the total, pay on delivery and the button follow the state and method chosen, from the
// delivery terms this form carries in `data-checkout`.
import { Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { StateSelect } from '#app/components/ui/form/state-select.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import type { BankDetails } from '#app/features/shared/bank-details.ts';
import type { FormFailure } from '#app/lib/forms.server.ts';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { CartView } from '#core/contract/cart.ts';
import type { LayawayOffer } from '#core/contract/layaway.ts';
import { formatDeliveryFee } from '#core/money.ts';
import type { PaymentMethod } from '#core/order-status.ts';
import { withDeliveryFee, withStoreCredit } from '#core/pricing.ts';
import { CheckoutSummary, type DeliveryOption } from './checkout-summary.tsx';
import { LayawayOption } from './layaway-option.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { StoreCreditChoice } from './store-credit-choice.tsx';

export type { BankDetails, DeliveryOption };

/** What the checkout's action answers when the order is refused (it redirects otherwise). */
export type CheckoutActionData = FormFailure | undefined;

/**
 * The /checkout page: contact, delivery address (the fee follows the state chosen), how to pay
 * and the order summary, in one form that works without JavaScript and keeps what was typed.
 */
export function CheckoutPage({
  cart,
  rates,
  freeDeliveryFromKobo,
  bank,
  defaults,
  idempotencyKey,
  actionData,
  storeCreditKobo = 0,
  layaway = null,
  signedIn = false,
}: {
  /** Pay small-small for this cart (null: the shop has it off; ADR 099). */
  layaway?: LayawayOffer | null;
  signedIn?: boolean;
  cart: CartView;
  rates: DeliveryOption[];
  freeDeliveryFromKobo: number | null;
  bank: BankDetails;
  defaults: Record<string, string>;
  idempotencyKey: string;
  actionData: CheckoutActionData;
  /** The signed-in shopper's store credit balance (ADR 100; 0: none, no choice shown). */
  storeCreditKobo?: number;
}) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const typed = (field: string) => (failed ? (failed.values[field] ?? '') : (defaults[field] ?? ''));
  const state = typed('shipState');
  const method = (typed('paymentMethod') as PaymentMethod) || 'online';
  const rate = rates.find((r) => r.state === state);
  const podStates = rates.filter((r) => r.payOnDelivery).map((r) => r.state);
  const podHere = rate ? rate.payOnDelivery : true;
  // Ticked by default; after a refused form, as it was sent (an unticked box sends nothing).
  const useCredit = storeCreditKobo > 0 && (failed ? Boolean(failed.values.useStoreCredit) : true);
  const foot = withStoreCredit(
    withDeliveryFee(cart, rate?.feeKobo ?? 0, freeDeliveryFromKobo),
    useCredit ? storeCreditKobo : 0,
  );
  const total = foot.totalKobo;
  // What the island needs to follow the state chosen: the basket's amounts and every state's terms.
  const terms = JSON.stringify({
    subtotalKobo: cart.subtotalKobo,
    discountKobo: cart.discountKobo,
    freeDeliveryFromKobo,
    rates,
  });

  return (
    <section className="container-shop py-8 sm:py-12">
      <h1 className="section-title">Checkout</h1>
      <p className="mt-1 text-sm text-muted">
        Guests welcome.{' '}
        <Link to="/auth?redirectTo=%2Fcheckout" className="font-semibold text-plum-800 underline">
          Sign in
        </Link>{' '}
        to use your saved address.
      </p>
      {!cart.canCheckout && !failed ? (
        <div className="mt-4">
          <FormMessage tone="error">
            Some items in your cart have changed (sold out or fewer left).{' '}
            <Link to="/cart" className="underline">
              Review your cart
            </Link>{' '}
            to continue.
          </FormMessage>
        </div>
      ) : null}
      {failed ? (
        <div className="mt-4">
          <FormMessage tone="error">
            {failed.message}{' '}
            {failed.code === 'out_of_stock' || errors.promo ? (
              <Link to="/cart" className="underline">
                Review your cart
              </Link>
            ) : null}
          </FormMessage>
        </div>
      ) : null}
      <form
        method="post"
        action="/checkout"
        noValidate
        className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]"
        aria-label="Checkout"
        {...mark(HOOK.checkout, terms)}
      >
        <input type="hidden" name="idempotencyKey" value={failed?.values.idempotencyKey ?? idempotencyKey} />
        <div className="min-w-0 space-y-8">
          <fieldset className="min-w-0 space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6 [&>legend~*]:clear-both">
            <legend className="float-left mb-2 w-full text-lg font-semibold">Contact</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                defaultValue={typed('email')}
                error={errors.email?.[0]}
                hint="For your receipt and tracking updates."
              />
              <TextField
                name="phone"
                label="Phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                required
                placeholder="0803 123 4567"
                defaultValue={typed('phone')}
                error={errors.phone?.[0]}
              />
            </div>
          </fieldset>

          <fieldset className="min-w-0 space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6 [&>legend~*]:clear-both">
            <legend className="float-left mb-2 w-full text-lg font-semibold">Delivery address</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="shipName"
                label="Recipient's name"
                autoComplete="name"
                required
                defaultValue={typed('shipName')}
                error={errors.shipName?.[0]}
              />
              <TextField
                name="shipPhone"
                label="Recipient's phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                required
                placeholder="0803 123 4567"
                defaultValue={typed('shipPhone')}
                error={errors.shipPhone?.[0]}
              />
              <StateSelect name="shipState" defaultValue={typed('shipState')} error={errors.shipState?.[0]} />
              <TextField
                name="shipCity"
                label="City / LGA"
                autoComplete="address-level2"
                required
                defaultValue={typed('shipCity')}
                error={errors.shipCity?.[0]}
              />
            </div>
            <TextField
              name="shipStreet"
              label="Street address"
              autoComplete="street-address"
              required
              placeholder="House number and street"
              defaultValue={typed('shipStreet')}
              error={errors.shipStreet?.[0]}
            />
            <TextField
              name="shipLandmark"
              label="Landmark (optional)"
              placeholder="e.g. Opposite Shoprite"
              defaultValue={typed('shipLandmark')}
              error={errors.shipLandmark?.[0]}
            />
            <p className="text-sm text-muted" {...mark(HOOK.deliveryEstimate)} hidden={!rate}>
              {rate
                ? `Delivery to ${rate.state}: ${formatDeliveryFee(foot.deliveryFeeKobo)}, usually ${rate.etaDaysMin}–${rate.etaDaysMax} working days.`
                : ''}
            </p>
          </fieldset>

          <StoreCreditChoice balanceKobo={storeCreditKobo} checked={useCredit} />

          <PaymentMethods
            method={method}
            podHere={podHere}
            podStates={podStates}
            bank={bank}
            error={errors.paymentMethod?.[0]}
            layaway={
              layaway ? (
                <LayawayOption
                  offer={layaway}
                  signedIn={signedIn}
                  chosen={method === 'layaway'}
                  depositMethod={typed('depositMethod')}
                  agreed={typed('layawayAgree') === 'on'}
                  errors={errors}
                />
              ) : null
            }
          />
        </div>

        <CheckoutSummary
          cart={cart}
          rate={rate}
          deliveryFeeKobo={foot.deliveryFeeKobo}
          freeDeliveryFromKobo={freeDeliveryFromKobo}
          total={total}
          storeCreditKobo={foot.storeCreditKobo ?? 0}
        />
      </form>
    </section>
  );
}
