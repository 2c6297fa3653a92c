// The product page's quantity stepper and Add to Cart. The form posts to /cart: without JavaScript
// the shopper lands on the cart. The page is not hydrated (ADR 039): the islands script
// (app/islands/product.ts) runs the − / + buttons and adds through POST /api/v1/cart/lines, says
// "Added" in the status line and updates the header's cart badge, finding its elements by the
// data attributes below.
import { Minus, Plus } from 'lucide-react';
import { HOOK, mark } from '#app/lib/islands-contract.ts';

export function AddToCart({
  variantId,
  stock,
  productName,
  notice = null,
}: {
  variantId: number;
  /** How many one line may take (stock, within the per-line cap). */
  stock: number;
  productName: string;
  /** A message from the server to show in the status line (a post answered without JavaScript). */
  notice?: string | null;
}) {
  const max = Math.max(1, stock);
  const soldOut = stock <= 0;
  return (
    <form
      method="post"
      action="/cart"
      className="flex flex-1 flex-wrap items-center gap-3"
      {...mark(HOOK.addToCart)}
      data-product-name={productName}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="variantId" value={variantId} />
      <div className="inline-flex items-center rounded-full border border-ink/20">
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
          // Enabled by the islands script; without JavaScript the field is typed into.
          disabled
          aria-label="Decrease quantity"
          {...mark(HOOK.quantityStep, -1)}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        <label htmlFor="add-quantity" className="sr-only">
          Quantity
        </label>
        <input
          id="add-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          defaultValue={1}
          className="h-11 w-12 appearance-none bg-transparent text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
          disabled
          aria-label="Increase quantity"
          {...mark(HOOK.quantityStep, 1)}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <button type="submit" className="btn-primary flex-1" disabled={soldOut}>
        {soldOut ? 'Out of stock' : 'Add to Cart'}
      </button>
      {/* The islands script says here what Add to Cart did; `data-tone` gives the colour. */}
      <p
        role="status"
        className="basis-full text-sm font-semibold data-[tone=error]:text-sale data-[tone=ok]:text-ok [&_a]:underline"
      >
        {notice}
      </p>
    </form>
  );
}
