// Per-customer promo rules over HTTP (issue 29, defect 7b and 7c; ADR 063): a code refused because
// of who the shopper is gives one answer, whether the address has ordered before or has used the
// code (so checking a code does not tell which), and those rules count an address the way a
// mailbox does: case, a "+tag" and dots in a Gmail name do not make a new customer.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEmailKey } from '#core/email-identity.ts';
import { refusalMessage } from '#core/promotions.ts';
import { queryRows } from '#server/db/client.ts';
import { emailKeySql } from '#server/modules/promotions/promotions.repository.ts';
import { seedSampleDiscounts } from '#server/seed/seed.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let variantId: number;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'checkout:ip': { limit: 10_000 }, 'promo:ip': { limit: 10_000 } } },
  });
  await seedSampleDiscounts(shop.database.db);
  await shop.database.db.execute(
    sql`INSERT INTO discounts (code, type, value, scope, per_customer_limit)
        VALUES ('ONCEEACH', 'percentage', 5, 'global', 1)`,
  );
  const product = await createProduct(shop.database.db, {
    variants: [{ priceKobo: 1_000_000, stock: 1000 }],
  });
  variantId = product.variants[0]!.id;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

/** A guest orders with `code` (or none) as `email`; returns the checkout's answer. */
async function checkout(email: string, code: string | null) {
  const client = new TestClient(shop.app);
  await addToCart(client, variantId, 1);
  if (code) await client.post('/cart', { intent: 'promo', code });
  return client.post('/checkout', checkoutForm({ email, paymentMethod: 'pay_on_delivery' }));
}

async function ordered(email: string, code: string | null) {
  const client = new TestClient(shop.app);
  await addToCart(client, variantId, 1);
  if (code) await client.post('/cart', { intent: 'promo', code });
  await placeOrder(client, checkoutForm({ email, paymentMethod: 'pay_on_delivery' }));
}

describe('a code refused because of who is asking', () => {
  it('gives one answer whether the address ordered before or used the code', async () => {
    await ordered('ordered-before@example.ng', null);
    await ordered('used-it@example.ng', 'NEWCUSTOMER');
    await ordered('used-once@example.ng', 'ONCEEACH');

    const orderedBefore = await checkout('ordered-before@example.ng', 'NEWCUSTOMER');
    const usedIt = await checkout('used-it@example.ng', 'NEWCUSTOMER');
    const usedOnce = await checkout('used-once@example.ng', 'ONCEEACH');
    const answer = refusalMessage('not_for_customer');
    for (const res of [orderedBefore, usedIt, usedOnce]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(answer);
      expect(res.body).not.toContain('first order only');
      expect(res.body).not.toContain('already used this promo code');
    }
    // A new address still gets the code.
    const fresh = await checkout('never-seen@example.ng', 'NEWCUSTOMER');
    expect(fresh.statusCode, fresh.body.slice(0, 300)).toBe(302);
  });
});

describe('the address the per-customer rules count', () => {
  it('does not treat a +tag, capitals or Gmail dots as a new customer', async () => {
    await ordered('Ada.Lovelace@gmail.com', 'NEWCUSTOMER');
    for (const variant of [
      'adalovelace@gmail.com',
      'ada.love.lace+promo@googlemail.com',
      'ADA.LOVELACE+2@GMAIL.COM',
    ]) {
      const res = await checkout(variant, 'NEWCUSTOMER');
      expect(res.statusCode, variant).toBe(400);
      expect(res.body, variant).toContain(refusalMessage('not_for_customer'));
    }

    // "Has ordered before" counts the same way; and a one-per-customer code too.
    await ordered('chidi+shoes@example.ng', null);
    expect((await checkout('Chidi@Example.ng', 'NEWCUSTOMER')).statusCode).toBe(400);
    await ordered('bisi@example.ng', 'ONCEEACH');
    expect((await checkout('bisi+again@example.ng', 'ONCEEACH')).statusCode).toBe(400);

    // Dots are part of the name outside Gmail: another address, another customer.
    const other = await checkout('b.isi@example.ng', 'ONCEEACH');
    expect(other.statusCode, other.body.slice(0, 300)).toBe(302);
  });
});

describe('the address rule in SQL', () => {
  it('gives what core/email-identity.ts gives, for the database the shop runs on', async () => {
    const emails = [
      'Amaka@Example.ng',
      ' amaka+promo@example.ng ',
      'amaka+a+b@example.ng',
      'a.ma.ka@example.ng',
      'Ada.Lovelace@gmail.com',
      'ada.love.lace+promo@googlemail.com',
      'ADA.LOVELACE+2@GMAIL.COM',
      'ada.lovelace@gmail.com.ng',
      'ada.lovelace@mail.gmail.com',
      '...@gmail.com',
      '+@example.ng',
      '+x@example.ng',
      '"a@b"+x@Example.ng',
      'Not An Address',
    ];
    for (const email of emails) {
      const [row] = await queryRows<{ key: string }>(
        shop.database.db,
        sql`SELECT ${emailKeySql(sql`${email}::text`)} AS key`,
      );
      expect(row!.key, email).toBe(customerEmailKey(email));
    }
  });
});
