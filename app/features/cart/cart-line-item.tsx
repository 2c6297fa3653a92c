// One line of the cart: picture, name and variant, unit price, notices (price changed, fewer
// left), the quantity stepper and remove button (plain forms, sent in place by app/islands/cart.ts),
// and the line's total.
import { Minus, Plus, X } from 'lucide-react';
import { Link } from 'react-router';
import { Price } from '#app/components/ui/price.tsx';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import type { CartLine } from '#core/contract/cart.ts';

export function CartLineItem({ line }: { line: CartLine }) {
  return (
    <li className="flex gap-4 py-5">
      <Link to={line.productPath} className="w-20 shrink-0 sm:w-24">
        {line.image ? (
          <ResponsiveImage
            image={line.image}
            sizes="96px"
            maxWidth={200}
            className="aspect-[4/5] w-full rounded-lg object-cover"
          />
        ) : (
          <div className="aspect-[4/5] w-full rounded-lg bg-sand" />
        )}
      </Link>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={line.productPath} className="font-semibold hover:text-plum-800">
              {line.productName}
            </Link>
            {line.variantLabel ? <p className="text-sm text-muted">{line.variantLabel}</p> : null}
          </div>
          <form method="post" action="/cart">
            <input type="hidden" name="variantId" value={line.variantId} />
            <button
              type="submit"
              name="intent"
              value="remove"
              className="inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-sale/10 hover:text-sale"
              aria-label={`Remove ${line.productName} from cart`}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </form>
        </div>
        <p className="text-sm">
          <Price kobo={line.unitPriceKobo} /> each
        </p>
        {line.notice ? <p className="text-sm font-medium text-plum-700">{line.notice}</p> : null}
        {line.problem ? <p className="text-sm font-semibold text-sale">{line.problem}</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
          <form
            method="post"
            action="/cart"
            className="inline-flex items-center rounded-full border border-ink/20"
            aria-label={`Quantity of ${line.productName}`}
          >
            <input type="hidden" name="variantId" value={line.variantId} />
            <input type="hidden" name="intent" value="set" />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
              aria-label={line.quantity <= 1 ? `Remove ${line.productName}` : 'Decrease quantity'}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <span className="w-9 text-center font-semibold">{line.quantity}</span>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
              aria-label="Increase quantity"
              disabled={line.quantity >= line.stock}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </form>
          <p className="font-semibold">
            <Price kobo={line.subtotalKobo} />
          </p>
        </div>
      </div>
    </li>
  );
}
