// The test factories build honest data: an order from createOrder is one a shopper could have
// placed (totals, stock, promo use, history) and reaches its status only by allowed steps.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder, pathBetween } from '#tests/factories/orders.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import { variantStock } from '#tests/helpers/rows.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const historyOf = async (orderId: number) =>
  (
    await queryRows<{ status: string; note: string }>(
      shop.database.db,
      sql`SELECT status, note FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    )
  ).map((h) => h.status);

describe('pathBetween', () => {
  it('walks the allowed transitions, paying first when a card order waits for its money', () => {
    expect(pathBetween('placed', 'delivered')).toEqual(['confirmed', 'packaged', 'shipped', 'delivered']);
    expect(pathBetween('awaiting_transfer', 'packaged')).toEqual(['confirmed', 'packaged']);
    expect(pathBetween('pending_payment', 'shipped')).toEqual(['placed', 'confirmed', 'packaged', 'shipped']);
    expect(pathBetween('pending_payment', 'cancelled')).toEqual(['cancelled']);
    expect(pathBetween('placed', 'placed')).toEqual([]);
    expect(pathBetween('delivered', 'placed')).toBeNull();
    expect(pathBetween('placed', 'payment_failed')).toBeNull();
  });
});

describe('createOrder', () => {
  it('places a pay-on-delivery order through checkout: the stock is taken, the totals are the prices', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 3_000_000, stock: 5 }] });
    const variantId = product.variants[0]!.id;
    const { order, reference, lines } = await createOrder(shop, { lines: [{ variantId, quantity: 2 }] });
    expect(order.status).toBe('placed');
    expect(order.paymentMethod).toBe('pay_on_delivery');
    expect(order.subtotalKobo).toBe(6_000_000);
    expect(order.totalKobo).toBe(order.subtotalKobo - order.discountKobo + order.deliveryFeeKobo);
    expect(reference).toBe(`${order.trackingNumber}-POD`);
    expect(lines).toEqual([{ variantId, quantity: 2 }]);
    expect(await variantStock(shop.database.db, variantId)).toBe(3);
  });

  it("is a signed-in shopper's order when given the account, of exactly the lines given", async () => {
    const user = await createUser(shop.database.db);
    const leftover = await createProduct(shop.database.db);
    await shop.services.cart.add(
      { userId: user.id, email: user.email },
      { variantId: leftover.variants[0]!.id },
    );
    const { order } = await createOrder(shop, { account: user, paymentMethod: 'bank_transfer' });
    expect(order.userId).toBe(user.id);
    expect(order.email).toBe(user.email);
    expect(order.status).toBe('awaiting_transfer');
    const lines = await queryRows<{ variant_id: number }>(
      shop.database.db,
      sql`SELECT variant_id FROM order_lines WHERE order_id = ${order.id}`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.variant_id).not.toBe(leftover.variants[0]!.id);
  });

  it('takes a promo code the way the cart does, and uses it once', async () => {
    const promo = await createPromoCode(shop.database.db, { value: 20 });
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 1_000_000 }] });
    const { order } = await createOrder(shop, {
      lines: [{ variantId: product.variants[0]!.id }],
      promoCode: promo.code.toLowerCase(),
    });
    expect(order.promoCode).toBe(promo.code);
    expect(order.discountKobo).toBe(200_000);
    const [row] = await queryRows<{ used_count: number }>(
      shop.database.db,
      sql`SELECT used_count FROM discounts WHERE id = ${promo.id}`,
    );
    expect(row!.used_count).toBe(1);
  });

  it('moves the order along the allowed steps as staff, each one in the history', async () => {
    const { order } = await createOrder(shop, { status: 'delivered' });
    expect(order.status).toBe('delivered');
    expect(await historyOf(order.id)).toEqual(['placed', 'confirmed', 'packaged', 'shipped', 'delivered']);
  });

  it('pays a card order on the sandbox before staff move it on; or lets the payment fail', async () => {
    const paid = await createOrder(shop, { paymentMethod: 'online', status: 'confirmed' });
    expect(paid.order.status).toBe('confirmed');
    expect(paid.order.paidAt).not.toBeNull();
    expect(await historyOf(paid.order.id)).toEqual(['pending_payment', 'placed', 'confirmed']);

    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const variantId = product.variants[0]!.id;
    const failed = await createOrder(shop, {
      paymentMethod: 'online',
      lines: [{ variantId }],
      status: 'payment_failed',
    });
    expect(failed.order.status).toBe('payment_failed');
    expect(await variantStock(shop.database.db, variantId)).toBe(4);
  });

  it('applies the exact steps given, with their notes; cancelling puts the stock back once', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const variantId = product.variants[0]!.id;
    const { order } = await createOrder(shop, {
      lines: [{ variantId }],
      steps: [
        { status: 'confirmed', note: 'Checked by phone' },
        { status: 'cancelled', note: 'Changed her mind' },
      ],
    });
    expect(order.status).toBe('cancelled');
    expect(await variantStock(shop.database.db, variantId)).toBe(3);
    const notes = await queryRows<{ note: string }>(
      shop.database.db,
      sql`SELECT note FROM order_status_history WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(notes.map((n) => n.note).slice(1)).toEqual(['Checked by phone', 'Changed her mind']);
  });

  it('refuses a status no allowed path reaches', async () => {
    await expect(
      createOrder(shop, { paymentMethod: 'bank_transfer', status: 'payment_failed' }),
    ).rejects.toThrow(/no allowed way/);
  });
});
