// /admin/settings: the shop's settings, one card and one form per section, so a refusal in one
// section loses nothing typed in another. Every form posts to the route's action and works
// without JavaScript; a refused form comes back with the message next to its field and what was
// typed still in place.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { Checkbox } from '#app/components/ui/form/checkbox.tsx';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import type { FormFailure } from '#app/lib/forms.server.ts';
import {
  type ContentPageSlug,
  feeField,
  podField,
  type SettingsSection,
} from '#core/contract/admin-settings.ts';
import type { LayawaySettings } from '#core/layaway.ts';
import { koboToNairaInput } from '#core/money-input.ts';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import { LayawaySection } from './layaway-section.tsx';

export type SettingsFailure = FormFailure & { intent: string };

export interface SettingsView {
  currencies: { code: string; nairaPerUnitKobo: number }[];
  delivery: { state: string; feeKobo: number; payOnDelivery: boolean }[];
  operations: {
    freeDeliveryFromKobo: number | null;
    staffOrderEmails: readonly string[];
    lowStockThreshold: number;
    bankTransferHours: number;
    podConfirmationHours: number;
    abandonedCartHours: number;
  };
  bank: { bankName: string; bankAccountName: string; bankAccountNumber: string };
  contacts: Record<'phone' | 'whatsapp' | 'email' | 'address' | 'instagram' | 'facebook' | 'tiktok', string>;
  pages: { slug: ContentPageSlug; title: string }[];
  layaway: LayawaySettings;
}

const SECTIONS: { id: SettingsSection | 'pages'; title: string }[] = [
  { id: 'currencies', title: 'Currencies' },
  { id: 'delivery', title: 'Delivery fees' },
  { id: 'pay-on-delivery', title: 'Pay on delivery' },
  { id: 'bank', title: 'Bank transfer' },
  { id: 'contacts', title: 'Store contacts' },
  { id: 'staff-emails', title: 'Order emails' },
  { id: 'stock', title: 'Stock' },
  { id: 'reminders', title: 'Reminders' },
  { id: 'layaway', title: 'Pay small-small' },
  { id: 'pages', title: 'Content pages' },
];

