// Writes the sample customers, their year of orders and their reviews (sample-customers.ts,
// sample-orders.ts, sample-reviews.ts) into a freshly seeded catalogue, in the seed's transaction, with a few multi-row inserts.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { newsletterSubscribers } from '#server/db/schema/content.ts';
import { discountRedemptions, orderLines, orderStatusHistory, orders } from '#server/db/schema/orders.ts';
import { payments } from '#server/db/schema/payments.ts';
import { discounts } from '#server/db/schema/promotions.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { supportMessages, supportTickets } from '#server/db/schema/support.ts';
import { receiptNumbering } from '#server/modules/orders/orders.service.ts';
import { insertMany } from './bulk-insert.ts';
import { SAMPLE_PASSWORD_HASH, sampleCustomers } from './sample-customers.ts';
import { type SamplePromo, type SampleVariant, sampleOrders } from './sample-orders.ts';
import { sampleReviews } from './sample-reviews.ts';
import { sampleTickets } from './sample-tickets.ts';

/** Rows per INSERT (one JSON parameter each; bounded so a statement stays a few hundred KB). */
const CHUNK = 2_000;

async function inChunks<T>(rows: readonly T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

/** The seeded variants as the orders need them (first picture, category, product's sales). */
export async function sampleVariants(q: Queryable): Promise<SampleVariant[]> {
  const rows = await queryRows<{
    id: number;
    product_id: number;
    name: string;
    category_slug: string;
    sku: string;
    options: Record<string, string>;
    price_kobo: number;
    image_id: string | null;
    sales_count: number;
  }>(
    q,
    sql`SELECT v.id, v.product_id, p.name, p.category_slug, v.sku, v.options, v.price_kobo, p.sales_count,
               (SELECT pi.media_id FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image_id
        FROM product_variants v JOIN products p ON p.id = v.product_id
        ORDER BY v.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.name,
    categorySlug: r.category_slug,
    sku: r.sku,
    options: r.options,
    priceKobo: r.price_kobo,
    imageId: r.image_id,
    sales: r.sales_count,
  }));
}

/** SAVE10 and SAVE20 if the sample promo codes are there. */
async function samplePromos(q: Queryable): Promise<SamplePromo[]> {
  const rows = await q
    .select({ id: discounts.id, code: discounts.code, value: discounts.value })
    .from(discounts)
    .where(inArray(discounts.code, ['SAVE10', 'SAVE20']))
    .orderBy(asc(discounts.code));
  return rows.map((r) => ({ id: r.id, code: r.code, percent: r.value }));
}

/**
 * Adds the sample customers and orders (call inside the seed's transaction, after the catalogue
 * and, when they come, the sample promo codes). Returns how many of each it wrote.
 */
export async function seedSampleCustomersAndOrders(
  q: Queryable,
  now: Date,
): Promise<{ customers: number; orders: number; reviews: number }> {
  const customers = sampleCustomers(now);
  await insertMany(
    q,
    users,
    customers.map((c) => ({
      email: c.email,
      name: c.name,
      passwordHash: SAMPLE_PASSWORD_HASH,
      role: 'customer',
      sample: true,
      emailVerifiedAt: c.emailVerifiedAt,
      phone: c.phone,
      addressStreet: c.address.street,
      addressCity: c.address.city,
      addressState: c.address.state,
      addressLandmark: c.address.landmark,
      notifyPromotions: c.notifyPromotions,
      isActive: c.isActive,
      lastSignInAt: c.lastSignInAt,
      passwordChangedAt: c.createdAt,
      createdAt: c.createdAt,
      updatedAt: c.lastSignInAt ?? c.createdAt,
    })),
    { skipConflicts: true },
  );
  // The accounts written now (an address someone already had is left alone: not a buyer here).
  const inserted = await q
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          customers.map((c) => c.email),
        ),
        eq(users.passwordHash, SAMPLE_PASSWORD_HASH),
      ),
    );
  const idOf = new Map(inserted.map((u) => [u.email, u.id]));
  // Customers who chose promotional emails are newsletter subscribers once their address is
  // verified (ADR 036: the box is the subscription; an unverified one joins when it is confirmed).
  await insertMany(
    q,
    newsletterSubscribers,
    customers.flatMap((c) =>
      idOf.has(c.email) && c.notifyPromotions && c.emailVerifiedAt
        ? [
            {
              email: c.email,
              source: 'account',
              sample: true,
              createdAt: c.emailVerifiedAt,
              confirmedAt: c.emailVerifiedAt,
              unsubscribeToken: randomBytes(24).toString('base64url'),
            },
          ]
        : [],
    ),
    { skipConflicts: true },
  );

  const list = sampleOrders({
    now,
    variants: await sampleVariants(q),
    buyers: customers.flatMap((c, index) => (idOf.has(c.email) ? [{ ...c, index }] : [])),
    promos: await samplePromos(q),
  });
  if (list.length === 0) return { customers: inserted.length, orders: 0, reviews: 0 };

  await inChunks(list, CHUNK, (chunk) =>
    insertMany(
      q,
      orders,
      chunk.map(({ lines: _l, history: _h, payment: _p, redeemed: _r, customerIndex, ...o }) => ({
        ...o,
        sample: true,
        userId: customerIndex === null ? null : (idOf.get(customers[customerIndex]!.email) ?? null),
      })),
    ),
  );
  const written = await q
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(like(orders.idempotencyKey, 'sample-order-%'));
  const orderIds = new Map(written.map((r) => [r.trackingNumber, r.id]));
  const idFor = (o: (typeof list)[number]) => orderIds.get(o.trackingNumber)!;

  await inChunks(
    list.flatMap((o) => o.lines.map((l) => ({ ...l, orderId: idFor(o) }))),
    CHUNK,
    (chunk) => insertMany(q, orderLines, chunk),
  );
  await inChunks(
    list.flatMap((o) => o.history.map((h) => ({ ...h, orderId: idFor(o) }))),
    CHUNK,
    (chunk) => insertMany(q, orderStatusHistory, chunk),
  );
  await inChunks(
    list.map((o) => ({ ...o.payment, orderId: idFor(o), currency: 'NGN' })),
    CHUNK,
    (chunk) => insertMany(q, payments, chunk),
  );

  // The paid orders' receipts, numbered by the same counters as a payment's (ADR 098).
  await receiptNumbering.issueForOrders(
    q,
    list.flatMap((o) => (o.paidAt ? [{ orderId: idFor(o), at: o.paidAt }] : [])),
  );

  // The promo uses still taken: one redemption each, and the codes' counts to match.
  const redeemed = list.filter((o) => o.redeemed && o.discountId !== null);
  if (redeemed.length > 0) {
    await insertMany(
      q,
      discountRedemptions,
      redeemed.map((o) => ({
        discountId: o.discountId!,
        orderId: idFor(o),
        userId: o.customerIndex === null ? null : (idOf.get(customers[o.customerIndex]!.email) ?? null),
        email: o.email,
        createdAt: o.createdAt,
      })),
    );
    const uses = new Map<number, number>();
    for (const o of redeemed) uses.set(o.discountId!, (uses.get(o.discountId!) ?? 0) + 1);
    for (const [id, n] of uses)
      await q
        .update(discounts)
        .set({ usedCount: sql`${discounts.usedCount} + ${n}` })
        .where(eq(discounts.id, id));
  }

  const sampleReviewRows = sampleReviews({
    now,
    orders: list,
    customerName: (index) => customers[index]!.name,
  });
  await inChunks(sampleReviewRows, CHUNK, (chunk) =>
    insertMany(
      q,
      reviews,
      chunk.map((r) => ({
        productId: r.productId,
        userId: idOf.get(customers[r.customerIndex]!.email)!,
        orderId: orderIds.get(r.trackingNumber)!,
        productName: r.productName,
        authorName: r.authorName,
        rating: r.rating,
        comment: r.comment,
        status: r.status,
        reply: r.reply,
        repliedAt: r.reply ? new Date(r.createdAt.getTime() + 2 * 24 * 60 * 60 * 1000) : null,
        approvedAt: r.status === 'approved' ? new Date(r.createdAt.getTime() + 24 * 60 * 60 * 1000) : null,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
        sample: true,
      })),
    ),
  );

  // A few support tickets (some from guests, every status, some answered) for /admin/complaints.
  for (const t of sampleTickets({ now, orders: list, customerName: (index) => customers[index]!.name })) {
    const last = new Date(
      t.createdAt.getTime() + Math.max(...t.messages.map((m) => m.after)) * 60 * 60 * 1000,
    );
    const [ticket] = await q
      .insert(supportTickets)
      .values({
        reference: t.reference,
        userId: t.customerIndex === null ? null : (idOf.get(customers[t.customerIndex]!.email) ?? null),
        name: t.name,
        email: t.email,
        orderId: t.trackingNumber ? (orderIds.get(t.trackingNumber) ?? null) : null,
        subject: t.subject,
        status: t.status,
        createdAt: t.createdAt,
        updatedAt: last,
        resolvedAt: t.status === 'resolved' ? last : null,
        sample: true,
      })
      .onConflictDoNothing()
      .returning({ id: supportTickets.id });
    if (!ticket) continue;
    await insertMany(
      q,
      supportMessages,
      t.messages.map((m) => ({
        ticketId: ticket.id,
        authorKind: m.author,
        body: m.body,
        internal: m.internal ?? false,
        createdAt: new Date(t.createdAt.getTime() + m.after * 60 * 60 * 1000),
      })),
    );
  }
  return { customers: inserted.length, orders: list.length, reviews: sampleReviewRows.length };
}
