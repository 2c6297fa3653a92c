// The crash drill's checks can fail (ADR 051): a sound shop passes them; a half-written order, a unit
// of stock gone, a payment applied twice, an email queued twice and a hold left past its time are
// each reported, in words.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '#server/db/schema/catalog.ts';
import { orderLines, orders } from '#server/db/schema/orders.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { crashProblems, finalProblems, stockByVariant } from '#tests/helpers/crash-checks.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe("the crash drill's checks", () => {
  it('pass a sound shop and name each kind of damage', async () => {
    const db = shop.database.db;
    const product = await createProduct(db, { variants: [{ stock: 10 }, { stock: 10 }] });
    const [first, second] = product.variants.map((v) => v.id) as [number, number];
    const start = await stockByVariant(db);
    const placed = await createOrder(shop, { lines: [{ variantId: first, quantity: 2 }] });
    const other = await createOrder(shop, { lines: [{ variantId: second, quantity: 1 }] });
    await shop.deliverMail();
    expect(await crashProblems(db, start)).toEqual([]);
    expect(await finalProblems(db, start)).toEqual([]);

    // A unit of stock vanishes.
    await db.update(productVariants).set({ stock: sql`stock - 1` }).where(eq(productVariants.id, first));
    // An order loses its lines (half written).
    await db.delete(orderLines).where(eq(orderLines.orderId, other.order.id));
    // The order email is queued twice; a second "placed" entry says it was applied twice.
    await db.execute(
      sql`INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body)
          SELECT template, to_address, subject, text_body, html_body FROM mail_outbox
          WHERE template = 'order-placed' AND subject LIKE ${`%${placed.trackingNumber}%`}`,
    );
    await db.execute(
      sql`INSERT INTO order_status_history (order_id, status, note) VALUES (${placed.order.id}, 'placed', 'again')`,
    );
    // A pay-on-delivery hold runs out and nothing ends it.
    await db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 hour'` })
      .where(eq(orders.id, placed.order.id));

    const problems = await crashProblems(db, start);
    expect(problems.join('\n')).toMatch(/variant \d+: 7 on sale \+ 2 held or sold = 9, expected 10/);
    expect(problems.join('\n')).toContain(`order ${other.trackingNumber} has no lines`);
    expect(problems.join('\n')).toContain(
      `order ${placed.trackingNumber} (placed, pay_on_delivery) has 2 order emails queued`,
    );
    expect(problems.join('\n')).toContain(
      `order ${placed.trackingNumber} (placed, pay_on_delivery) was placed/paid 2 times`,
    );
    const final = await finalProblems(db, start);
    expect(final.join('\n')).toContain(
      `order ${placed.trackingNumber} (placed) still holds its stock past its time`,
    );
    expect(final.join('\n')).toMatch(/email \d+ \(order-placed\) is pending, not delivered/);
  });
});
