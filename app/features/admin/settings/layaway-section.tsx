// The settings screen's "Pay small-small" section (ADR 099): on/off, which carts may use it
// (categories or a minimum total), the deposit, the instalments and their spacing (the plan ends
// within 12 weeks: the server refuses more), the grace days, and what happens on default.
import { Checkbox } from '#app/components/ui/form/checkbox.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import type { LayawaySettings } from '#core/layaway.ts';
import { koboToNairaInput } from '#core/money-input.ts';
import { Section, type SettingsFailure } from './settings-page.tsx';

export function LayawaySection({
  saved,
  failure,
}: {
  saved: LayawaySettings;
  failure: SettingsFailure | null;
}) {
  const mine = failure?.intent === 'layaway' ? failure : null;
  const value = (field: string, stored: string) => (mine ? (mine.values[field] ?? '') : stored);
  const error = (field: string) => mine?.fieldErrors[field]?.[0];
  const rule = value('layawayDefaultRule', saved.defaultRule);
  const feeKind = value('layawayFeeKind', saved.feeKind);
  const feeShown = saved.feeKind === 'amount' ? koboToNairaInput(saved.feeValue) : String(saved.feeValue);
  return (
    <Section
      id="layaway"
      title="Pay small-small"
      description="Layaway: a deposit now, the rest in instalments; the items are held and sent once fully paid. Shoppers must be signed in, and see the plan and the default rule before they agree."
      failure={failure}
    >
      <Checkbox
        name="layawayEnabled"
        label="Offer Pay small-small at checkout"
        defaultChecked={mine ? mine.values.layawayEnabled === 'on' : saved.enabled}
        error={error('layawayEnabled')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="layawayMinTotal"
          label="For orders from (₦)"
          inputMode="decimal"
          defaultValue={value('layawayMinTotal', koboToNairaInput(saved.minTotalKobo))}
          error={error('layawayMinTotal')}
        />
        <TextField
          name="layawayCategories"
          label="Or with items in these categories (slugs, comma-separated)"
          hint="For example: wigs, bundles. Blank: by order total only."
          defaultValue={value('layawayCategories', saved.categorySlugs.join(', '))}
          error={error('layawayCategories')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField
          name="layawayDepositPercent"
          label="Deposit (%)"
          inputMode="numeric"
          defaultValue={value('layawayDepositPercent', String(saved.depositPercent))}
          error={error('layawayDepositPercent')}
        />
        <TextField
          name="layawayInstalments"
          label="Instalments after it"
          inputMode="numeric"
          defaultValue={value('layawayInstalments', String(saved.instalments))}
          error={error('layawayInstalments')}
        />
        <TextField
          name="layawaySpacingDays"
          label="Days between instalments"
          inputMode="numeric"
          defaultValue={value('layawaySpacingDays', String(saved.spacingDays))}
          error={error('layawaySpacingDays')}
        />
        <TextField
          name="layawayGraceDays"
          label="Grace days after a missed one"
          inputMode="numeric"
          defaultValue={value('layawayGraceDays', String(saved.graceDays))}
          error={error('layawayGraceDays')}
        />
      </div>
      <fieldset className="space-y-2 text-sm">
        <legend className="font-semibold">When a plan is not paid</legend>
        {error('layawayDefaultRule') ? (
          <p className="font-medium text-sale">{error('layawayDefaultRule')}</p>
        ) : null}
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="layawayDefaultRule"
            value="store_credit"
            defaultChecked={rule === 'store_credit'}
            className="mt-0.5 h-4 w-4 accent-plum-800"
          />
          The items go back on sale; the money paid is kept as store credit
        </label>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="layawayDefaultRule"
            value="refund_less_fee"
            defaultChecked={rule === 'refund_less_fee'}
            className="mt-0.5 h-4 w-4 accent-plum-800"
          />
          The items go back on sale; the money paid is refunded less a fee
        </label>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-2 text-sm">
          <legend className="font-semibold">The fee is</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="layawayFeeKind"
              value="percent"
              defaultChecked={feeKind !== 'amount'}
              className="h-4 w-4 accent-plum-800"
            />
            A percentage of what was paid
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="layawayFeeKind"
              value="amount"
              defaultChecked={feeKind === 'amount'}
              className="h-4 w-4 accent-plum-800"
            />
            An amount in naira
          </label>
        </fieldset>
        <TextField
          name="layawayFee"
          label="Fee (% or ₦)"
          inputMode="decimal"
          defaultValue={value('layawayFee', feeShown)}
          error={error('layawayFee')}
        />
      </div>
    </Section>
  );
}
