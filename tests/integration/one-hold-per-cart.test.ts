// One cart holds at most one unpaid order (ADR 049): a shopper who leaves the payment page and
// checks out again from the same cart replaces the order they left — it is cancelled with its
// history row and email, its units and promo use go back once — so they never hold the stock
// twice. Two checkouts of one cart at once leave one unpaid order; a retried payment of an older
// order replaces the newer one. Through HTTP, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { REPLACED_NOTE } from '#server/modules/orders/orders.service.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, pathOf, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let address = 0;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

/** A guest's browser from an address of its own (the checkout limits are another test's). */
function shopper(): TestClient {
  address += 1;
  return new TestClient(shop.app, { remoteAddress: `10.77.${address >> 8}.${address & 255}` });
}

const stockOf = (variantId: number) => variantStock(shop.database.db, variantId);

interface OrderState {
  tracking_number: string;
  status: string;
  released: boolean;
  cart_id: number | null;
}

/** Every order holding or having held this variant, oldest first. */
async function ordersOf(variantId: number): Promise<OrderState[]> {
  return queryRows<OrderState>(
    shop.database.db,
    sql`SELECT o.tracking_number, o.status, o.stock_released_at IS NOT NULL AS released, o.cart_id
        FROM orders o WHERE EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.variant_id = ${variantId})
        ORDER BY o.id`,
  );
}

async function historyOf(trackingNumber: string): Promise<{ status: string; note: string }[]> {
  return queryRows(
    shop.database.db,
    sql`SELECT h.status, h.note FROM order_status_history h JOIN orders o ON o.id = h.order_id
        WHERE o.tracking_number = ${trackingNumber} ORDER BY h.id`,
  );
}

/** Orders of this variant still holding stock while unpaid: at most one per cart. */
const unpaidHolds = async (variantId: number) =>
  (await ordersOf(variantId)).filter((o) => o.status === 'pending_payment' && !o.released);

