// /checkout: contact, Nigerian delivery address, delivery fee by state, and how to pay. The order
// is placed on the server from the cart (prices re-read there); the form works without JavaScript
// and keeps everything typed when something is refused.
import { Landmark, Lock, Truck, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { FormMessage, TextField } from '#app/features/account/form-fields.tsx';
import { StateSelect } from '#app/features/account/profile-form.tsx';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import type { PaymentMethod } from '#core/order-status.ts';
import { withDeliveryFee } from '#core/pricing.ts';
import type { Route } from './+types/checkout';

export async function loader({ context }: Route.LoaderArgs) {
  const owner = await context.cart.owner();
  const cart = await context.services.cart.view(owner);
  if (cart.lines.length === 0) throw redirect('/cart');
  const user = await context.auth.getUser();
  const profile = user ? await context.services.profiles.getProfile(user.id) : null;
  const [rates, store] = await Promise.all([
    context.services.checkout.deliveryOptions(),
    context.services.content.getStoreInfo(),
  ]);
  return {
    cart,
    rates,
    bank: {
      name: store.bankName,
      accountName: store.bankAccountName,
      accountNumber: store.bankAccountNumber,
    },
    idempotencyKey: crypto.randomUUID(),
    defaults: {
      email: profile?.email ?? '',
      phone: profile?.phone ? formatNigerianPhone(profile.phone) : '',
      shipName: profile?.name ?? '',
      shipPhone: profile?.phone ? formatNigerianPhone(profile.phone) : '',
      shipState: profile?.addressState ?? '',
      shipCity: profile?.addressCity ?? '',
      shipStreet: profile?.addressStreet ?? '',
      shipLandmark: profile?.addressLandmark ?? '',
    } as Record<string, string>,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const user = await context.auth.getUser();
  try {
    await context.services.limits.enforce('checkout', context);
    const placed = await context.services.checkout.place(
      await context.cart.owner(),
      user?.id ?? null,
      values,
    );
    context.log.info(
      { order: placed.order.trackingNumber, method: placed.order.paymentMethod, replayed: placed.replayed },
      'order placed',
    );
    return redirect(placed.next);
  } catch (error) {
    const failure = formFailure(error, values);
    if (failure) return failure;
    throw error;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Checkout | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

const METHODS: { id: PaymentMethod; title: string; body: string; icon: typeof Lock }[] = [
  {
    id: 'online',
    title: 'Card, bank or USSD',
    body: 'Pay securely on Paystack’s page: card, bank account, USSD or transfer. We never see your card.',
    icon: Lock,
  },
  {
    id: 'bank_transfer',
    title: 'Bank transfer',
    body: 'Transfer to our account with your order reference; we confirm it when the money arrives.',
    icon: Landmark,
  },
  {
    id: 'pay_on_delivery',
    title: 'Pay on delivery',
    body: 'Pay the rider in cash or by transfer when your hair arrives.',
    icon: Truck,
  },
];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, rates, bank, defaults } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const typed = (field: string) => (failed ? (failed.values[field] ?? '') : (defaults[field] ?? ''));
  const [state, setState] = useState(typed('shipState'));
  const [method, setMethod] = useState<PaymentMethod>((typed('paymentMethod') as PaymentMethod) || 'online');
  const rate = rates.find((r) => r.state === state);
  const podStates = rates.filter((r) => r.payOnDelivery).map((r) => r.state);
  const podHere = rate ? rate.payOnDelivery : true;
  const total = withDeliveryFee(cart, rate?.feeKobo ?? 0).totalKobo;
  const navigation = useNavigation();
  // Without JavaScript the chosen method is not known until the form is sent.
  const hydrated = useHydrated();
  const placing = navigation.state !== 'idle' && navigation.formMethod === 'POST';

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
      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]"
        aria-label="Checkout"
      >
        <input
          type="hidden"
          name="idempotencyKey"
          value={failed?.values.idempotencyKey ?? loaderData.idempotencyKey}
        />
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
              <StateSelect
                name="shipState"
                defaultValue={typed('shipState')}
                error={errors.shipState?.[0]}
                onChange={setState}
              />
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
            {rate ? (
              <p className="text-sm text-muted" data-testid="delivery-estimate">
                Delivery to {rate.state}: {rate.feeKobo > 0 ? formatPrice(rate.feeKobo) : 'Free'}, usually{' '}
                {rate.etaDaysMin}–{rate.etaDaysMax} working days.
              </p>
            ) : null}
          </fieldset>

          <fieldset className="min-w-0 space-y-3 rounded-2xl bg-white p-5 shadow-sm sm:p-6 [&>legend~*]:clear-both">
            <legend className="float-left mb-2 w-full text-lg font-semibold">Payment</legend>
            {errors.paymentMethod ? (
              <p className="text-sm font-medium text-sale" data-field-error="paymentMethod">
                {errors.paymentMethod[0]}
              </p>
            ) : null}
            {METHODS.filter((m) => m.id !== 'pay_on_delivery' || podHere).map((m) => (
              <label
                key={m.id}
                className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${method === m.id ? 'border-plum-800 bg-plum-50' : 'border-ink/15'}`}
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m.id}
                  checked={method === m.id}
                  onChange={() => setMethod(m.id)}
                  className="mt-1 h-5 w-5 accent-plum-800"
                />
                <span>
                  <span className="flex items-center gap-2 font-semibold">
                    <m.icon className="h-4 w-4" aria-hidden="true" /> {m.title}
                  </span>
                  <span className="mt-1 block text-sm text-muted">
                    {m.body}
                    {m.id === 'pay_on_delivery' ? ` Available in ${podStates.join(' and ')}.` : ''}
                  </span>
                  {m.id === 'bank_transfer' && method === 'bank_transfer' ? (
                    <span className="mt-2 block rounded-lg bg-white p-3 text-sm" data-testid="bank-details">
                      {bank.name} · {bank.accountName} · <strong>{bank.accountNumber}</strong>
                      <br />
                      Your order reference for the transfer comes on the next page and by email.
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        </div>

        <aside
          className="h-fit space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6"
          aria-label="Order summary"
        >
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
                <dd>−{formatPrice(cart.discountKobo)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd data-testid="checkout-delivery">
                {rate ? (rate.feeKobo > 0 ? formatPrice(rate.feeKobo) : 'Free') : 'Free in most states'}
              </dd>
            </div>
            <div className="flex justify-between border-t border-ink/10 pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPrice(total)}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted">
            All amounts in naira: you pay in naira whatever currency you browse in.
          </p>
          <button type="submit" className="btn-primary w-full" disabled={placing || !cart.canCheckout}>
            <Wallet className="h-4 w-4" aria-hidden="true" />
            {placing
              ? 'Placing your order…'
              : hydrated && method === 'online'
                ? `Pay ${formatPrice(total)}`
                : 'Place Order'}
          </button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Secured by Paystack. We never see your card.
          </p>
        </aside>
      </Form>
    </section>
  );
}
