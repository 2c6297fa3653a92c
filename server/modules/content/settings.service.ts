// The shop's settings (/admin/settings): display-currency rates, delivery fees and free delivery,
// pay-on-delivery states, bank-transfer details, contacts, staff order emails, the low-stock line,
// stock hold times and the content pages. Each section is validated on its own, written with its
// audit record (before and after) in one transaction, then every process's cache is told (ADR 033).
// Delivery rates belong to checkout: they change through its port, never its table.
import {
  BankDetailsInput,
  CONTENT_PAGE_SLUGS,
  ContactsInput,
  type ContentPageInput as ContentPageForm,
  ContentPageInput,
  type ContentPageSlug,
  CurrencyRatesInput,
  DeliveryFeesInput,
  type OperationsSettings,
  PayOnDeliveryInput,
  RATE_CURRENCIES,
  ReminderSettingsInput,
  SETTINGS_SECTIONS,
  type SettingsSection,
  StaffEmailsInput,
  StockSettingsInput,
} from '#core/contract/admin-settings.ts';
import { LayawaySettingsInput } from '#core/contract/layaway.ts';
import type { LayawaySettings } from '#core/layaway.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { DeliveryRatesPort } from '#server/modules/checkout/checkout.service.ts';
import type { TtlCache } from '#server/platform/cache.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { CONTENT_CACHE_MS, type ContentService, STORE_SETTING_DEFAULTS } from './content.service.ts';
import { DEFAULT_CONTENT_PAGES } from './content-pages.ts';
import { readLayawaySettings, writeLayawaySettings } from './layaway-settings.ts';
import { renderMarkdown } from './markdown.ts';
import { readCurrencyRates, readSettings, writeCurrencyRate, writeSettings } from './settings.repository.ts';

export interface SettingsActor {
  id: number;
  ip?: string | null;
}

const KEYS = {
  freeDeliveryFrom: 'checkout.freeDeliveryFromKobo',
  staffOrderEmails: 'orders.staffOrderEmails',
  lowStockThreshold: 'inventory.lowStockThreshold',
  bankTransferHours: 'checkout.bankTransferHours',
  podConfirmationHours: 'checkout.podConfirmationHours',
  abandonedCartHours: 'cart.abandonedCartHours',
} as const;
const OPERATION_KEYS = Object.values(KEYS);
/**
 * When a section of the settings screen was last saved (changed or not): the launch checklist
 * counts a section reviewed by a save after demo mode ended (ADR 071).
 */
export const savedAtKey = (section: SettingsSection) => `settings.savedAt.${section}`;
const pageKey = (slug: ContentPageSlug) => `page.${slug}`;

const BANK_FIELDS = ['bankName', 'bankAccountName', 'bankAccountNumber'] as const;
const CONTACT_FIELDS = ['phone', 'whatsapp', 'email', 'address', 'instagram', 'facebook', 'tiktok'] as const;

export function isContentPageSlug(value: unknown): value is ContentPageSlug {
  return typeof value === 'string' && (CONTENT_PAGE_SLUGS as readonly string[]).includes(value);
}

/**
 * Units of a currency per naira, from "naira per unit" in kobo (₦1,600 → 0.000625), to the 8
 * decimals the currencies table keeps.
 */
export function rateFromNairaPerUnit(kobo: number): number {
  return Math.round(1e10 / kobo) / 1e8;
}

/** The owner's own figure for a currency (what they typed), kept beside the rate it made. */
const typedRateKey = (code: string) => `currency.${code}.nairaPerUnitKobo`;

/** "Naira per unit" in kobo, from units per naira (0.000625 → 160_000). */
export function nairaPerUnitFromRate(rate: number): number {
  return rate > 0 ? Math.round(100 / rate) : 0;
}

