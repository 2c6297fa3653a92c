// "Use my store credit (₦X available)" at checkout (ADR 100): a plain checkbox, so it works
// without JavaScript; the server takes min(balance, total) off through the one pricing path when
// the form arrives. Shown only to a signed-in shopper with a balance.
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { formatPrice } from '#core/money.ts';

export function StoreCreditChoice({ balanceKobo, checked }: { balanceKobo: number; checked: boolean }) {
  if (balanceKobo <= 0) return null;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-2xl bg-white p-5 shadow-sm sm:p-6 [&>legend~*]:clear-both">
      <legend className="float-left mb-2 w-full text-lg font-semibold">Store credit</legend>
      <label className="flex cursor-pointer gap-3 rounded-xl border border-ink/15 p-4 has-[:checked]:border-plum-800 has-[:checked]:bg-plum-50">
        <input
          type="checkbox"
          name="useStoreCredit"
          defaultChecked={checked}
          className="mt-1 h-5 w-5 accent-plum-800"
          {...mark(HOOK.storeCreditChoice, balanceKobo)}
        />
        <span>
          <span className="block font-semibold">{`Use my store credit (${formatPrice(balanceKobo)} available)`}</span>
          <span className="mt-1 block text-sm text-muted">
            It pays as much of this order as it can; you pay the rest. If the order is cancelled, the credit
            comes back to your account.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
