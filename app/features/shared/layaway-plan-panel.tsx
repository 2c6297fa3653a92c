// A "Pay small-small" plan as its shopper sees it (ADR 099) — on the dashboard's orders, the
// tracking page and the Pay now page: what is paid, what is left, each instalment with its date,
// and, while the plan runs, a Pay now form (the next instalment, or any amount up to the
// balance) that starts an online payment of that amount. Works without JavaScript.
import type { LayawayPlanView } from '#core/contract/layaway.ts';
import { formatDueDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';

const PLAN_STATUS: Record<LayawayPlanView['status'], string> = {
  active: 'On layaway',
  completed: 'Paid in full',
  defaulted: 'Ended: not paid in time',
  cancelled: 'Cancelled',
};

export function LayawayPlanPanel({
  trackingNumber,
  plan,
  typedAmount = '',
  error,
}: {
  trackingNumber: string;
  plan: LayawayPlanView;
  typedAmount?: string;
  error?: string;
}) {
  const headingId = `plan-${trackingNumber}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-plum-800/20 bg-plum-50 p-4 text-sm"
    >
      <h3 id={headingId} className="font-semibold">
        Pay small-small plan · {PLAN_STATUS[plan.status]}
      </h3>
      <p className="mt-1">
        Paid <strong>{formatPrice(plan.paidKobo)}</strong> of {formatPrice(plan.totalKobo)}
        {plan.balanceKobo > 0 ? (
          <>
            {' '}
            · Left to pay <strong>{formatPrice(plan.balanceKobo)}</strong>
          </>
        ) : null}
        {plan.status === 'active' && plan.nextDueDate ? (
          <>
            {' '}
            · Next: {formatPrice(plan.nextDueKobo)} by {formatDueDate(plan.nextDueDate)}
          </>
        ) : null}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Instalments of order {trackingNumber}</caption>
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
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.instalments.map((i) => (
              <tr key={i.sequence} className="border-t border-ink/10">
                <td className="py-1 pr-3">{i.label}</td>
                <td className="whitespace-nowrap py-1 pr-3">{formatDueDate(i.dueDate)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatPrice(i.amountKobo)}</td>
                <td className="py-1">
                  {i.paidKobo >= i.amountKobo
                    ? 'Paid'
                    : i.paidKobo > 0
                      ? `${formatPrice(i.paidKobo)} paid`
                      : i.overdue
                        ? 'Overdue'
                        : 'Due'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.status === 'active' ? (
        <>
          <p className="mt-2 text-muted">{plan.ruleText}</p>
          <form
            method="post"
            action={`/layaway/pay?order=${trackingNumber}`}
            className="mt-3 flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="order" value={trackingNumber} />
            <label className="flex flex-col gap-1">
              <span className="font-medium">Amount (₦, blank for the next instalment)</span>
              <input
                name="amount"
                inputMode="decimal"
                defaultValue={typedAmount}
                placeholder={String(plan.nextDueKobo / 100)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${headingId}-error` : undefined}
                className="input w-44"
              />
            </label>
            <button type="submit" className="btn-primary">
              Pay now
            </button>
            {error ? (
              <p id={`${headingId}-error`} className="w-full font-medium text-sale" role="alert">
                {error}
              </p>
            ) : null}
          </form>
        </>
      ) : null}
    </section>
  );
}