/** The keys whose values differ, before and after (what the audit log keeps). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    changed: keys.length > 0,
  };
}

export function createSettingsService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  content: Pick<ContentService, 'invalidate'>;
  /** The content cache (so `content.invalidate()` forgets settings too). */
  cache: TtlCache;
  delivery: DeliveryRatesPort;
  /** What applies until the owner sets it (the environment's values). */
  defaults: Omit<OperationsSettings, 'freeDeliveryFromKobo'>;
}) {
  const { db, cache, defaults } = deps;

  function operationsFrom(stored: Map<string, string>): OperationsSettings {
    const int = (key: string, fallback: number) => {
      const n = Number(stored.get(key));
      return stored.has(key) && Number.isSafeInteger(n) ? n : fallback;
    };
    const free = stored.get(KEYS.freeDeliveryFrom);
    let staff: readonly string[] = defaults.staffOrderEmails;
    if (stored.has(KEYS.staffOrderEmails)) {
      try {
        staff = JSON.parse(stored.get(KEYS.staffOrderEmails)!) as string[];
      } catch {}
    }
    return {
      freeDeliveryFromKobo: free === undefined || free === '' ? null : Number(free),
      staffOrderEmails: staff,
      lowStockThreshold: int(KEYS.lowStockThreshold, defaults.lowStockThreshold),
      bankTransferHours: int(KEYS.bankTransferHours, defaults.bankTransferHours),
      podConfirmationHours: int(KEYS.podConfirmationHours, defaults.podConfirmationHours),
      abandonedCartHours: int(KEYS.abandonedCartHours, defaults.abandonedCartHours),
    };
  }

  async function pageSource(q: Queryable, slug: ContentPageSlug) {
    const stored = (await readSettings(q, [pageKey(slug)])).get(pageKey(slug));
    if (stored) {
      try {
        return JSON.parse(stored) as ContentPageForm;
      } catch {}
    }
    return DEFAULT_CONTENT_PAGES[slug];
  }

  /** Writes one section: before, change, audit (same transaction), then every cache is told. */
  async function change(
    actor: SettingsActor,
    section: SettingsSection | `page.${ContentPageSlug}`,
    write: (tx: Queryable) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
  ): Promise<{ changed: boolean }> {
    const result = await db.transaction(async (tx) => {
      const { before, after } = await write(tx);
      if (!section.startsWith('page.'))
        await writeSettings(tx, { [savedAtKey(section as SettingsSection)]: new Date().toISOString() });
      const diff = changes(before, after);
      if (diff.changed) {
        await deps.audit.record(tx, {
          actorUserId: actor.id,
          action: 'settings.update',
          subjectType: 'settings',
          subjectId: section,
          ip: actor.ip ?? null,
          details: { before: diff.before, after: diff.after },
        });
      }
      return { changed: diff.changed };
    });
    deps.content.invalidate();
    return result;
  }

  const store = (stored: Map<string, string>, fields: readonly (keyof typeof STORE_SETTING_DEFAULTS)[]) =>
    Object.fromEntries(fields.map((f) => [f, stored.get(`store.${f}`) ?? STORE_SETTING_DEFAULTS[f]]));

  return {
    /** The settings checkout, payments and the dashboard obey (cached; every change invalidates). */
    operations(): Promise<OperationsSettings> {
      return cache.get('content:operations', CONTENT_CACHE_MS, async () =>
        operationsFrom(await readSettings(db, OPERATION_KEYS)),
      );
    },

    /** Pay small-small's settings (ADR 099; cached, every change invalidates). */
    layaway(): Promise<LayawaySettings> {
      return cache.get('content:layaway', CONTENT_CACHE_MS, () => readLayawaySettings(db));
    },

    /** The staff's new-order addresses, read through `q` (the transaction that marks an order paid). */
    async staffOrderEmails(q: Queryable): Promise<readonly string[]> {
      return operationsFrom(await readSettings(q, [KEYS.staffOrderEmails])).staffOrderEmails;
    },

    /** A content page as the storefront shows it (Markdown rendered safely, server-side), or null. */
    contentPage(
      slug: string,
    ): Promise<{ slug: ContentPageSlug; title: string; intro: string; html: string } | null> {
      if (!isContentPageSlug(slug)) return Promise.resolve(null);
      return cache.get(`content:page:${slug}`, CONTENT_CACHE_MS, async () => {
        const source = await pageSource(db, slug);
        return { slug, title: source.title, intro: source.intro, html: renderMarkdown(source.body) };
      });
    },

    /** Everything the settings screen shows, as stored now (never cached). */
    async adminView() {
      const [stored, rates, delivery, pages] = await Promise.all([
        readSettings(db, [
          ...OPERATION_KEYS,
          ...RATE_CURRENCIES.map(typedRateKey),
          ...[...BANK_FIELDS, ...CONTACT_FIELDS].map((f) => `store.${f}`),
        ]),
        readCurrencyRates(db),
        deps.delivery.list(db),
        Promise.all(CONTENT_PAGE_SLUGS.map(async (slug) => ({ slug, ...(await pageSource(db, slug)) }))),
      ]);
      return {
        currencies: RATE_CURRENCIES.map((code) => {
          const rate = rates.get(code) ?? 0;
          const typed = Number(stored.get(typedRateKey(code)));
          // What the owner typed, while it is still what made the rate (8 decimals lose a little).
          const nairaPerUnitKobo =
            Number.isSafeInteger(typed) && typed > 0 && rateFromNairaPerUnit(typed) === rate
              ? typed
              : nairaPerUnitFromRate(rate);
          return { code, nairaPerUnitKobo };
        }),
        delivery,
        operations: operationsFrom(stored),
        bank: store(stored, BANK_FIELDS) as Record<(typeof BANK_FIELDS)[number], string>,
        contacts: store(stored, CONTACT_FIELDS) as Record<(typeof CONTACT_FIELDS)[number], string>,
        layaway: await readLayawaySettings(db),
        pages,
      };
    },

    /** Saves one section of the screen from its form; throws a ValidationError (nothing written). */
    async save(
      actor: SettingsActor,
      section: SettingsSection,
      input: unknown,
    ): Promise<{ changed: boolean }> {
      switch (section) {
        case 'currencies': {
          const form = parseInput(CurrencyRatesInput, input);
          return change(actor, section, async (tx) => {
            const rates = await readCurrencyRates(tx);
            const before: Record<string, number> = {};
            const after: Record<string, number> = {};
            for (const code of RATE_CURRENCIES) {
              before[code] = rates.get(code) ?? 0;
              after[code] = rateFromNairaPerUnit(form[code]);
              if (before[code] !== after[code]) await writeCurrencyRate(tx, code, after[code]);
            }
            await writeSettings(
              tx,
              Object.fromEntries(RATE_CURRENCIES.map((code) => [typedRateKey(code), String(form[code])])),
            );
            return { before, after };
          });
        }
        case 'delivery': {
          const form = parseInput(DeliveryFeesInput, input);
          return change(actor, section, async (tx) => {
            const rates = await deps.delivery.list(tx);
            const stored = operationsFrom(await readSettings(tx, [KEYS.freeDeliveryFrom]));
            const before: Record<string, unknown> = { freeDeliveryFromKobo: stored.freeDeliveryFromKobo };
            const after: Record<string, unknown> = { freeDeliveryFromKobo: form.freeDeliveryFromKobo };
            for (const r of rates) before[`fee:${r.state}`] = r.feeKobo;
            for (const f of form.fees) after[`fee:${f.state}`] = f.feeKobo;
            await deps.delivery.saveFees(tx, form.fees);
            await writeSettings(tx, { [KEYS.freeDeliveryFrom]: String(form.freeDeliveryFromKobo ?? '') });
            return { before, after };
          });
        }
        case 'pay-on-delivery': {
          const states = parseInput(PayOnDeliveryInput, input);
          return change(actor, section, async (tx) => {
            const rates = await deps.delivery.list(tx);
            await deps.delivery.setPayOnDelivery(tx, states);
            return {
              before: { states: rates.filter((r) => r.payOnDelivery).map((r) => r.state) },
              after: { states },
            };
          });
        }
        case 'bank':
        case 'contacts': {
          const form: Record<string, string> =
            section === 'bank' ? parseInput(BankDetailsInput, input) : parseInput(ContactsInput, input);
          const fields = section === 'bank' ? BANK_FIELDS : CONTACT_FIELDS;
          return change(actor, section, async (tx) => {
            const before = store(
              await readSettings(
                tx,
                fields.map((f) => `store.${f}`),
              ),
              fields,
            );
            await writeSettings(tx, Object.fromEntries(fields.map((f) => [`store.${f}`, form[f] ?? ''])));
            return { before, after: Object.fromEntries(fields.map((f) => [f, form[f] ?? ''])) };
          });
        }
        case 'staff-emails': {
          const form = parseInput(StaffEmailsInput, input);
          return change(actor, section, async (tx) => {
            const before = operationsFrom(await readSettings(tx, [KEYS.staffOrderEmails])).staffOrderEmails;
            await writeSettings(tx, { [KEYS.staffOrderEmails]: JSON.stringify(form.staffOrderEmails) });
            return {
              before: { staffOrderEmails: before },
              after: { staffOrderEmails: form.staffOrderEmails },
            };
          });
        }
        case 'stock': {
          const form = parseInput(StockSettingsInput, input);
          return change(actor, section, async (tx) => {
            const now = operationsFrom(await readSettings(tx, OPERATION_KEYS));
            await writeSettings(tx, {
              [KEYS.lowStockThreshold]: String(form.lowStockThreshold),
              [KEYS.bankTransferHours]: String(form.bankTransferHours),
              [KEYS.podConfirmationHours]: String(form.podConfirmationHours),
            });
            return {
              before: {
                lowStockThreshold: now.lowStockThreshold,
                bankTransferHours: now.bankTransferHours,
                podConfirmationHours: now.podConfirmationHours,
              },
              after: { ...form },
            };
          });
        }
        case 'layaway': {
          const form = parseInput(LayawaySettingsInput, input);
          return change(actor, section, async (tx) => {
            const before = await readLayawaySettings(tx);
            await writeLayawaySettings(tx, form);
            return { before: { ...before }, after: { ...form } };
          });
        }
        case 'reminders': {
          const form = parseInput(ReminderSettingsInput, input);
          return change(actor, section, async (tx) => {
            const now = operationsFrom(await readSettings(tx, OPERATION_KEYS));
            await writeSettings(tx, { [KEYS.abandonedCartHours]: String(form.abandonedCartHours) });
            return {
              before: { abandonedCartHours: now.abandonedCartHours },
              after: { abandonedCartHours: form.abandonedCartHours },
            };
          });
        }
      }
    },

    /** When each section was last saved from the settings screen (absent: never). */
    async savedAt(): Promise<Partial<Record<SettingsSection, Date>>> {
      const stored = await readSettings(db, SETTINGS_SECTIONS.map(savedAtKey));
      const saved: Partial<Record<SettingsSection, Date>> = {};
      for (const section of SETTINGS_SECTIONS) {
        const at = new Date(stored.get(savedAtKey(section)) ?? '');
        if (!Number.isNaN(at.getTime())) saved[section] = at;
      }
      return saved;
    },

    /** The page as it would look, without saving it (the editor's Preview). */
    previewPage(input: unknown): { title: string; intro: string; html: string } {
      const form = parseInput(ContentPageInput, input);
      return { title: form.title, intro: form.intro, html: renderMarkdown(form.body) };
    },

    async savePage(actor: SettingsActor, slug: string, input: unknown): Promise<{ changed: boolean }> {
      if (!isContentPageSlug(slug)) throw new NotFoundError('There is no such page.');
      const form = parseInput(ContentPageInput, input);
      return change(actor, `page.${slug}`, async (tx) => {
        const before = await pageSource(tx, slug);
        await writeSettings(tx, { [pageKey(slug)]: JSON.stringify(form) });
        return { before: { ...before }, after: { ...form } };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
