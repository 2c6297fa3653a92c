// Staff refunding one order at once (ADR 097): each refund is weighed against what is left with the
// order's row locked, so together they never pass what was paid, and each restocked unit goes back
// once. These matter on PostgreSQL (the PG pass runs them there); PGlite runs one transaction at a
// time, so on it they show that the answers stay right.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

const SAME_ORIGIN = { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' };

let shop: TestShop;
let who: RoleVisitors;
let secondAdmin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  who = await visitorsPerRole(shop, 'Race');
  const admin = await createUser(shop.database.db, { role: 'admin', name: 'Second Admin' });
  secondAdmin = (await signInAndEnrol(shop.app, admin)).client;
});
afterAll(async () => {
  await shop.close();
});

function postJson(client: TestClient, url: string, body: unknown) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return shop.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...SAME_ORIGIN, cookie },
  });
}

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(shop.database.db, query);
  return Number(row?.n ?? 0);
}

describe('refunds at once', () => {
  it('two admins refunding most of one order at once: one goes through, the other is told what is left', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 9_600_000, stock: 5 }] });
    const order = await createOrder(shop, {
      paymentMethod: 'online',
      status: 'placed',
      lines: [{ variantId: product.variants[0]!.id, quantity: 1 }],
    });
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const amount = Math.ceil(order.order.totalKobo * 0.6);
    const answers = await Promise.all([
      postJson(who.clients.admin, url, { amountKobo: amount, reason: 'duplicate_charge' }),
      postJson(secondAdmin, url, { amountKobo: amount, reason: 'duplicate_charge' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().leftKobo).toBe(order.order.totalKobo - amount);
    const refunded = await one(
      sql`SELECT sum(amount_kobo) AS n FROM refunds WHERE order_id = ${order.order.id} AND status IN ('requested', 'pending', 'processed')`,
    );
    expect(refunded).toBe(amount);
  });

  it('twelve one-unit refunds of a five-unit line at once: five go through, the stock comes back five times', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 2_500_000, stock: 10 }],
    });
    const variantId = product.variants[0]!.id;
    const order = await createOrder(shop, {
      paymentMethod: 'online',
      status: 'placed',
      lines: [{ variantId, quantity: 5 }],
    });
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const [line] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM order_lines WHERE order_id = ${order.order.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson(i % 2 === 0 ? who.clients.admin : secondAdmin, url, {
          lines: [{ lineId: line!.id, quantity: 1, restock: true }],
          reason: 'wrong_item',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c !== 201).every((c) => c === 400 || c === 409)).toBe(true);
    expect(await one(sql`SELECT stock AS n FROM product_variants WHERE id = ${variantId}`)).toBe(10);
    expect(
      await one(
        sql`SELECT sum(amount_kobo) AS n FROM refunds WHERE order_id = ${order.order.id} AND status = 'processed'`,
      ),
    ).toBe(order.order.totalKobo - order.order.deliveryFeeKobo);
  });
});
