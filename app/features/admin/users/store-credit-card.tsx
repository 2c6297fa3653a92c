// The customer page's store credit (ADR 100): the balance and its history for staff, and, for an
// admin (`customers.credit`), a form to add credit or take it back with a reason — never below
// zero (the server refuses, keeping what was typed). Works without JavaScript.
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import { StoreCreditBalance, StoreCreditHistory } from '#app/features/shared/store-credit-history.tsx';
import type { StoreCreditView } from '#core/contract/credit.ts';

export interface CreditFailure {
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

export function StoreCreditCard({
  credit,
  canAdjust,
  failure,
  formKey,
}: {
  credit: StoreCreditView;
  canAdjust: boolean;
  /** The adjustment form's refusal (its values kept), or null. */
  failure: CreditFailure | null;
  /** Changes after an action that worked, so the form starts afresh. */
  formKey: string;
}) {
  const typed = (field: string) => failure?.values[field] ?? '';
  const direction = typed('direction') || 'grant';
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby="store-credit">
      <h2 id="store-credit" className="font-display text-xl font-semibold">
        Store credit
      </h2>
      <div className="mt-3 space-y-4">
        <StoreCreditBalance balanceKobo={credit.balanceKobo} />
        {canAdjust ? (
          <details className="rounded-lg border border-ink/10 p-3" open={Boolean(failure)}>
            <summary className="cursor-pointer font-semibold">Adjust store credit…</summary>
            <Form method="post" className="mt-3 space-y-3" key={formKey} noValidate>
              {failure ? <FormMessage tone="error">{failure.message}</FormMessage> : null}
              <fieldset className="flex flex-wrap gap-4">
                <legend className="mb-1 text-sm font-semibold">Adjustment</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="direction" value="grant" defaultChecked={direction === 'grant'} />
                  Add credit
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="direction" value="take" defaultChecked={direction === 'take'} />
                  Take credit back
                </label>
              </fieldset>
              <TextField
                name="amount"
                label="Amount (₦)"
                inputMode="decimal"
                required
                placeholder="5,000"
                defaultValue={typed('amount')}
                error={failure?.fieldErrors.amount?.[0]}
              />
              <TextField
                name="reason"
                label="Reason (the customer sees it)"
                required
                maxLength={300}
                defaultValue={typed('reason')}
                error={failure?.fieldErrors.reason?.[0]}
              />
              <SubmitButton intent="credit" pendingText="Saving…" className="btn-primary">
                Save adjustment
              </SubmitButton>
            </Form>
          </details>
        ) : null}
        <h3 className="text-lg font-semibold">History</h3>
        <StoreCreditHistory credit={credit} />
      </div>
    </section>
  );
}
