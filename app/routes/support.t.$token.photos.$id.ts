// A photo on a guest's ticket, for the holder of its private link (any other link: 404).
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/support.t.$token.photos.$id';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const photo = await context.services.support.photo({ kind: 'token', token: params.token }, params.id);
  return new Response(new Uint8Array(photo.body), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
