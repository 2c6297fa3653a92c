// /checkout: contact, Nigerian delivery address, delivery fee by state, and how to pay. The order
// is placed on the server from the cart (prices re-read there); the form works without JavaScript
// and keeps everything typed when something is refused. Rendered on the server only, followed by
// app/islands/checkout.ts (ADR 046).
import { redirect } from 'react-router';
import { CheckoutPage } from '#app/features/checkout/checkout-page.tsx';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { CHECKOUT_PAGE } from '#app/lib/page-handle.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { withDeliveryFee } from '#core/pricing.ts';
import type { Route } from './+types/checkout';

/** The fields a guest who chose Pay small-small gets back after signing in (ADR 099). */
const KEPT_FIELDS = [
  'email',
  'phone',
  'shipName',
  'shipPhone',
  'shipState',
  'shipCity',
  'shipStreet',
  'shipLandmark',
  'paymentMethod',
  'depositMethod',
] as const;

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const owner = await context.cart.owner();
  // After a refused order the action's read of the cart is the one shown (ADR 045).
  const cart = await context.services.cart.view(owner, context.cart.memo);
  if (cart.lines.length === 0) throw redirect('/cart');
  const user = await context.auth.getUser();
  const profile = user ? await context.services.profiles.getProfile(user.id) : null;
  const [rates, store, freeDeliveryFromKobo, storeCreditKobo] = await Promise.all([
    context.services.checkout.deliveryOptions(),
    context.services.content.getStoreInfo(),
    context.services.checkout.freeDeliveryFromKobo(),
    context.services.checkout.storeCredit(user?.id ?? null),
  ]);
  return {
    cart,
    rates,
    freeDeliveryFromKobo,
    storeCreditKobo,
    bank: {
      name: store.bankName,
      accountName: store.bankAccountName,
      accountNumber: store.bankAccountNumber,
    },
    idempotencyKey: crypto.randomUUID(),
    signedIn: user !== null,
    // The plan on the total with delivery to the shopper's saved state (fixed again when placed).
    layaway: await context.services.layaway.offer({
      totalKobo: withDeliveryFee(
        cart,
        rates.find((r) => r.state === (url.searchParams.get('shipState') ?? profile?.addressState))
          ?.feeKobo ?? 0,
        freeDeliveryFromKobo,
      ).totalKobo,
      categorySlugs: cart.lines.map((l) => l.categorySlug),
    }),
    defaults: {
      email: profile?.email ?? '',
      phone: profile?.phone ? formatNigerianPhone(profile.phone) : '',
      shipName: profile?.name ?? '',
      shipPhone: profile?.phone ? formatNigerianPhone(profile.phone) : '',
      shipState: profile?.addressState ?? '',
      shipCity: profile?.addressCity ?? '',
      shipStreet: profile?.addressStreet ?? '',
      shipLandmark: profile?.addressLandmark ?? '',
      // What a guest typed before signing in to pay small-small (kept in the return address).
      ...Object.fromEntries(
        KEPT_FIELDS.flatMap((f) => (url.searchParams.has(f) ? [[f, url.searchParams.get(f)!]] : [])),
      ),
    } as Record<string, string>,
  };
});

export const action = formAction(async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
  const values = formValues(await read());
  const user = await context.auth.getUser();
  if (values.paymentMethod === 'layaway' && !user) {
    // Pay small-small needs an account: sign in (or sign up) and come back to this form as typed.
    const kept = new URLSearchParams(KEPT_FIELDS.flatMap((f) => (values[f] ? [[f, String(values[f])]] : [])));
    throw redirect(`/auth?redirectTo=${encodeURIComponent(`/checkout?${kept}`)}`);
  }
  await context.services.limits.enforce('checkout', context);
  const placed = await context.services.checkout.place(
    await context.cart.owner(),
    user?.id ?? null,
    values,
    context.cart.memo,
  );
  context.log.info(
    { order: placed.order.trackingNumber, method: placed.order.paymentMethod, replayed: placed.replayed },
    'order placed',
  );
  return redirect(placed.next);
});

export const headers = formHeaders;

export const handle = CHECKOUT_PAGE;

export function meta() {
  return [
    { title: 'Checkout | Crown Hair' },
    {
      name: 'description',
      content:
        'Delivery details and payment for your Crown Hair order: card, bank transfer or pay on delivery.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} actionData={actionData} />;
}
