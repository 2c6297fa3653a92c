// An order's lines as the shopper sees them after buying (order received, tracking): quantity,
// product and variant, and what each line cost after its share of any discount.
import type { TrackedOrder } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';

export function OrderLineList({
  lines,
  className,
  itemClassName,
  label,
}: {
  lines: TrackedOrder['lines'];
  className: string;
  itemClassName: string;
  /** What the list is, for screen readers (and whoever looks for it). */
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {lines.map((l) => (
        <li key={`${l.sku}-${l.quantity}`} className={itemClassName}>
          <span>
            {l.quantity} × {l.productName}
            {l.variantLabel ? <span className="block text-xs text-muted">{l.variantLabel}</span> : null}
          </span>
          <span className="whitespace-nowrap font-semibold">{formatPrice(l.totalKobo)}</span>
        </li>
      ))}
    </ul>
  );
}