describe('checking out again from the same cart', () => {
  it('replaces the unpaid card order: cancelled with its history and email, its stock back once', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 5 }] })).variants[0]!.id;
    const client = shopper();
    await addToCart(client, variantId, 2);
    const email = `again-${address}@example.ng`;
    const first = await placeOrder(client, checkoutForm({ email }));
    expect(first.next).toMatch(/^\/pay\/sandbox\//);
    expect(await stockOf(variantId)).toBe(3);

    // Back from the payment page: the cart still holds the items; check out again.
    const second = await placeOrder(client, checkoutForm({ email }));
    expect(second.reference).not.toBe(first.reference);
    expect(await stockOf(variantId)).toBe(3);
    const [old, current] = await ordersOf(variantId);
    expect(old).toMatchObject({ status: 'cancelled', released: true });
    expect(current).toMatchObject({ status: 'pending_payment', released: false });
    expect(old!.cart_id).toBe(current!.cart_id);
    expect(await historyOf(old!.tracking_number)).toEqual([
      { status: 'pending_payment', note: 'Waiting for payment.' },
      { status: 'cancelled', note: REPLACED_NOTE },
    ]);
    const mails = await shop.mailTo(email);
    expect(
      mails.some((m) => m.subject.includes(old!.tracking_number) && m.textBody.includes('replaced')),
    ).toBe(true);

    // The old order cannot be paid any more; the expiry sweep finds nothing of it to give back.
    const retry = await client.post('/payment-canceled', { reference: first.reference });
    expect(pathOf(retry)).toBe('/checkout');
    await shop.database.db.execute(sql`UPDATE orders SET reserved_until = now() - interval '1 second'`);
    await shop.services.payments.expireReservations();
    expect(await stockOf(variantId)).toBe(5);
    expect((await ordersOf(variantId)).map((o) => o.status)).toEqual(['cancelled', 'payment_failed']);
  });

  it('lets the shopper have the last unit their own unpaid order holds', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 1 }] })).variants[0]!.id;
    const client = shopper();
    await addToCart(client, variantId, 1);
    await placeOrder(client, checkoutForm());
    expect(await stockOf(variantId)).toBe(0);
    // The shelf reads 0, but the unit is held by this very cart's order: not "sold out".
    const again = await placeOrder(client, checkoutForm({ paymentMethod: 'bank_transfer' }));
    expect(again.next).toMatch(/^\/payment-success\?reference=CH\d+-BT$/);
    expect(await stockOf(variantId)).toBe(0);
    expect((await ordersOf(variantId)).map((o) => o.status)).toEqual(['cancelled', 'awaiting_transfer']);
    // Someone else's cart is still refused: the unit is theirs now.
    const other = shopper();
    await shop.database.db.execute(sql`UPDATE product_variants SET stock = 1 WHERE id = ${variantId}`);
    await addToCart(other, variantId, 1);
    await shop.database.db.execute(sql`UPDATE product_variants SET stock = 0 WHERE id = ${variantId}`);
    const refused = await other.post('/checkout', checkoutForm());
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('sold out');
  });

  it('gives the promo use back before the new order takes it', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const promo = await createPromoCode(shop.database.db, { usageLimit: 1 });
    const client = shopper();
    await addToCart(client, product.variants[0]!.id, 1);
    await client.post('/cart', { intent: 'promo', code: promo.code });
    await placeOrder(client, checkoutForm());
    await placeOrder(client, checkoutForm());
    const [row] = await queryRows<{ used_count: number }>(
      shop.database.db,
      sql`SELECT used_count FROM discounts WHERE id = ${promo.id}`,
    );
    expect(row!.used_count).toBe(1);
    expect((await ordersOf(product.variants[0]!.id)).map((o) => o.status)).toEqual([
      'cancelled',
      'pending_payment',
    ]);
  });

  it('leaves other carts’ unpaid orders alone, and keeps offline orders (their cart was emptied)', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 10 }] })).variants[0]!.id;
    const a = shopper();
    const b = shopper();
    await addToCart(a, variantId, 1);
    await addToCart(b, variantId, 1);
    await placeOrder(a, checkoutForm());
    await placeOrder(b, checkoutForm());
    expect(await unpaidHolds(variantId)).toHaveLength(2);
    // Paying on delivery instead replaces the card order too (the cart now holds 2), and empties
    // the cart; the next checkout from it is a new order beside the pay-on-delivery one.
    await addToCart(a, variantId, 1);
    await placeOrder(a, checkoutForm({ paymentMethod: 'pay_on_delivery' }));
    await addToCart(a, variantId, 1);
    await placeOrder(a, checkoutForm());
    expect((await ordersOf(variantId)).map((o) => o.status)).toEqual([
      'cancelled',
      'pending_payment',
      'placed',
      'pending_payment',
    ]);
    // b's 1, the pay-on-delivery order's 2 and a's new card order's 1.
    expect(await stockOf(variantId)).toBe(6);
  });

  it('a retried payment of an older order replaces the newer one', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 4 }] })).variants[0]!.id;
    const client = shopper();
    await addToCart(client, variantId, 2);
    const first = await placeOrder(client, checkoutForm());
    // Cancelled on the payment page: its units go back (a retry takes them again).
    expect(await sandboxPay(client, first.reference, 'cancel')).toMatch(/^\/payment-canceled/);
    await client.get(`/payment-canceled?reference=${encodeURIComponent(first.reference)}`);
    expect(await stockOf(variantId)).toBe(4);
    await placeOrder(client, checkoutForm());
    expect(await stockOf(variantId)).toBe(2);
    // "Try Payment Again" on the first one: it waits for payment again, and the second ends.
    const retried = await client.post('/payment-canceled', { reference: first.reference });
    expect(pathOf(retried)).toMatch(/^\/pay\/sandbox\//);
    expect((await ordersOf(variantId)).map((o) => o.status)).toEqual(['pending_payment', 'cancelled']);
    expect(await unpaidHolds(variantId)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(2);
  });
});

describe('racing checkouts of one cart', () => {
  it('leaves one unpaid order and the stock held once, however many race', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 20 }] })).variants[0]!.id;
    const client = shopper();
    await addToCart(client, variantId, 3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/checkout', checkoutForm())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(302));
    const orders = await ordersOf(variantId);
    expect(orders).toHaveLength(6);
    expect(await unpaidHolds(variantId)).toHaveLength(1);
    expect(orders.filter((o) => o.status === 'cancelled' && o.released)).toHaveLength(5);
    expect(await stockOf(variantId)).toBe(17);
    const [history] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM order_status_history h JOIN orders o ON o.id = h.order_id
          JOIN order_lines l ON l.order_id = o.id WHERE l.variant_id = ${variantId} AND h.status = 'cancelled'`,
    );
    expect(history!.n).toBe(5);
  });

  it('a racing retried payment and a new checkout of one cart leave one unpaid order', async () => {
    const variantId = (await createProduct(shop.database.db, { variants: [{ stock: 10 }] })).variants[0]!.id;
    const client = shopper();
    await addToCart(client, variantId, 2);
    const first = await placeOrder(client, checkoutForm());
    await sandboxPay(client, first.reference, 'cancel');
    await client.get(`/payment-canceled?reference=${encodeURIComponent(first.reference)}`);
    expect(await stockOf(variantId)).toBe(10);
    await Promise.all([
      client.post('/payment-canceled', { reference: first.reference }),
      client.post('/checkout', checkoutForm()),
      client.post('/checkout', checkoutForm()),
    ]);
    expect(await unpaidHolds(variantId)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(8);
  });
});
