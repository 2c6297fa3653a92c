// /admin/orders: find orders (search, filters, sort and page all in the URL), move one to its
// next status, or several at once. Staff and admins with `orders.view` / `orders.update`.
import { data, Link } from 'react-router';
import { ORDER_TOASTS } from '#app/features/admin/orders/messages.ts';
import { OrdersList } from '#app/features/admin/orders/orders-list.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { adminOrderFiltersFrom } from '#core/contract/admin-orders.ts';
import type { Route } from './+types/admin.orders';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'orders.view', url);
  const filters = adminOrderFiltersFrom(url.searchParams);
  const page = await context.services.orders.admin.list(filters);
  return { page, filters };
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'orders.update', url);
  const actor = { ...user, ip: context.clientIp };
  const form = await request.formData();
  const intent = form.get('intent');
  // Back to the list as it was (its filters and page), with the result as a toast.
  const here = `${url.pathname}${url.search}`;
  const trackingNumber = String(form.get('trackingNumber') ?? '');
  try {
    if (intent === 'bulk') {
      const result = await context.services.orders.admin.bulkSetStatus(
        { trackingNumbers: form.getAll('trackingNumbers'), status: form.get('status') },
        actor,
      );
      return redirectWithToast(here, {
        kind: result.moved.length === 0 && result.refused.length > 0 ? 'error' : 'success',
        message: ORDER_TOASTS.bulk(result),
      });
    }
    const moved = await context.services.orders.moveStatus(
      trackingNumber,
      { status: form.get('status') },
      actor,
    );
    return redirectWithToast(here, { kind: 'success', message: ORDER_TOASTS.moved(moved) });
  } catch (error) {
    const failure = formFailure(error, formValues(form));
    if (!failure) throw error;
    if (intent === 'bulk' || !trackingNumber) return failure;
    // The list has many rows: a row's refusal names the order it is about.
    const message = `Order ${trackingNumber}: ${failure.data.message}`;
    return data({ ...failure.data, message }, failure.init ?? undefined);
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Orders | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <OrdersList
        page={loaderData.page}
        filters={loaderData.filters}
        error={actionData && !actionData.ok ? actionData.message : null}
      />
      {/* Pay small-small's own list: due this week and overdue (ADR 099). */}
      <p className="mt-6 text-sm">
        <Link to="/admin/orders/layaway" className="font-semibold text-plum-800 underline">
          Pay small-small plans: due this week and overdue
        </Link>
      </p>
    </>
  );
}
