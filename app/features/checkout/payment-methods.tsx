// How to pay at checkout: online through Paystack, bank transfer (our account shown when chosen,
// by CSS) or pay on delivery where the state allows it (app/islands/checkout.ts hides it in the
// other states once the shopper picks one).
import { Landmark, Lock, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BankDetails } from '#app/features/shared/bank-details.ts';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import type { PaymentMethod } from '#core/order-status.ts';

const METHODS: { id: PaymentMethod; title: string; body: string; icon: typeof Lock }[] = [
  {
    id: 'online',
    title: 'Card, bank or USSD',
    body: 'Pay securely on Paystack’s page: card, bank account, USSD or transfer. We never see your card.',
    icon: Lock,
  },
  {
    id: 'bank_transfer',
    title: 'Bank transfer',
    body: 'Transfer to our account with your order reference; we confirm it when the money arrives.',
    icon: Landmark,
  },
  {
    id: 'pay_on_delivery',
    title: 'Pay on delivery',
    body: 'Pay the rider in cash or by transfer when your hair arrives.',
    icon: Truck,
  },
];

/** The payment fieldset: one radio per method (pay on delivery hidden where it is not offered). */
export function PaymentMethods({
  method,
  podHere,
  podStates,
  bank,
  error,
  layaway,
}: {
  /** Pay small-small's option, when the shop offers it (ADR 099). */
  layaway?: ReactNode;
  method: PaymentMethod;
  podHere: boolean;
  podStates: string[];
  bank: BankDetails;
  error: string | undefined;
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-2xl bg-white p-5 shadow-sm sm:p-6 [&>legend~*]:clear-both">
      <legend className="float-left mb-2 w-full text-lg font-semibold">Payment</legend>
      {error ? (
        <p className="text-sm font-medium text-sale" {...mark(HOOK.fieldError, 'paymentMethod')}>
          {error}
        </p>
      ) : null}
      {METHODS.map((m) => (
        <label
          key={m.id}
          {...mark(HOOK.paymentMethod, m.id)}
          hidden={m.id === 'pay_on_delivery' && !podHere}
          className="group flex cursor-pointer gap-3 rounded-xl border border-ink/15 p-4 has-[:checked]:border-plum-800 has-[:checked]:bg-plum-50"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={m.id}
            defaultChecked={method === m.id}
            disabled={m.id === 'pay_on_delivery' && !podHere}
            className="mt-1 h-5 w-5 accent-plum-800"
          />
          <span>
            <span className="flex items-center gap-2 font-semibold">
              <m.icon className="h-4 w-4" aria-hidden="true" /> {m.title}
            </span>
            <span className="mt-1 block text-sm text-muted">
              {m.body}
              {m.id === 'pay_on_delivery' ? ` Available in ${podStates.join(' and ')}.` : ''}
            </span>
            {m.id === 'bank_transfer' ? (
              <span className="mt-2 hidden rounded-lg bg-white p-3 text-sm group-has-[:checked]:block">
                {bank.name} · {bank.accountName} · <strong>{bank.accountNumber}</strong>
                <br />
                Your order reference for the transfer comes on the next page and by email.
              </span>
            ) : null}
          </span>
        </label>
      ))}
      {layaway}
    </fieldset>
  );
}
