// POST /account/wishlist: add or remove products on the signed-in shopper's wishlist
// (`productId` may list several, comma-separated, when a guest wishlist is merged).
import { data, redirect } from 'react-router';
import { requireUser } from '#app/lib/auth.server.ts';
import { formFailure } from '#app/lib/forms.server.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/account.wishlist';

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const form = await request.formData();
  const productIds = String(form.get('productId') ?? '')
    .split(',')
    .filter(Boolean);
  const { profiles } = context.services;
  try {
    await context.services.limits.enforce('wishlist', context);
    const ids =
      form.get('intent') === 'remove'
        ? await profiles.removeFromWishlist(user.id, { productIds })
        : await profiles.addToWishlist(user.id, { productIds });
    const back = form.get('redirectTo');
    if (back) return redirect(safeRedirectPath(back, '/wishlist'));
    return data({ ok: true, productIds: ids });
  } catch (error) {
    const failure = formFailure(error, {});
    if (failure) return failure;
    throw error;
  }
}

export function loader() {
  return redirect('/wishlist');
}
