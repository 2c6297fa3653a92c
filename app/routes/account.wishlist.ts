// POST /account/wishlist: add or remove products on the signed-in shopper's wishlist
// (`productId` may list several, comma-separated, when a guest wishlist is merged).
import { data, redirect } from 'react-router';
import { requireUser } from '#app/lib/auth.server.ts';
import { formAction, type WithForm } from '#app/lib/route-errors.server.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/account.wishlist';

export const action = formAction(
  async ({ form: read, url, context }: WithForm<Route.ActionArgs>) => {
    const user = await requireUser(context, url);
    const form = await read();
    const productIds = String(form.get('productId') ?? '')
      .split(',')
      .filter(Boolean);
    const { profiles } = context.services;
    await context.services.limits.enforce('wishlist', context);
    const ids =
      form.get('intent') === 'remove'
        ? await profiles.removeFromWishlist(user.id, { productIds })
        : await profiles.addToWishlist(user.id, { productIds });
    const back = form.get('redirectTo');
    if (back) return redirect(safeRedirectPath(back, '/wishlist'));
    return data({ ok: true, productIds: ids });
  },
  { keep: () => ({}) },
);

export function loader() {
  return redirect('/wishlist');
}
