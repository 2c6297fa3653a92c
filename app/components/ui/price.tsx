import { useCurrency } from '#app/features/layout/store-data.ts';
import { formatDiscount, formatPrice } from '#core/money.ts';

/**
 * Every amount on screen goes through here (and so through core/money.ts formatPrice), in the
 * shopper's display currency. `discount` shows it as an amount taken off ("−₦1,500").
 */
export function Price({
  kobo,
  compareAtKobo,
  className = '',
  size = 'md',
  discount = false,
}: {
  kobo: number;
  compareAtKobo?: number | null;
  className?: string;
  size?: 'md' | 'lg';
  discount?: boolean;
}) {
  const currency = useCurrency();
  const onSale = compareAtKobo != null && compareAtKobo > kobo;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      {currency.code !== 'NGN' ? <span className="sr-only">about</span> : null}
      {/* <data>: the amount shown, with its value in kobo for machines (crawlers, tests). */}
      <data
        value={kobo}
        className={`font-semibold ${size === 'lg' ? 'text-2xl' : 'text-base'} ${onSale ? 'text-sale' : 'text-ink'}`}
      >
        {discount ? formatDiscount(kobo, currency) : formatPrice(kobo, currency)}
      </data>
      {onSale ? (
        <s className="text-sm text-muted">
          <span className="sr-only">was </span>
          {formatPrice(compareAtKobo, currency)}
        </s>
      ) : null}
    </span>
  );
}
