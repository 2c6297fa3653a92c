// /cart: the shopper's cart, kept on the server and priced from today's catalogue. Every control
// is a form (works without JavaScript); the product page's Add to Cart posts here too. Rendered on
// the server only, its forms sent in place by app/islands/cart.ts (ADR 046).
import { data, redirect } from 'react-router';
import { CartPage } from '#app/features/cart/cart-page.tsx';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { STATIC_PAGE } from '#app/lib/page-handle.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/cart';

const INTENTS = ['add', 'set', 'remove', 'clear', 'promo', 'remove-promo'] as const;

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => {
  const cart = await context.services.cart.view(await context.cart.owner());
  return { cart };
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent'));
  const values = formValues(form);
  if (!intent) {
    return data(
      {
        ok: false as const,
        message: 'Please use the buttons on the page.',
        code: 'bad_request',
        fieldErrors: {},
        values,
      },
      { status: 400 },
    );
  }
  const { cart } = context.services;
  const owner = await context.cart.owner();
  try {
    await context.services.limits.enforce(intent === 'promo' ? 'promo' : 'cart', context);
    switch (intent) {
      case 'add': {
        const added = await cart.add(owner, values);
        const headers = added.guestToken
          ? { 'set-cookie': context.cart.cookie(added.guestToken) }
          : undefined;
        // Without JavaScript the shopper sees the cart; with it, the product page says so in place.
        if (form.get('_js') !== '1') return redirect('/cart', { headers });
        return data(
          { ok: true as const, intent, message: 'Added to your cart.', quantity: added.quantity },
          { headers },
        );
      }
      case 'set':
        await cart.setQuantity(owner, values);
        break;
      case 'remove':
        await cart.remove(owner, values);
        break;
      case 'clear':
        await cart.clear(owner);
        break;
      case 'promo': {
        const applied = await cart.applyPromo(owner, values);
        return { ok: true as const, intent, message: `${applied.code} applied.`, quantity: 0 };
      }
      case 'remove-promo':
        await cart.removePromo(owner);
        break;
    }
    const back = form.get('redirectTo');
    if (back) return redirect(safeRedirectPath(back, '/cart'));
    return { ok: true as const, intent, message: '', quantity: 0 };
  } catch (error) {
    const failure = formFailure(error, { ...values, intent });
    if (failure) return failure;
    throw error;
  }
}

export const headers = formHeaders;

export const handle = STATIC_PAGE;

export function meta() {
  return [
    { title: 'Your Cart | Crown Hair' },
    {
      name: 'description',
      content:
        'The wigs, bundles and hair extensions in your Crown Hair cart, ready for delivery across Nigeria.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage cart={loaderData.cart} actionData={actionData} />;
}
