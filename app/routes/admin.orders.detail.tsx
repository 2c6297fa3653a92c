// /admin/orders/:trackingNumber: one order for staff, and its actions (move on, note, confirm an
// offline payment, cancel, resend the confirmation; an admin may correct a status with a reason).
import { data, redirect } from 'react-router';
import { doneMessage, withDone } from '#app/features/admin/orders/done.ts';
import { OrderDetail } from '#app/features/admin/orders/order-detail.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.orders.detail';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context, 'orders.view', request);
  const { services } = context;
  const order = await services.orders.admin.detail(params.trackingNumber);
  if (!order) throw data({ message: 'Order not found.' }, { status: 404 });
  const [payments, staff, audit] = await Promise.all([
    services.payments.forOrder(order.id),
    services.twoFactor.listStaff(),
    services.audit.list({ subjectType: 'order', subjectId: order.trackingNumber, limit: 100 }),
  ]);
  const names: Record<string, string> = Object.fromEntries(staff.map((m) => [String(m.id), m.name]));
  return {
    order,
    payments: payments.map((p) => ({
      provider: p.provider,
      reference: p.reference,
      status: p.status,
      amountKobo: p.amountKobo,
      channel: p.channel,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      actorName:
        a.actorUserId === null ? 'The shop' : (names[String(a.actorUserId)] ?? `User ${a.actorUserId}`),
      at: a.createdAt.toISOString(),
      details: a.details,
    })),
    names,
    can: { update: can(user.role, 'orders.update'), correct: can(user.role, 'orders.correct') },
    done: doneMessage(request.url),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'orders.update', request);
  const { orders, payments } = context.services;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const trackingNumber = params.trackingNumber;
  try {
    switch (intent) {
      case 'status': {
        const correction = form.get('correction') === 'true';
        if (correction) await requirePermission(context, 'orders.correct', request);
        await orders.setStatus(
          trackingNumber,
          { status: form.get('status'), note: form.get('note') ?? '', correction },
          user,
        );
        return redirect(withDone(request.url, 'status', { tn: trackingNumber }));
      }
      case 'cancel':
        await orders.setStatus(trackingNumber, { status: 'cancelled', note: form.get('note') ?? '' }, user);
        return redirect(withDone(request.url, 'cancelled'));
      case 'note':
        await orders.admin.addNote(trackingNumber, { body: form.get('body') }, user);
        return redirect(withDone(request.url, 'note'));
      case 'confirm-payment':
        await payments.confirmOffline(trackingNumber, user);
        return redirect(withDone(request.url, 'payment'));
      case 'resend':
        await orders.admin.resendConfirmation(trackingNumber, user);
        return redirect(withDone(request.url, 'resent'));
      default:
        throw data({ message: 'Unknown action.' }, { status: 400 });
    }
  } catch (error) {
    const failure = formFailure(error, formValues(form));
    if (!failure) throw error;
    return failure;
  }
}

export const headers = formHeaders;

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Order ${params.trackingNumber} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrderDetail
      order={loaderData.order}
      payments={loaderData.payments}
      audit={loaderData.audit}
      names={loaderData.names}
      can={loaderData.can}
      done={loaderData.done}
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
