// The refunds of an order as its shopper sees them on the tracking page (ADR 097): how much, to
// their card or by bank transfer, and when — or when to expect it.
import { formatPrice } from '#core/money.ts';

export interface ShopperRefund {
  amountKobo: number;
  status: 'pending' | 'processed';
  toCard: boolean;
  at: string;
}

const day = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' });

export function OrderRefunds({ refunds }: { refunds: ShopperRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="font-display text-xl font-semibold">
        Refunds
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {refunds.map((r) => (
          <li key={`${r.at}-${r.amountKobo}`}>
            <span className="font-semibold">{formatPrice(r.amountKobo)}</span>{' '}
            {r.status === 'processed'
              ? `refunded ${r.toCard ? 'to your card or account' : 'by bank transfer'} on ${day.format(new Date(r.at))}.`
              : 'on its way back to your card or account.'}
            {r.toCard ? ' Banks usually take 5–10 working days to show it.' : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
