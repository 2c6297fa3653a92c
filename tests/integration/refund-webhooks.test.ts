// A card refund's outcome (ADR 097): the sandbox sends refund.processed / refund.failed webhooks
// signed as Paystack's; each is verified (forgeries 401), applied once (replays change nothing),
// a failed refund says why and can be tried again, and a status check settles one whose webhook
// never came. Here the sandbox settles refunds only when the test says so.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { SANDBOX_SIGNATURE_HEADER } from '#server/modules/payments/providers/sandbox.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const SAME_ORIGIN = { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' };
const SECRET = 'refund-webhook-test-secret';

let shop: TestShop;
let who: RoleVisitors;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { payments: { sandboxSecret: SECRET, sandboxRefunds: 'by-hand' } },
  });
  who = await visitorsPerRole(shop, 'Hook');
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

function deliver(hook: { body: Buffer; headers: Record<string, string> }) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    payload: hook.body,
    headers: { 'content-type': 'application/json', ...hook.headers },
  });
}

async function refundRow(id: number) {
  const [row] = await queryRows<{
    status: string;
    provider_refund_id: string | null;
    failure_message: string | null;
  }>(shop.database.db, sql`SELECT status, provider_refund_id, failure_message FROM refunds WHERE id = ${id}`);
  return row!;
}

async function refundMails(email: string) {
  return (await shop.mailTo(email)).filter((m) => m.subject.includes('refunded'));
}

async function paidOrder(email: string) {
  const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_500_000, stock: 10 }] });
  return createOrder(shop, {
    paymentMethod: 'online',
    status: 'placed',
    email,
    lines: [{ variantId: product.variants[0]!.id, quantity: 2 }],
  });
}

describe('refund webhooks', () => {
  it('forged, failed, replayed, retried, processed: each applied once', async () => {
    const order = await paidOrder('hook-one@example.ng');
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const made = await postJson(who.clients.admin, url, { amountKobo: 1_000_000, reason: 'damaged' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending' });
    const id = made.json().id as number;
    const first = await refundRow(id);
    expect(first.provider_refund_id).toMatch(/^sandbox-refund-/);

    // A forgery: the right shape, signed with another key.
    const forgedBody = Buffer.from(
      JSON.stringify({
        event: 'refund.processed',
        data: { id: first.provider_refund_id, amount: 1_000_000 },
      }),
    );
    const forged = await deliver({
      body: forgedBody,
      headers: {
        [SANDBOX_SIGNATURE_HEADER]: createHmac('sha512', 'not-the-secret').update(forgedBody).digest('hex'),
      },
    });
    expect(forged.statusCode).toBe(401);
    expect((await refundRow(id)).status).toBe('pending');

    // The bank fails it: the refund says why and holds no money.
    const failedHook = await shop.services.payments.sandbox!.settleRefund(
      first.provider_refund_id!,
      'failed',
    );
    expect((await deliver(failedHook!)).statusCode).toBe(200);
    expect(await refundRow(id)).toMatchObject({
      status: 'failed',
      failure_message: 'Declined by the bank (sandbox)',
    });
    const afterFail = (await (await who.clients.admin.get(url)).json()) as { leftKobo: number };
    expect(afterFail.leftKobo).toBe(order.order.totalKobo);
    // A replay of the failure changes nothing.
    expect((await deliver(failedHook!)).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('failed');

    // Tried again: a new refund at the provider, on its way.
    const retried = await postJson(who.clients.admin, `${url}/${id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', failureMessage: null });
    const second = await refundRow(id);
    expect(second.provider_refund_id).not.toBe(first.provider_refund_id);
    // The old failure delivered late does not fail the new attempt.
    expect((await deliver(failedHook!)).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('pending');

    const processedHook = await shop.services.payments.sandbox!.settleRefund(
      second.provider_refund_id!,
      'processed',
    );
    expect((await deliver(processedHook!)).statusCode).toBe(200);
    expect((await deliver(processedHook!)).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('processed');
    expect(await refundMails('hook-one@example.ng')).toHaveLength(1);
    const notes = await queryRows<{ note: string }>(
      shop.database.db,
      sql`SELECT note FROM order_status_history WHERE order_id = ${order.order.id} AND note LIKE 'Refunded%'`,
    );
    expect(notes).toHaveLength(1);
  });

  it('a correctly signed event about a refund the shop does not know is answered 404 (sent again later)', async () => {
    const body = Buffer.from(
      JSON.stringify({ event: 'refund.processed', data: { id: 'sandbox-refund-999999', amount: 100 } }),
    );
    const res = await deliver({
      body,
      headers: { [SANDBOX_SIGNATURE_HEADER]: createHmac('sha512', SECRET).update(body).digest('hex') },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a status check settles a refund whose webhook never came', async () => {
    const order = await paidOrder('hook-two@example.ng');
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const made = await postJson(who.clients.admin, url, { amountKobo: 500_000, reason: 'other' });
    const id = made.json().id as number;
    const stillPending = await postJson(who.clients.admin, `${url}/${id}/check`, {});
    expect(stillPending.json()).toMatchObject({ status: 'pending' });
    // Settled at the provider; its webhook is lost.
    await shop.services.payments.sandbox!.settleRefund(
      (await refundRow(id)).provider_refund_id!,
      'processed',
    );
    const checked = await postJson(who.clients.admin, `${url}/${id}/check`, {});
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ status: 'processed' });
    expect(await refundMails('hook-two@example.ng')).toHaveLength(1);
    expect((await postJson(who.clients.staff, `${url}/${id}/check`, {})).statusCode).toBe(403);
  });

  it('the background check settles a refund left without news for a quarter of an hour, once', async () => {
    const order = await paidOrder('hook-three@example.ng');
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const made = await postJson(who.clients.admin, url, { amountKobo: 700_000, reason: 'other' });
    const id = made.json().id as number;
    await shop.services.payments.sandbox!.settleRefund((await refundRow(id)).provider_refund_id!, 'failed');
    // Not yet: the webhook may still come.
    expect(await shop.services.refunds.checkWaiting()).toBe(0);
    expect((await refundRow(id)).status).toBe('pending');
    const later = new Date(Date.now() + 16 * 60_000);
    const [first, second] = await Promise.all([
      shop.services.refunds.checkWaiting(later),
      shop.services.refunds.checkWaiting(later),
    ]);
    expect((await refundRow(id)).status).toBe('failed');
    expect(first + second).toBeGreaterThanOrEqual(1);
    const audits = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'refund.failed' AND details->>'refundId' = ${String(id)}`,
    );
    expect(Number(audits[0]!.n)).toBe(1);
  });
});
