// /admin/orders/:trackingNumber/layaway: the order's Pay small-small plan for staff (ADR 099), and
// its actions — record a transfer, extend a due date, cancel by the rule — each checked on the
// server (orders.update), audited, and answered with a redirect to the order and a toast; a
// refusal comes back as its 4xx here with what was typed.
import { data } from 'react-router';
import { LayawayPlanAdmin } from '#app/features/admin/orders/layaway-plan-admin.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.orders.$trackingNumber.layaway';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'orders.view', url);
  const plan = await context.services.layawayAdmin.view(
    { user, ip: context.clientIp },
    params.trackingNumber,
  );
  if (!plan) throw data({ message: 'This order has no Pay small-small plan.' }, { status: 404 });
  return { trackingNumber: params.trackingNumber, plan, canUpdate: can(user.role, 'orders.update') };
});

export const action = formAction(
  async ({ form, url, params, context }: WithForm<Route.ActionArgs>) => {
    const user = await requirePermission(context, 'orders.update', url);
    const actor = { user, ip: context.clientIp };
    const values = formValues(await form());
    const admin = context.services.layawayAdmin;
    const tn = params.trackingNumber;
    const back = (message: string) =>
      redirectWithToast(`/admin/orders/${encodeURIComponent(tn)}`, { kind: 'success', message });
    switch (values.intent) {
      case 'transfer':
        await admin.recordTransfer(actor, tn, String(values.amount ?? ''));
        return back('Transfer recorded on the plan.');
      case 'extend':
        await admin.extend(actor, tn, {
          sequence: String(values.sequence ?? ''),
          dueDate: String(values.dueDate ?? ''),
          reason: String(values.reason ?? ''),
        });
        return back('Due date extended.');
      case 'cancel':
        await admin.cancel(actor, tn, String(values.reason ?? ''));
        return back('Plan cancelled by its rule.');
      default:
        throw data({ message: 'Unknown action.' }, { status: 400 });
    }
  },
  { tag: (values) => ({ intent: values.intent ?? '' }) },
);

export const headers = formHeaders;

export function meta() {
  return [
    { title: 'Pay small-small plan | Crown Hair Admin' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminOrderLayaway({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="max-w-4xl">
      <h1 className="font-display text-3xl font-semibold">Order {loaderData.trackingNumber}</h1>
      <LayawayPlanAdmin
        trackingNumber={loaderData.trackingNumber}
        plan={loaderData.plan}
        canUpdate={loaderData.canUpdate}
        failure={failure}
      />
    </div>
  );
}
