// /admin/orders/layaway: the shop's Pay small-small plans (ADR 099) — every order on layaway, those
// with an instalment due this week, and those overdue — each linking to its order. orders.view.
import { Link } from 'react-router';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { formatDueDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';
import type { Route } from './+types/admin.orders.layaway';

const VIEWS = [
  { id: 'all', title: 'On layaway' },
  { id: 'due_week', title: 'Due this week' },
  { id: 'overdue', title: 'Overdue' },
] as const;
type View = (typeof VIEWS)[number]['id'];

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'orders.view', url);
  const asked = url.searchParams.get('view');
  const view: View = VIEWS.find((v) => v.id === asked)?.id ?? 'all';
  return { view, plans: await context.services.layawayAdmin.plans({ user, ip: context.clientIp }, view) };
});

export function meta() {
  return [
    { title: 'Pay small-small plans | Crown Hair Admin' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminLayawayPlans({ loaderData }: Route.ComponentProps) {
  const { view, plans } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="font-display text-3xl font-semibold">Pay small-small plans</h1>
      <nav aria-label="Plans" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {VIEWS.map((v) => (
            <li key={v.id}>
              <Link
                to={`/admin/orders/layaway?view=${v.id}`}
                aria-current={v.id === view ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-ink/20 px-3 text-sm font-semibold aria-[current=page]:bg-plum-800 aria-[current=page]:text-white"
              >
                {v.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {plans.length === 0 ? (
        <p className="mt-6 text-muted">No plans here.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl bg-white p-4 shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{VIEWS.find((v) => v.id === view)!.title}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Order
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Customer
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Paid
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Next due
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((p) => (
                <tr key={p.trackingNumber} className="border-t border-ink/10">
                  <td className="py-2 pr-4">
                    <Link
                      to={`/admin/orders/${p.trackingNumber}`}
                      className="font-mono font-semibold text-plum-800 underline"
                    >
                      {p.trackingNumber}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{p.email}</td>
                  <td className="py-2 pr-4 tabular-nums">
                    {formatPrice(p.paidKobo)} of {formatPrice(p.totalKobo)}
                  </td>
                  <td className="py-2 pr-4">
                    {p.nextDueDate
                      ? `${formatPrice(p.nextOwedKobo)} by ${formatDueDate(p.nextDueDate)}`
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
