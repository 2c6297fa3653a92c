// Reference data every shop needs, sample data or not: delivery rates per state, the categories
// and the display currencies. Loaded at every start; the sample catalogue (seed.ts, with its
// generated artwork) is imported only when an empty catalogue is to be seeded.
import { count, eq } from 'drizzle-orm';
import { CATEGORY_NAMES, CATEGORY_SLUGS } from '#core/catalog.ts';
import { DEFAULT_CURRENCIES } from '#core/money.ts';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { categories, products } from '#server/db/schema/catalog.ts';
import { deliveryRates } from '#server/db/schema/checkout.ts';
import { currencies, settings } from '#server/db/schema/content.ts';

const CATEGORY_DESCRIPTIONS: Record<(typeof CATEGORY_SLUGS)[number], string> = {
  wigs: 'Frontal, closure, 360 and glueless wigs, ready to wear.',
  bundles: 'Virgin human hair bundles from 10" to 30", in every texture.',
  'braiding-hair': 'Pre-stretched braiding hair packs in classic and ombre colours.',
  'lace-frontals': 'HD and transparent frontals and closures that melt into your skin.',
};

export function categoryRows() {
  return CATEGORY_SLUGS.map((slug, position) => ({
    slug,
    name: CATEGORY_NAMES[slug],
    description: CATEGORY_DESCRIPTIONS[slug],
    position,
  }));
}

/**
 * Whether the sample data may be loaded: the catalogue is empty and the sample data was never
 * loaded here. A shop whose samples were removed (`store.usesSampleData` is then 'false', ADR 070)
 * has an empty catalogue too, and must not get them back at its next start.
 */
export async function maySeedSampleData(q: Queryable): Promise<boolean> {
  const [row] = await q.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  const [mark] = await q
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SAMPLE_DATA_SETTING));
  return mark === undefined;
}

/** The setting the seed writes ('true') and the removal turns to 'false' (ADR 070). */
export const SAMPLE_DATA_SETTING = 'store.usesSampleData';

/** Pay on delivery where couriers collect cash: Lagos and Abuja (the admin can change it). */
const PAY_ON_DELIVERY_STATES = ['Lagos', 'FCT (Abuja)'];
const NEAR_STATES = ['Lagos', 'Ogun', 'Oyo', 'FCT (Abuja)'];

/** Minimal reference data every shop needs, sample data or not. */
export async function seedReferenceData(db: Db): Promise<void> {
  // Shipping: Free, as the spec says; fees per state are the admin's to set.
  await db
    .insert(deliveryRates)
    .values(
      NIGERIAN_STATES.map((state) => ({
        state,
        feeKobo: 0,
        payOnDelivery: PAY_ON_DELIVERY_STATES.includes(state),
        etaDaysMin: state === 'Lagos' ? 1 : NEAR_STATES.includes(state) ? 2 : 3,
        etaDaysMax: state === 'Lagos' ? 2 : NEAR_STATES.includes(state) ? 4 : 7,
      })),
    )
    .onConflictDoNothing({ target: deliveryRates.state });
  await db.insert(categories).values(categoryRows()).onConflictDoNothing();
  await db
    .insert(currencies)
    .values(
      DEFAULT_CURRENCIES.map((c, position) => ({ code: c.code, symbol: c.symbol, rate: c.rate, position })),
    )
    .onConflictDoNothing();
}
