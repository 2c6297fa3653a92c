// The seed's inverse (ADR 070): counts and removes the sample data, known only by the mark the
// seed writes on every top-level row it makes (`sample`, migration 0021), never by an address or
// a name. Children go with their parents (foreign keys' ON DELETE CASCADE, and explicitly where a
// key only sets null). One transaction; the files of pictures nothing refers to any more are
// removed after it commits. Real rows made since the demo stay: a sample product that a real order
// contains is archived, not deleted, so the order keeps its lines and pictures.
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '#server/db/client.ts';
import { ConflictError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { BlobStorage } from '#server/platform/storage.ts';

/** Serialises removal with the seed (seed.ts's SEED_LOCK_ID) and with another removal. */
const SEED_LOCK_ID = 7_310_001;

/** The kinds of sample rows, as `sampleDataStatus` counts them and the removal reports them. */
export const SAMPLE_KINDS = [
  'customers',
  'orders',
  'reviews',
  'tickets',
  'subscribers',
  'products',
  'slides',
  'banners',
  'pictures',
] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

/** What each kind is called in a sentence ("36 customers"). */
export const SAMPLE_KIND_WORDS: Record<string, string> = {
  customers: 'sample customers (with their sessions, carts and saved products)',
  orders: 'sample orders (with their lines, payments and history)',
  reviews: 'sample reviews',
  tickets: 'sample support tickets',
  subscribers: 'sample newsletter subscribers',
  mail: 'emails to sample customers (outbox and mailbox)',
  products: 'sample products (with their variants and photos)',
  productsArchived: 'sample products archived because a real order contains them',
  productsKept: 'sample products kept as your catalogue',
  slides: 'sample hero slides',
  banners: 'sample popup banners',
  pictures: 'sample pictures',
  files: 'picture and photo files',
};

const TABLE_OF: Record<SampleKind, string> = {
  customers: 'users',
  orders: 'orders',
  reviews: 'reviews',
  tickets: 'support_tickets',
  subscribers: 'newsletter_subscribers',
  products: 'products',
  slides: 'hero_slides',
  banners: 'popup_banners',
  pictures: 'media',
};

export interface SampleDataStatus {
  /** Sample rows left, all kinds together (0: nothing to remove, or the shop never had any). */
  remaining: number;
  byKind: Record<SampleKind, number>;
}

/** How many sample rows remain, per kind. */
export async function sampleDataStatus(db: Queryable): Promise<SampleDataStatus> {
  const [row] = await queryRows<Record<SampleKind, number>>(
    db,
    sql.raw(
      `SELECT ${SAMPLE_KINDS.map((k) => `(SELECT count(*)::int FROM "${TABLE_OF[k]}" WHERE sample) AS "${k}"`).join(', ')}`,
    ),
  );
  const byKind = Object.fromEntries(SAMPLE_KINDS.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<
    SampleKind,
    number
  >;
  return { remaining: Object.values(byKind).reduce((a, b) => a + b, 0), byKind };
}

/** Refused while the shop is still a demo shop: take it over first (ADR 070). */
export class DemoStillOnError extends ConflictError {
  constructor() {
    super(
      'The shop is still a demo shop: take it over first (npm run admin:create, or start it with ADMIN_EMAIL), then remove the sample data.',
    );
  }
}

export interface RemovedSampleData {
  /** Rows (and files) removed or changed, by kind (SAMPLE_KIND_WORDS names them). */
  removed: Record<string, number>;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** `= ANY(...)` of a list, travelling as one JSON parameter (the same on PGlite and pg). */
const anyInt = (list: number[]) =>
  sql`ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)::int))`;
const anyText = (list: string[]) =>
  sql`ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)))`;

/**
 * Deletes every sample row in one transaction, then the files of the pictures that went with them
 * (only those no remaining row refers to). `keepCatalogue`: the sample products stay, as the
 * owner's (their mark and invented sales figures cleared). Refused (DemoStillOnError) while demo
 * mode has not ended and there is something to remove. Running it again removes nothing.
 * `record` runs inside the transaction (the audit entry of the staff member who asked).
 */
export async function removeSampleData(
  deps: {
    db: Db;
    storage: BlobStorage;
    log?: Logger;
    record?: (tx: Queryable, removed: Record<string, number>) => Promise<unknown>;
  },
  options: { keepCatalogue: boolean },
): Promise<RemovedSampleData> {
  const { db, storage } = deps;
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const status = await sampleDataStatus(tx);
    const removed: Record<string, number> = {};
    const files: string[] = [];
    const [demo] = await queryRows<{ ended: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM settings WHERE key = 'demo.endedAt') AS ended`,
    );
    if (status.remaining > 0) {
      if (!demo?.ended) throw new DemoStillOnError();
      await removeRows(tx, options, removed, files);
    }
    // The shop no longer runs on the sample data. Only once taken over: the setting is half of
    // demo mode (demo-mode.ts), which ends by the take-over, never by clearing it behind its back.
    if (demo?.ended)
      await tx.execute(
        sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'false')
            ON CONFLICT (key) DO UPDATE SET value = 'false', updated_at = now()
            WHERE settings.value <> 'false'`,
      );
    const anything = Object.values(removed).some((n) => n > 0);
    if (anything) await deps.record?.(tx, removed);
    return { removed, files };
  });

  // After the commit: the files of pictures whose rows went (originals and every rendition), and
  // the private photos of the deleted tickets. A failure leaves a file nothing refers to.
  let gone = 0;
  for (const key of outcome.files) {
    try {
      await storage.remove?.(key);
      gone += 1;
    } catch (error) {
      deps.log?.warn({ err: error, key }, 'sample data: a file could not be removed');
    }
  }
  if (outcome.files.length > 0) outcome.removed.files = gone;
  return { removed: outcome.removed };
}

