// /admin/reviews: moderate shoppers' reviews — approve, unpublish, reply publicly, approve many at
// once, delete (admins). Staff and admins with `reviews.moderate` (deleting: `delete.any`).
import { ReviewsPage } from '#app/features/admin/reviews/reviews-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.reviews';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'reviews.moderate', url);
  const query = Object.fromEntries(url.searchParams);
  const data = await context.services.reviews.admin.list({ user, ip: context.clientIp }, query);
  return { data, canDelete: can(user.role, 'delete.any') };
});

export const action = formAction(async ({ form: read, url, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'reviews.moderate', url);
  const actor = { user, ip: context.clientIp };
  const form = await read();
  const values = formValues(form);
  const here = `${url.pathname}${url.search}`;
  const admin = context.services.reviews.admin;
  switch (values.intent) {
    case 'approve': {
      const { changed } = await admin.setStatus(actor, values, 'approved');
      return redirectWithToast(here, {
        kind: 'success',
        message: changed
          ? 'Review approved: it now shows on the product page.'
          : 'That review was already published.',
      });
    }
    case 'unpublish': {
      const { changed } = await admin.setStatus(actor, values, 'pending');
      return redirectWithToast(here, {
        kind: 'success',
        message: changed ? 'Review taken off the product page.' : 'That review was not published.',
      });
    }
    case 'bulk-approve': {
      const { approved } = await admin.bulkApprove(actor, { ids: form.getAll('ids') });
      return redirectWithToast(here, {
        kind: 'success',
        message:
          approved === 0
            ? 'Those reviews were already published.'
            : `${approved} ${approved === 1 ? 'review' : 'reviews'} approved.`,
      });
    }
    case 'reply': {
      const { removed } = await admin.reply(actor, values);
      return redirectWithToast(here, {
        kind: 'success',
        message: removed ? 'Reply taken down.' : 'Reply saved: shoppers see it under the review.',
      });
    }
    case 'delete':
      await admin.remove(actor, values);
      return redirectWithToast(here, { kind: 'success', message: 'Review deleted.' });
    default:
      return redirectWithToast(here, {
        kind: 'error',
        message: 'Please use one of the buttons on this page.',
      });
  }
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Reviews | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewsPage
      data={loaderData.data}
      canDelete={loaderData.canDelete}
      answer={actionData && !actionData.ok ? actionData : null}
    />
  );
}
