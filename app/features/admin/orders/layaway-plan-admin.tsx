// The Pay small-small plan on the admin order page (ADR 099): what is paid and due, each
// instalment (overdue ones marked), and, for staff who may update orders, three forms — record a
// bank transfer, extend a due date with a reason, cancel the plan by its rule. They post to
// /admin/orders/:trackingNumber/layaway and work without JavaScript.
import type { FormFailure } from '#app/lib/forms.server.ts';
import type { LayawayPlanView } from '#core/contract/layaway.ts';
import { formatDueDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';

export function LayawayPlanAdmin({
  trackingNumber,
  plan,
  canUpdate,
  failure = null,
}: {
  trackingNumber: string;
  plan: LayawayPlanView;
  canUpdate: boolean;
  failure?: (FormFailure & { intent?: string }) | null;
}) {
  const action = `/admin/orders/${encodeURIComponent(trackingNumber)}/layaway`;
  const typed = (intent: string, field: string) =>
    failure?.intent === intent ? String(failure.values[field] ?? '') : '';
  const err = (intent: string) =>
    failure?.intent === intent ? (Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? failure.message) : null;
  const open = plan.instalments.filter((i) => i.paidKobo < i.amountKobo);
  return (
    <section aria-labelledby="layaway-plan-title" className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="layaway-plan-title" className="font-display text-xl font-semibold">
        Pay small-small plan
      </h2>
      <p className="mt-1 text-sm">
        {plan.status === 'active' ? 'Active' : plan.status[0]!.toUpperCase() + plan.status.slice(1)} · paid{' '}
        {formatPrice(plan.paidKobo)} of {formatPrice(plan.totalKobo)} · left {formatPrice(plan.balanceKobo)}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Instalments</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 pr-3 font-medium">
                Payment
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Due
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-1 font-medium">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.instalments.map((i) => (
              <tr key={i.sequence} className="border-t border-ink/10">
                <td className="py-1 pr-3">{i.label}</td>
                <td className="py-1 pr-3">
                  {formatDueDate(i.dueDate)}
                  {i.overdue ? <strong className="ml-2 text-sale">Overdue</strong> : null}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatPrice(i.amountKobo)}</td>
                <td className="py-1 tabular-nums">{formatPrice(i.paidKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canUpdate && plan.status === 'active' ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-3">
          <form
            method="post"
            action={action}
            className="space-y-2 rounded-lg border border-ink/10 p-3 text-sm"
          >
            <input type="hidden" name="intent" value="transfer" />
            <label className="block">
              <span className="font-semibold">Transfer received (₦)</span>
              <input
                name="amount"
                inputMode="decimal"
                className="input mt-1"
                defaultValue={typed('transfer', 'amount')}
              />
            </label>
            {err('transfer') ? (
              <p className="font-medium text-sale" role="alert">
                {err('transfer')}
              </p>
            ) : null}
            <button type="submit" className="btn-primary">
              Record transfer
            </button>
          </form>
          <form
            method="post"
            action={action}
            className="space-y-2 rounded-lg border border-ink/10 p-3 text-sm"
          >
            <input type="hidden" name="intent" value="extend" />
            <label className="block">
              <span className="font-semibold">Instalment</span>
              <select name="sequence" className="input mt-1" defaultValue={typed('extend', 'sequence')}>
                {open.map((i) => (
                  <option key={i.sequence} value={i.sequence}>
                    {i.label} ({formatDueDate(i.dueDate)})
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              <span className="font-semibold">New due date</span>
              <input
                type="date"
                name="dueDate"
                className="input mt-1"
                defaultValue={typed('extend', 'dueDate')}
              />
            </label>
            <label className="block">
              <span className="font-semibold">Reason</span>
              <input name="reason" className="input mt-1" defaultValue={typed('extend', 'reason')} />
            </label>
            {err('extend') ? (
              <p className="font-medium text-sale" role="alert">
                {err('extend')}
              </p>
            ) : null}
            <button type="submit" className="btn-outline">
              Extend due date
            </button>
          </form>
          <form
            method="post"
            action={action}
            className="space-y-2 rounded-lg border border-ink/10 p-3 text-sm"
          >
            <input type="hidden" name="intent" value="cancel" />
            <p>{plan.ruleText}</p>
            <label className="block">
              <span className="font-semibold">Why cancel</span>
              <input name="reason" className="input mt-1" defaultValue={typed('cancel', 'reason')} />
            </label>
            {err('cancel') ? (
              <p className="font-medium text-sale" role="alert">
                {err('cancel')}
              </p>
            ) : null}
            <button type="submit" className="btn-outline">
              Cancel plan by its rule
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
