// A photo on a support ticket, for the account the ticket belongs to or staff who handle
// complaints. Anyone else (signed out, another shopper) gets the same 404 as a missing photo.
import { data } from 'react-router';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/support.photos.$id';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const user = await context.auth.getUser();
  if (!user) throw data(null, { status: 404 });
  const photo = await context.services.support.photo(
    { kind: 'user', user, staff: can(user.role, 'complaints.handle') },
    params.id,
  );
  return new Response(new Uint8Array(photo.body), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
