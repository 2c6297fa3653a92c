// "Pay small-small" at checkout (ADR 099): the fourth way to pay, for an eligible cart. Chosen,
// it shows (by CSS, no script needed) the plan — the deposit today and each instalment with its
// date, in naira — the rule if payments stop, how the deposit is paid, and a required "I agree".
// A guest sees it too: choosing it asks them to sign in, keeping the cart and what they typed.
import { CalendarClock } from 'lucide-react';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { LayawayOffer } from '#core/contract/layaway.ts';
import { formatDueDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';

export function LayawayOption({
  offer,
  signedIn,
  chosen,
  depositMethod,
  agreed,
  errors,
}: {
  offer: LayawayOffer;
  signedIn: boolean;
  chosen: boolean;
  depositMethod: string;
  agreed: boolean;
  errors: Record<string, string[] | undefined>;
}) {
  if (!offer.eligible) {
    const why = offer.refusal?.replace(/ Please choose another way to pay\.$/, '');
    return why ? <p className="text-sm text-muted">{why}</p> : null;
  }
  return (
    <div
      {...mark(HOOK.paymentMethod, 'layaway')}
      className="group rounded-xl border border-ink/15 p-4 has-[#pay-layaway:checked]:border-plum-800 has-[#pay-layaway:checked]:bg-plum-50"
    >
      <label className="flex cursor-pointer gap-3">
        <input
          id="pay-layaway"
          type="radio"
          name="paymentMethod"
          value="layaway"
          defaultChecked={chosen}
          className="mt-1 h-5 w-5 accent-plum-800"
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2 font-semibold">
            <CalendarClock className="h-4 w-4" aria-hidden="true" /> Pay small-small
          </span>
          <span className="mt-1 block text-sm text-muted">
            Pay a deposit today and the rest in {offer.instalments.length - 1} instalments. We hold your hair
            for you and send it once it is fully paid.
            {signedIn
              ? ''
              : ' You will be asked to sign in or create an account: your cart and details are kept.'}
          </span>
        </span>
      </label>
      <div className="mt-3 hidden space-y-3 sm:pl-8 group-has-[#pay-layaway:checked]:block">
        <div className="overflow-x-auto rounded-lg bg-white p-2 text-sm sm:p-3">
          <span className="mb-1 block font-semibold">Your plan</span>
          <table className="w-full text-left">
            <caption className="sr-only">Pay small-small plan</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Payment
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Due
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {offer.instalments.map((i) => (
                <tr key={i.sequence} className="border-t border-ink/10">
                  <td className="py-1 pr-3">{i.label}</td>
                  <td className="whitespace-nowrap py-1 pr-3">
                    {i.sequence === 0 ? 'Today' : formatDueDate(i.dueDate)}
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatPrice(i.amountKobo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <span className="mt-1 block text-xs text-muted">
            Worked out on your order total; the plan is fixed on the final total when you place the order.
          </span>
        </div>
        <p className="text-sm">
          <strong>If payments stop:</strong> {offer.ruleText}
        </p>
        <fieldset className="text-sm">
          <legend className="font-semibold">Pay the deposit by</legend>
          {errors.depositMethod?.[0] ? (
            <span className="block font-medium text-sale">{errors.depositMethod[0]}</span>
          ) : null}
          <span className="mt-1 flex flex-wrap gap-4">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="depositMethod"
                value="online"
                defaultChecked={depositMethod !== 'bank_transfer'}
                className="h-4 w-4 accent-plum-800"
              />
              Online now (card, bank or USSD)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="depositMethod"
                value="bank_transfer"
                defaultChecked={depositMethod === 'bank_transfer'}
                className="h-4 w-4 accent-plum-800"
              />
              Transfer to our bank account
            </label>
          </span>
        </fieldset>
        <div className="text-sm">
          {errors.layawayAgree?.[0] ? (
            <span id="layaway-agree-error" className="block font-medium text-sale">
              {errors.layawayAgree[0]}
            </span>
          ) : null}
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="layawayAgree"
              defaultChecked={agreed}
              aria-describedby={errors.layawayAgree?.[0] ? 'layaway-agree-error' : undefined}
              className="mt-0.5 h-4 w-4 accent-plum-800"
            />
            <span>I agree to the plan, its dates and what happens if payments stop.</span>
          </label>
        </div>
      </div>
    </div>
  );
}
