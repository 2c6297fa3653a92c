// /admin/orders: find orders (search, filters, sort and page all in the URL), move one to its
// next status, or several at once. Staff and admins with `orders.view` / `orders.update`.
import { redirect } from 'react-router';
import { doneMessage, withDone } from '#app/features/admin/orders/done.ts';
import { OrdersList } from '#app/features/admin/orders/orders-list.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { adminOrderFiltersFrom } from '#core/contract/admin-orders.ts';
import type { Route } from './+types/admin.orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context, 'orders.view', request);
  const filters = adminOrderFiltersFrom(new URL(request.url).searchParams);
  const page = await context.services.orders.admin.list(filters);
  return { page, filters, done: doneMessage(request.url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'orders.update', request);
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'bulk') {
      const result = await context.services.orders.admin.bulkSetStatus(
        { trackingNumbers: form.getAll('trackingNumbers'), status: form.get('status') },
        user,
      );
      return redirect(
        withDone(request.url, 'bulk', {
          moved: String(result.moved.length),
          refused: result.refused
            .slice(0, 20)
            .map((r) => r.trackingNumber)
            .join(','),
        }),
      );
    }
    const trackingNumber = String(form.get('trackingNumber') ?? '');
    await context.services.orders.setStatus(trackingNumber, { status: form.get('status') }, user);
    return redirect(withDone(request.url, 'status', { tn: trackingNumber }));
  } catch (error) {
    const failure = formFailure(error, formValues(form));
    if (!failure) throw error;
    return failure;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Orders | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrdersList
      page={loaderData.page}
      filters={loaderData.filters}
      done={loaderData.done}
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