async function removeRows(
  tx: Queryable,
  options: { keepCatalogue: boolean },
  removed: Record<string, number>,
  files: string[],
): Promise<void> {
  const count = (kind: string, n: number) => {
    if (n > 0) removed[kind] = (removed[kind] ?? 0) + n;
  };
  // Pictures that may go: the sample ones, and those the deleted rows showed (checked at the end).
  const mayGo = new Set<string>();
  const noteMedia = (rows: { media_id: string | null }[]) => {
    for (const r of rows) if (r.media_id) mayGo.add(r.media_id);
  };

  // The addresses of what is sample, for the mail written to them (compared at the end with the
  // addresses real rows still hold).
  const sampleAddresses = await queryRows<{ address: string }>(
    tx,
    sql`SELECT lower(email) AS address FROM users WHERE sample
        UNION SELECT lower(email) FROM orders WHERE sample
        UNION SELECT lower(email) FROM support_tickets WHERE sample
        UNION SELECT lower(email) FROM newsletter_subscribers WHERE sample`,
  );
  const sampleUsers = ids(await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE sample`));

  // Reviews (their photos cascade; the product's rating is kept by the trigger of migration 0012).
  noteMedia(
    await queryRows(
      tx,
      sql`SELECT p.media_id FROM review_photos p JOIN reviews r ON r.id = p.review_id
          WHERE r.sample OR r.user_id = ${anyInt(sampleUsers)}`,
    ),
  );
  count(
    'reviews',
    (
      await queryRows(
        tx,
        sql`DELETE FROM reviews WHERE sample OR user_id = ${anyInt(sampleUsers)} RETURNING id`,
      )
    ).length,
  );

  // Support tickets (messages and links cascade; their private photos are files in storage).
  const ticketPhotos = await queryRows<{ photo_key: string }>(
    tx,
    sql`SELECT m.photo_key FROM support_messages m JOIN support_tickets t ON t.id = m.ticket_id
        WHERE t.sample AND m.photo_key IS NOT NULL`,
  );
  files.push(...ticketPhotos.map((p) => p.photo_key));
  count('tickets', (await queryRows(tx, sql`DELETE FROM support_tickets WHERE sample RETURNING id`)).length);

  // Orders: the promo uses they took are given back to their codes; lines, history, notes,
  // payments and redemptions cascade; the dashboard's roll-ups follow by their triggers (0009).
  await tx.execute(
    sql`UPDATE discounts d SET used_count = greatest(0, d.used_count - r.n)
        FROM (SELECT dr.discount_id, count(*)::int AS n FROM discount_redemptions dr
              JOIN orders o ON o.id = dr.order_id WHERE o.sample GROUP BY dr.discount_id) r
        WHERE d.id = r.discount_id`,
  );
  // The sandbox's ledger of refunds of those orders (their refunds cascade with them; ADR 097).
  await tx.execute(
    sql`DELETE FROM sandbox_refunds WHERE transaction_reference IN
          (SELECT p.reference FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.sample)`,
  );
  await tx.execute(
    sql`DELETE FROM sandbox_transactions WHERE reference IN
          (SELECT p.reference FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.sample)`,
  );
  count('orders', (await queryRows(tx, sql`DELETE FROM orders WHERE sample RETURNING id`)).length);
  // Their receipts went with them (ADR 098): a year left with no receipt starts again at 1.
  await tx.execute(
    sql`DELETE FROM receipt_counters c WHERE NOT EXISTS (SELECT 1 FROM receipts r WHERE r.year = c.year)`,
  );

  // Subscribers (their campaign deliveries cascade; campaigns stay: the seed writes none).
  count(
    'subscribers',
    (await queryRows(tx, sql`DELETE FROM newsletter_subscribers WHERE sample RETURNING id`)).length,
  );

  // Customers: sessions, tokens, carts, saved products and second factors cascade; their
  // back-in-stock requests would only lose the account, so they go explicitly.
  await tx.execute(sql`DELETE FROM back_in_stock_requests WHERE user_id = ${anyInt(sampleUsers)}`);
  count('customers', (await queryRows(tx, sql`DELETE FROM users WHERE sample RETURNING id`)).length);

  // The mailbox's and the outbox's mail to those addresses, unless a real row still holds one.
  const addresses = sampleAddresses.map((a) => a.address);
  if (addresses.length > 0) {
    const stillReal = sql`(SELECT lower(email) FROM users UNION SELECT lower(email) FROM orders
        UNION SELECT lower(email) FROM support_tickets UNION SELECT lower(email) FROM newsletter_subscribers)`;
    const mailbox = await queryRows(
      tx,
      sql`DELETE FROM mailbox_messages WHERE lower(to_address) = ${anyText(addresses)}
          AND lower(to_address) NOT IN ${stillReal} RETURNING id`,
    );
    const outbox = await queryRows(
      tx,
      sql`DELETE FROM mail_outbox WHERE lower(to_address) = ${anyText(addresses)}
          AND lower(to_address) NOT IN ${stillReal} RETURNING id`,
    );
    count('mail', mailbox.length + outbox.length);
  }

  // Hero slides and popups the seed made.
  const slides = await queryRows<{ media_id: string }>(
    tx,
    sql`DELETE FROM hero_slides WHERE sample RETURNING media_id`,
  );
  count('slides', slides.length);
  noteMedia(slides);
  const banners = await queryRows<{ media_id: string | null }>(
    tx,
    sql`DELETE FROM popup_banners WHERE sample RETURNING media_id`,
  );
  count('banners', banners.length);
  noteMedia(banners);

  // The catalogue.
  if (options.keepCatalogue) {
    // Kept as the owner's: no longer sample, and without the seed's invented sales figures
    // (they make "best seller" badges).
    count(
      'productsKept',
      (
        await queryRows(
          tx,
          sql`UPDATE products SET sample = false, sales_count = 0 WHERE sample RETURNING id`,
        )
      ).length,
    );
  } else {
    // A sample product a real order contains is archived (off the shop, kept for the order).
    count(
      'productsArchived',
      (
        await queryRows(
          tx,
          sql`UPDATE products SET sample = false, status = 'archived', sales_count = 0, updated_at = now()
              WHERE sample AND id IN (SELECT product_id FROM order_lines WHERE product_id IS NOT NULL)
              RETURNING id`,
        )
      ).length,
    );
    noteMedia(
      await queryRows(
        tx,
        sql`SELECT i.media_id FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.sample`,
      ),
    );
    // Variants, images, saved products, cart lines and back-in-stock requests cascade.
    count('products', (await queryRows(tx, sql`DELETE FROM products WHERE sample RETURNING id`)).length);
  }

  // Pictures: the sample ones and those the deleted rows showed go when nothing left refers to
  // them. A category whose picture goes shows its newest remaining product's first photo instead.
  for (const r of await queryRows<{ id: string }>(tx, sql`SELECT id FROM media WHERE sample`))
    mayGo.add(r.id);
  const candidates = [...mayGo];
  if (candidates.length > 0) {
    await tx.execute(
      sql`UPDATE categories c SET image_id = (
            SELECT i.media_id FROM products p JOIN product_images i ON i.product_id = p.id
            WHERE p.category_slug = c.slug AND p.status = 'active' AND NOT (i.media_id = ${anyText(candidates)})
            ORDER BY p.created_at DESC, p.id DESC, i.position, i.id LIMIT 1)
          WHERE c.image_id = ${anyText(candidates)}`,
    );
    const gone = await queryRows<{ id: string; storage_key: string }>(
      tx,
      sql`DELETE FROM media m WHERE m.id = ${anyText(candidates)}
            AND NOT EXISTS (SELECT 1 FROM product_images WHERE media_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM hero_slides WHERE media_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM popup_banners WHERE media_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM review_photos WHERE media_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM categories WHERE image_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM order_lines WHERE image_id = m.id)
          RETURNING m.id, m.storage_key`,
    );
    count('pictures', gone.length);
    for (const m of gone) files.push(m.storage_key, `renditions/${m.id}`);
  }
  // A sample picture still shown by a real row (a kept or archived product) is the owner's now.
  await tx.execute(sql`UPDATE media SET sample = false WHERE sample`);

  // The dashboard's roll-ups were kept right by their triggers; days left at zero are tidied away.
  await tx.execute(
    sql`DELETE FROM order_daily_totals WHERE revenue_kobo = 0 AND paid_orders = 0 AND orders = 0 AND pending_orders = 0`,
  );
  await tx.execute(sql`DELETE FROM product_daily_sales WHERE units = 0 AND revenue_kobo = 0`);
  await tx.execute(sql`DELETE FROM product_monthly_sales WHERE units = 0 AND revenue_kobo = 0`);
}
