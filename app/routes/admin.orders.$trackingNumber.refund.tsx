// /admin/orders/:trackingNumber/refund: refund an order (admins) or ask for a refund (staff), and
// decide on the refunds so far (ADR 097). "Review refund" posts the form and the server answers with
// what it would refund (so the page works without JavaScript); "Confirm refund" makes it. A refused
// form comes back with its message and what was typed.
import { data } from 'react-router';
import { readRefundForm } from '#app/features/admin/refunds/refund-form.server.ts';
import { RefundPage } from '#app/features/admin/refunds/refund-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, found, idParam, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { formatPrice } from '#core/money.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.orders.$trackingNumber.refund';

const INTENTS = ['review', 'confirm', 'approve', 'reject', 'retry', 'check'] as const;
type Intent = (typeof INTENTS)[number];

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'orders.refund-request', url);
  const order = found(await context.services.orders.admin.detail(params.trackingNumber), 'Order not found.');
  const summary = await context.services.refunds.summary(order.trackingNumber, user);
  return {
    summary,
    status: order.status,
    canIssue: can(user.role, 'orders.refund'),
  };
});

export const action = formAction(
  async ({ form: read, url, params, context }: WithForm<Route.ActionArgs>) => {
    const user = await requirePermission(context, 'orders.refund-request', url);
    const actor = { ...user, ip: context.clientIp };
    const { refunds } = context.services;
    const form = await read();
    const raw = String(form.get('intent') ?? '');
    if (!(INTENTS as readonly string[]).includes(raw))
      throw data({ message: 'Unknown action.' }, { status: 400 });
    const intent = raw as Intent;
    const trackingNumber = params.trackingNumber;
    const here = `/admin/orders/${encodeURIComponent(trackingNumber)}/refund`;
    const orderPage = `/admin/orders/${encodeURIComponent(trackingNumber)}`;
    const done = (to: string, message: string, kind: 'success' | 'error' = 'success') =>
      redirectWithToast(to, { kind, message });

    if (intent === 'review' || intent === 'confirm') {
      const summary = await refunds.summary(trackingNumber, user);
      const input = readRefundForm(
        form,
        summary.lines.map((l) => l.lineId),
      );
      if (intent === 'review') {
        const preview = await refunds.preview(trackingNumber, input, actor);
        return { ok: true as const, intent, preview, values: formValues(form) };
      }
      const refund = await refunds.create(trackingNumber, input, actor);
      const amount = formatPrice(refund.amountKobo);
      if (refund.status === 'requested')
        return done(orderPage, `Refund of ${amount} requested: an admin will approve it.`);
      if (refund.status === 'failed')
        return done(here, `The refund of ${amount} failed: ${refund.failureMessage}`, 'error');
      return done(
        orderPage,
        refund.status === 'processed' ? `Refunded ${amount}.` : `Refund of ${amount} sent: it is on its way.`,
      );
    }

    await requirePermission(context, 'orders.refund', url);
    const refundId = idParam(String(form.get('refundId') ?? ''), 'refund');
    switch (intent) {
      case 'approve': {
        const refund = await refunds.approveRequest(trackingNumber, refundId, actor);
        return done(
          here,
          refund.status === 'failed' ? `The refund failed: ${refund.failureMessage}` : 'Refund approved.',
        );
      }
      case 'reject':
        await refunds.reject(trackingNumber, refundId, actor, String(form.get('why') ?? '').trim());
        return done(here, 'Refund request rejected.');
      case 'retry': {
        const refund = await refunds.retry(trackingNumber, refundId, actor);
        return done(
          here,
          refund.status === 'failed'
            ? `The refund failed again: ${refund.failureMessage}`
            : 'Refund sent again.',
        );
      }
      case 'check': {
        const refund = await refunds.checkStatus(trackingNumber, refundId, actor);
        return done(here, refund?.status === 'pending' ? 'Still on its way.' : 'Refund status updated.');
      }
    }
  },
  { tag: (values) => ({ intent: values.intent as Intent }) },
);

export const headers = formHeaders;

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Refund order ${params.trackingNumber} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminOrderRefund({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RefundPage
      summary={loaderData.summary}
      status={loaderData.status}
      canIssue={loaderData.canIssue}
      answer={actionData ?? null}
    />
  );
}
