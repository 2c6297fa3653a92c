// "Email me when it's back": shown instead of Add to Cart on a sold-out variant (ADR 037). A
// guest gives an email; a signed-in shopper taps once (their account's email). The form posts to
// the product page's action: without JavaScript the page comes back with the answer. The page is
// not hydrated (ADR 039): the islands script (app/islands/product.ts) posts the same form with
// fetch and puts this section of the answer in place of the old one (data-back-in-stock).
import { BellRing } from 'lucide-react';
import { useActionData } from 'react-router';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { action as productAction } from '../../routes/product.tsx';

export interface BackInStockState {
  /** The signed-in shopper's email, or null for a guest. */
  accountEmail: string | null;
  /** The sold-out variants this shopper already waits for. */
  waiting: number[];
}

type ProductAnswer = ReturnType<typeof useActionData<typeof productAction>>;

export function BackInStock(props: { variantId: number; productName: string; state: BackInStockState }) {
  return <BackInStockView {...props} answer={useActionData<typeof productAction>()} />;
}

/** The section itself, from its data alone (also what a shared page's personal slot shows, ADR 043). */
export function BackInStockView({
  variantId,
  productName,
  state,
  answer,
}: {
  variantId: number;
  productName: string;
  state: BackInStockState;
  /** The product page's answer to this form (posted without JavaScript), if any. */
  answer?: ProductAnswer;
}) {
  const mine = answer && (!answer.ok || answer.variantId === variantId) ? answer : undefined;
  const done = (mine?.ok ?? false) || state.waiting.includes(variantId);
  const fieldError =
    mine && !mine.ok ? (mine.fieldErrors as Record<string, string[] | undefined>).email?.[0] : undefined;
  const typed = mine && !mine.ok ? mine.values.email : undefined;

  return (
    <section
      id="back-in-stock"
      aria-labelledby="back-in-stock-title"
      className="w-full min-w-0 rounded-2xl border border-ink/15 bg-plum-50/40 p-4 [overflow-wrap:anywhere]"
      {...mark(HOOK.backInStock)}
    >
      <h2 id="back-in-stock-title" className="flex items-center gap-2 font-semibold">
        <BellRing className="h-4 w-4" aria-hidden="true" />
        Sold out for now
      </h2>
      {done ? (
        <p role="status" className="mt-2 text-sm font-semibold text-ok">
          {mine?.ok
            ? mine.message
            : `You're on the list: we'll email ${state.accountEmail ?? 'you'} once, when it's back.`}
        </p>
      ) : (
        <form method="post" className="mt-2 space-y-2" noValidate>
          <input type="hidden" name="intent" value="back-in-stock" />
          <input type="hidden" name="variantId" value={variantId} />
          {state.accountEmail ? (
            <p className="text-sm text-muted">
              {`We'll send one email to ${state.accountEmail} when ${productName} is back. This turns on back-in-stock emails in your settings.`}
            </p>
          ) : (
            <div>
              <label htmlFor="back-in-stock-email" className="block text-sm">
                {`Leave your email and we'll write once when ${productName} is back.`}
              </label>
              <input
                id="back-in-stock-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                defaultValue={typed ?? ''}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'back-in-stock-error' : undefined}
                className="mt-1 w-full rounded-full border border-ink/20 px-4 py-2.5"
              />
            </div>
          )}
          <button type="submit" className="btn-primary w-full">
            Email me when it's back
          </button>
          <p role="status" className="text-sm" id="back-in-stock-error">
            {mine && !mine.ok ? (
              <span className="font-semibold text-sale">{fieldError ?? mine.message}</span>
            ) : null}
          </p>
        </form>
      )}
    </section>
  );
}
