// /admin/orders/:trackingNumber: one order for staff, and its actions (move on, note, confirm an
// offline payment, cancel, resend the confirmation; an admin may correct a status with a reason).
// Each action answers with a redirect back and a toast; a refusal comes back as its 4xx with what
// was typed, for the form that sent it.
import { data } from 'react-router';
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { LayawayPlanAdmin } from '#app/features/admin/orders/layaway-plan-admin.tsx';
import { ORDER_TOASTS } from '#app/features/admin/orders/messages.ts';
import { OrderDetail } from '#app/features/admin/orders/order-detail.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { formAction, found, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.orders.$trackingNumber';

const INTENTS = ['status', 'cancel', 'note', 'confirm-payment', 'resend'] as const;
type Intent = (typeof INTENTS)[number];

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'orders.view', url);
  const { services } = context;
  const order = found(await services.orders.admin.detail(params.trackingNumber), 'Order not found.');
  const [payments, staff, auditTrail] = await Promise.all([
    services.payments.forOrder(order.id),
    services.twoFactor.listStaff(),
    loadAuditTrail(context, user, 'order', order.trackingNumber),
  ]);
  const names: Record<string, string> = Object.fromEntries(staff.map((m) => [String(m.id), m.name]));
  // Refunds (ADR 097): the order's refund state and the requests waiting for an admin.
  const refunds = can(user.role, 'orders.refund-request')
    ? await services.refunds.summary(order.trackingNumber, user)
    : null;
  return {
    order,
    payments: payments.map((p) => ({
      provider: p.provider,
      reference: p.reference,
      status: p.status,
      amountKobo: p.amountKobo,
      channel: p.channel,
      message: p.message,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    auditTrail,
    names,
    refunds: refunds && {
      state: refunds.state,
      refundedKobo: refunds.refundedKobo,
      requests: refunds.refunds.filter((r) => r.status === 'requested').length,
    },
    can: {
      update: can(user.role, 'orders.update'),
      correct: can(user.role, 'orders.correct'),
      refund: can(user.role, 'orders.refund'),
      requestRefund: can(user.role, 'orders.refund-request'),
    },
    // Its Pay small-small plan, if it has one (ADR 099).
    layaway: await services.layawayAdmin.view({ user, ip: context.clientIp }, order.trackingNumber),
  };
});

export const action = formAction(
  async ({ form: read, url, params, context }: WithForm<Route.ActionArgs>) => {
    const user = await requirePermission(context, 'orders.update', url);
    const actor = { ...user, ip: context.clientIp };
    const { orders } = context.services;
    const form = await read();
    const raw = String(form.get('intent') ?? '');
    if (!(INTENTS as readonly string[]).includes(raw))
      throw data({ message: 'Unknown action.' }, { status: 400 });
    const intent = raw as Intent;
    const trackingNumber = params.trackingNumber;
    const here = `/admin/orders/${encodeURIComponent(trackingNumber)}`;
    const done = (message: string) => redirectWithToast(here, { kind: 'success', message });
    switch (intent) {
      case 'status': {
        const correction = form.get('correction') === 'true';
        if (correction) await requirePermission(context, 'orders.correct', url);
        const moved = await orders.moveStatus(
          trackingNumber,
          { status: form.get('status'), note: form.get('note') ?? '', correction },
          actor,
        );
        return done(ORDER_TOASTS.moved(moved));
      }
      case 'cancel': {
        const moved = await orders.moveStatus(
          trackingNumber,
          { status: 'cancelled', note: form.get('note') ?? '' },
          actor,
        );
        return done(moved.changed ? ORDER_TOASTS.cancelled : ORDER_TOASTS.alreadyCancelled);
      }
      case 'note':
        await orders.admin.addNote(trackingNumber, { body: form.get('body') }, actor);
        return done(ORDER_TOASTS.note);
      case 'confirm-payment':
        await orders.confirmOfflinePayment(trackingNumber, actor);
        return done(ORDER_TOASTS.payment);
      case 'resend':
        await orders.admin.resendConfirmation(trackingNumber, actor);
        return done(ORDER_TOASTS.resent);
    }
  },
  // Which of the page's forms was refused: it opens again with what was typed.
  { tag: (values) => ({ intent: values.intent as Intent }) },
);

export const headers = formHeaders;

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Order ${params.trackingNumber} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <OrderDetail
        order={loaderData.order}
        payments={loaderData.payments}
        auditTrail={loaderData.auditTrail}
        names={loaderData.names}
        can={loaderData.can}
        refunds={loaderData.refunds}
        failure={actionData ?? null}
      />
      {loaderData.layaway ? (
        <LayawayPlanAdmin
          trackingNumber={loaderData.order.trackingNumber}
          plan={loaderData.layaway}
          canUpdate={loaderData.can.update}
        />
      ) : null}
    </>
  );
}
