// The product page's quantity stepper and Add to Cart. It posts to /cart: without JavaScript the
// shopper lands on the cart; with it, the page says "Added" in place and the header badge updates.
import { Minus, Plus } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import type { action as cartAction } from '../../routes/cart.tsx';

export function AddToCart({
  variantId,
  stock,
  productName,
  quantity,
  onQuantity,
}: {
  variantId: number;
  stock: number;
  productName: string;
  quantity: number;
  onQuantity(quantity: number): void;
}) {
  const fetcher = useFetcher<typeof cartAction>();
  const max = Math.max(1, stock);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const soldOut = stock <= 0;
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className="flex flex-1 flex-wrap items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const body = new FormData(event.currentTarget);
        body.set('_js', '1');
        fetcher.submit(body, { method: 'post', action: '/cart' });
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="variantId" value={variantId} />
      <div className="inline-flex items-center rounded-full border border-ink/20">
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
          onClick={() => onQuantity(Math.max(1, quantity - 1))}
          disabled={quantity <= 1}
          aria-label="Decrease quantity"
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
          value={quantity}
          onChange={(e) => onQuantity(Math.min(max, Math.max(1, Number(e.target.value) || 1)))}
          className="h-11 w-12 appearance-none bg-transparent text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
          data-testid="quantity"
        />
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center disabled:opacity-40"
          onClick={() => onQuantity(Math.min(max, quantity + 1))}
          disabled={quantity >= max}
          aria-label="Increase quantity"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <button
        type="submit"
        className="btn-primary flex-1"
        disabled={soldOut || fetcher.state !== 'idle'}
        data-testid="add-to-cart"
      >
        {soldOut ? 'Out of stock' : fetcher.state !== 'idle' ? 'Adding…' : 'Add to Cart'}
      </button>
      <p role="status" className="basis-full text-sm" data-testid="add-to-cart-status">
        {answer?.ok && answer.intent === 'add' ? (
          <span className="font-semibold text-ok">
            {`${productName} added. `}
            <Link to="/cart" className="underline">
              View cart
            </Link>
          </span>
        ) : answer && !answer.ok ? (
          <span className="font-semibold text-sale">{answer.message}</span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
