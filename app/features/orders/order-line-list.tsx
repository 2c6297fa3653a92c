// An order's lines as the shopper sees them after buying (order received, tracking): quantity,
// product and variant, and what each line cost after its share of any discount.
import type { TrackedOrder } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';

export function OrderLineList({
  lines,
  className,
  itemClassName,
  testId,
}: {
  lines: TrackedOrder['lines'];
  className: string;
  itemClassName: string;
  testId?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
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
