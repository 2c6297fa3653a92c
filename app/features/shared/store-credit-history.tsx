// A customer's store credit (ADR 100): the balance and the ledger's entries, newest first. Shown to
// the shopper on their dashboard and to staff on the customer's page (who also see who adjusted it).
import { CREDIT_KIND_LABELS, type StoreCreditView } from '#core/contract/credit.ts';
import { formatPrice } from '#core/money.ts';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** "+₦5,000" or "−₦2,000". */
export function signedNaira(kobo: number): string {
  return `${kobo < 0 ? '−' : '+'}${formatPrice(Math.abs(kobo))}`;
}

export function StoreCreditBalance({ balanceKobo, note }: { balanceKobo: number; note?: string }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm text-muted">Store credit balance</p>
      <p className="mt-1 font-display text-3xl font-semibold">{formatPrice(balanceKobo)}</p>
      {note ? <p className="mt-2 text-sm text-muted">{note}</p> : null}
    </div>
  );
}

export function StoreCreditHistory({ credit }: { credit: StoreCreditView }) {
  if (credit.entries.length === 0) {
    return <p className="text-sm text-muted">No store credit yet.</p>;
  }
  return (
    <ol className="divide-y divide-ink/10 rounded-2xl bg-white shadow-sm" aria-label="Store credit history">
      {credit.entries.map((e) => (
        <li key={e.id} className="flex items-start justify-between gap-4 p-4 text-sm">
          <div className="min-w-0">
            <p className="font-semibold">{CREDIT_KIND_LABELS[e.kind]}</p>
            <p className="text-muted">
              {dateTime.format(new Date(e.createdAt))}
              {e.trackingNumber ? ` · Order ${e.trackingNumber}` : ''}
              {e.actorName ? ` · by ${e.actorName}` : ''}
            </p>
            {e.reason ? <p className="mt-1 break-words">{e.reason}</p> : null}
          </div>
          <p className={`whitespace-nowrap font-semibold ${e.amountKobo < 0 ? 'text-ink' : 'text-ok'}`}>
            {signedNaira(e.amountKobo)}
          </p>
        </li>
      ))}
    </ol>
  );
}