export function Section({
  id,
  title,
  description,
  failure,
  children,
}: {
  id: SettingsSection;
  title: string;
  description: ReactNode;
  failure: SettingsFailure | null;
  children: ReactNode;
}) {
  const failed = failure?.intent === id ? failure : null;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <Form method="post" action={`/admin/settings#${id}`} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={id} />
        {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
        {children}
        <SubmitButton intent={id} pendingText="Saving…" className="btn-primary">
          Save {title.toLowerCase()}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function SettingsPage({ view, failure }: { view: SettingsView; failure: SettingsFailure | null }) {
  /** What the form shows: what was typed if this section was refused, else the saved value. */
  const value = (section: SettingsSection, field: string, saved: string) =>
    failure?.intent === section ? (failure.values[field] ?? '') : saved;
  const error = (section: SettingsSection, field: string) =>
    failure?.intent === section ? failure.fieldErrors[field]?.[0] : undefined;
  const fee = new Map(view.delivery.map((r) => [r.state, r]));

  return (
    <div className="max-w-4xl">
      <h1 className="font-display text-3xl font-semibold">Settings</h1>
      <p className="mt-1 text-sm text-muted">
        Each section saves on its own; shoppers see a change at once and the audit log keeps what it was
        before.
      </p>
      <nav aria-label="Settings sections" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-flex min-h-11 items-center rounded-full border border-ink/20 px-3 text-sm font-semibold"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 space-y-6">
        <Section
          id="currencies"
          title="Currencies"
          description="How many naira make one unit of each display currency. Prices are charged in naira; the currency switcher converts with these rates."
          failure={failure}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            {view.currencies.map((c) => (
              <TextField
                key={c.code}
                name={c.code}
                label={`₦ per 1 ${c.code}`}
                inputMode="decimal"
                defaultValue={value('currencies', c.code, koboToNairaInput(c.nairaPerUnitKobo))}
                error={error('currencies', c.code)}
              />
            ))}
          </div>
        </Section>

        <Section
          id="delivery"
          title="Delivery fees"
          description="The fee for each state, in naira (0 for free), and the order amount from which delivery is free everywhere."
          failure={failure}
        >
          <TextField
            name="freeDeliveryFrom"
            label="Free delivery on orders from (₦)"
            hint="After any discount. Leave blank for no free delivery."
            inputMode="decimal"
            defaultValue={value(
              'delivery',
              'freeDeliveryFrom',
              view.operations.freeDeliveryFromKobo === null
                ? ''
                : koboToNairaInput(view.operations.freeDeliveryFromKobo),
            )}
            error={error('delivery', 'freeDeliveryFrom')}
            className="max-w-xs"
          />
          <fieldset>
            <legend className="text-sm font-semibold">Fee by state (₦)</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {NIGERIAN_STATES.map((state) => (
                <TextField
                  key={state}
                  name={feeField(state)}
                  label={state}
                  inputMode="decimal"
                  defaultValue={value(
                    'delivery',
                    feeField(state),
                    koboToNairaInput(fee.get(state)?.feeKobo ?? 0),
                  )}
                  error={error('delivery', feeField(state))}
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section
          id="pay-on-delivery"
          title="Pay on delivery"
          description="The states where shoppers may pay the courier on delivery."
          failure={failure}
        >
          <fieldset>
            <legend className="sr-only">States with pay on delivery</legend>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {NIGERIAN_STATES.map((state) => (
                <Checkbox
                  key={state}
                  name={podField(state)}
                  label={state}
                  defaultChecked={
                    failure?.intent === 'pay-on-delivery'
                      ? failure.values[podField(state)] === 'on'
                      : Boolean(fee.get(state)?.payOnDelivery)
                  }
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section
          id="bank"
          title="Bank transfer"
          description="The account shoppers pay into when they choose bank transfer (shown at checkout and on the order page)."
          failure={failure}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              name="bankName"
              label="Bank"
              defaultValue={value('bank', 'bankName', view.bank.bankName)}
              error={error('bank', 'bankName')}
            />
            <TextField
              name="bankAccountName"
              label="Account name"
              defaultValue={value('bank', 'bankAccountName', view.bank.bankAccountName)}
              error={error('bank', 'bankAccountName')}
            />
            <TextField
              name="bankAccountNumber"
              label="Account number (NUBAN)"
              inputMode="numeric"
              hint="10 digits."
              defaultValue={value('bank', 'bankAccountNumber', view.bank.bankAccountNumber)}
              error={error('bank', 'bankAccountNumber')}
            />
          </div>
        </Section>

        <Section
          id="contacts"
          title="Store contacts"
          description="Shown in the storefront’s footer and in the shop’s emails."
          failure={failure}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ['phone', 'Phone', 'tel'],
                ['whatsapp', 'WhatsApp number (with country code)', 'tel'],
                ['email', 'Email', 'email'],
                ['address', 'Address', 'text'],
                ['instagram', 'Instagram link', 'url'],
                ['facebook', 'Facebook link', 'url'],
                ['tiktok', 'TikTok link', 'url'],
              ] as const
            ).map(([field, label, type]) => (
              <TextField
                key={field}
                name={field}
                label={label}
                type={type}
                defaultValue={value('contacts', field, view.contacts[field])}
                error={error('contacts', field)}
              />
            ))}
          </div>
        </Section>

        <Section
          id="staff-emails"
          title="Order emails"
          description="Who is emailed about every new paid order: one address per line."
          failure={failure}
        >
          <StaffEmails
            defaultValue={value(
              'staff-emails',
              'staffOrderEmails',
              view.operations.staffOrderEmails.join('\n'),
            )}
            error={error('staff-emails', 'staffOrderEmails')}
          />
        </Section>

        <Section
          id="stock"
          title="Stock"
          description="When the dashboard warns of low stock, and how long unpaid offline orders keep their items."
          failure={failure}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              name="lowStockThreshold"
              label="Low stock at (units or fewer)"
              inputMode="numeric"
              defaultValue={value('stock', 'lowStockThreshold', String(view.operations.lowStockThreshold))}
              error={error('stock', 'lowStockThreshold')}
            />
            <TextField
              name="bankTransferHours"
              label="Bank transfer holds stock (hours)"
              inputMode="numeric"
              defaultValue={value('stock', 'bankTransferHours', String(view.operations.bankTransferHours))}
              error={error('stock', 'bankTransferHours')}
            />
            <TextField
              name="podConfirmationHours"
              label="Pay on delivery holds stock (hours)"
              inputMode="numeric"
              defaultValue={value(
                'stock',
                'podConfirmationHours',
                String(view.operations.podConfirmationHours),
              )}
              error={error('stock', 'podConfirmationHours')}
            />
          </div>
        </Section>

        <Section
          id="reminders"
          title="Reminders"
          description="A shopper whose cart has waited this long, with no order since, gets one reminder email with a link back to it (only if they accept promotional emails). 0 turns the reminders off."
          failure={failure}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              name="abandonedCartHours"
              label="Remind about a waiting cart after (hours)"
              inputMode="numeric"
              defaultValue={value(
                'reminders',
                'abandonedCartHours',
                String(view.operations.abandonedCartHours),
              )}
              error={error('reminders', 'abandonedCartHours')}
            />
          </div>
        </Section>

        <LayawaySection saved={view.layaway} failure={failure} />

        <section
          id="pages"
          aria-labelledby="pages-title"
          className="scroll-mt-24 rounded-xl bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="pages-title" className="font-display text-xl font-semibold">
            Content pages
          </h2>
          <p className="mt-1 text-sm text-muted">Written in Markdown, with a preview before saving.</p>
          <ul className="mt-4 divide-y divide-ink/10">
            {view.pages.map((p) => (
              <li key={p.slug} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="font-semibold">{p.title}</span>
                <span className="flex gap-2">
                  <Link to={`/pages/${p.slug}`} className="btn-outline">
                    View<span className="sr-only"> {p.title}</span>
                  </Link>
                  <Link to={`/admin/settings/pages/${p.slug}`} className="btn-primary">
                    Edit<span className="sr-only"> {p.title}</span>
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function StaffEmails({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor="staffOrderEmails" className="block text-sm font-semibold">
        Addresses
      </label>
      <textarea
        id="staffOrderEmails"
        name="staffOrderEmails"
        rows={4}
        className="input mt-1 py-2"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'staffOrderEmails-error' : undefined}
      />
      {error ? (
        <p
          id="staffOrderEmails-error"
          className="mt-1 text-sm font-medium text-sale"
          data-field-error="staffOrderEmails"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
