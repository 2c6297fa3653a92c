// A photo on a guest's ticket, for the holder of its private link (any other link: 404).
import { data } from 'react-router';
import type { Route } from './+types/support.t.$token.photos.$id';

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const photo = await context.services.support.photo({ kind: 'token', token: params.token }, params.id);
    return new Response(new Uint8Array(photo.body), {
      headers: {
        'content-type': photo.contentType,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
