// The order state machine (ADR 073): every path that changes an order's status goes through one
// function, so a move the table forbids is refused with the same error whichever path asks (the
// admin API, the admin pages, a payment arriving, an offline payment, a retried payment); no other
// code writes orders.status; the database's CHECK is the one list; an unknown stored status is an
// error, never read as another status.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus, sqlStatusList } from '#core/order-status.ts';
import { PAYMENT_STATUSES } from '#core/payment-status.ts';
import { queryRows } from '#server/db/client.ts';
import { orderStatusHistory, orders } from '#server/db/schema/orders.ts';
import { payments } from '#server/db/schema/payments.ts';
import { OrderMoveRefusedError } from '#server/modules/orders/orders.service.ts';
import { movePayment, PaymentMoveRefusedError } from '#server/modules/payments/payment-machine.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin', TestClient>;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { payments: { sandboxSecret: 'b'.repeat(64) } } });
  Object.assign(clients, await clientPerRole(shop, 'Machine'));
}, 60_000);
afterAll(async () => {
  await shop.close();
});

async function orderRow(trackingNumber: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.trackingNumber, trackingNumber));
  return row!;
}

async function historyCount(orderId: number): Promise<number> {
  return (
    await shop.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))
  ).length;
}

/** The JSON API's status move, as staff's client sends it. */
function apiMove(client: TestClient, trackingNumber: string, status: string) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${trackingNumber}/status`,
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/json',
    },
    payload: { status, note: '' },
  });
}

/** What a path threw (the state machine's refusal, whichever path asked). */
async function refusal(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the move was not refused');
}

describe('a move the table forbids', () => {
  it('is refused with the same error from every path, and changes nothing', async () => {
    // A card order delivered, and a bank transfer recorded as delivered with its money never seen
    // (so moving it says the money arrived: the offline-payment path).
    const card = await createOrder(shop, { paymentMethod: 'online', status: 'delivered' });
    const transfer = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    await shop.database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.trackingNumber, transfer.trackingNumber));
    const expected = new OrderMoveRefusedError('delivered', 'placed').message;
    expect(expected).toBe('An order that is delivered cannot become placed. It cannot change any more.');
    const before = {
      card: await historyCount(card.order.id),
      transfer: await historyCount(transfer.order.id),
    };

    // Staff through the JSON API, and an admin too: 409 and the same words.
    for (const client of [clients.staff, clients.admin]) {
      const api = await apiMove(client, card.trackingNumber, 'placed');
      expect(api.statusCode).toBe(409);
      expect(api.json().message).toBe(expected);
    }
    // Staff on the order page, and in a bulk move from the list.
    const page = await clients.staff.post(`/admin/orders/${card.trackingNumber}`, {
      intent: 'status',
      status: 'placed',
      note: '',
    });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain(expected);
    const bulk = await shop.services.orders.admin.bulkSetStatus(
      { trackingNumbers: [card.trackingNumber], status: 'placed' },
      { id: 1, role: 'staff' },
    );
    expect(bulk.refused).toEqual([{ trackingNumber: card.trackingNumber, reason: expected }]);

    // The offline path: a move that says a bank transfer's money arrived.
    const offline = await apiMove(clients.staff, transfer.trackingNumber, 'placed');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe(expected);

    // The payment arriving (what the webhook, the shopper's return and the expiry sweep call).
    const paid = await refusal(() =>
      shop.database.db.transaction((tx) =>
        shop.services.orders.markPaid(tx, card.order.id, 'Paid', 'X-LATE'),
      ),
    );
    expect(paid).toBeInstanceOf(OrderMoveRefusedError);
    expect(paid.message).toBe(expected);

    // A retried payment reopening it: the same error, for its own move.
    const reopened = await refusal(() =>
      shop.database.db.transaction((tx) =>
        shop.services.orders.reopen(tx, card.order.id, 'Payment tried again.', new Date()),
      ),
    );
    expect(reopened).toBeInstanceOf(OrderMoveRefusedError);
    expect(reopened.message).toBe(new OrderMoveRefusedError('delivered', 'pending_payment').message);

    // Nothing moved, nothing was written.
    for (const o of [card, transfer]) expect((await orderRow(o.trackingNumber)).status).toBe('delivered');
    expect((await orderRow(transfer.trackingNumber)).paidAt).toBeNull();
    expect(await historyCount(card.order.id)).toBe(before.card);
    expect(await historyCount(transfer.order.id)).toBe(before.transfer);
  });

  it('money for an order that cannot take it is recorded beside its status, for staff', async () => {
    const card = await createOrder(shop, { paymentMethod: 'online', status: 'delivered' });
    // What the payments module does when markPaid refuses: a history line, the status kept.
    await shop.database.db.transaction((tx) =>
      shop.services.orders.noteLatePayment(tx, card.order.id, 'X-2'),
    );
    const tracked = await shop.services.orders.setStatus(
      card.trackingNumber,
      { status: 'delivered', note: '', correction: false },
      { id: 1, role: 'staff' },
    );
    expect(tracked.status).toBe('delivered');
    const last = tracked.masked ? undefined : tracked.history.at(-1);
    expect(last).toMatchObject({ status: 'delivered', note: expect.stringContaining('Payment X-2 arrived') });
  });
});

/** Every product source file (server and pages), relative to the repository. */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(relative(process.cwd(), path));
  }
  return out;
}

describe('one writer of orders.status', () => {
  const files = [...sourceFiles('server'), ...sourceFiles('app'), ...sourceFiles('core')].map((path) => ({
    path,
    text: readFileSync(path, 'utf8'),
  }));
  const MACHINE_SQL = 'server/modules/orders/order-status.repository.ts';

  /** The files whose code sets `table`'s status column (drizzle's update … set, or SQL text). */
  function statusWriters(table: string): string[] {
    const writers: string[] = [];
    for (const { path, text } of files) {
      // drizzle: .update(<table>) … .set({ … status … }) before its .where(
      for (const m of text.matchAll(
        new RegExp(`\\.update\\(\\s*${table}\\s*\\)([\\s\\S]*?)\\.where\\(`, 'g'),
      )) {
        if (/\bstatus\b/.test(m[1]!)) writers.push(path);
      }
      // SQL text: UPDATE <table> SET … status …
      if (new RegExp(`UPDATE\\s+"?${table}"?\\s+SET[^;\`]*\\bstatus\\b`, 'i').test(text)) writers.push(path);
    }
    return [...new Set(writers)];
  }

  it('no code but the state machine updates the status', () => {
    expect(statusWriters('orders')).toEqual([MACHINE_SQL]);
  });

  it("no code but the payment machine updates a payment's status", () => {
    expect(statusWriters('payments')).toEqual(['server/modules/payments/payments.repository.ts']);
    const callers = files.filter((f) => /writePaymentStatus\(/.test(f.text)).map((f) => f.path);
    expect(callers.sort()).toEqual([
      'server/modules/payments/payment-machine.ts',
      'server/modules/payments/payments.repository.ts',
    ]);
  });

  it('only the state machine uses its SQL, and history rows are written there (or with a new order)', () => {
    const importers = files.filter((f) => f.text.includes('order-status.repository')).map((f) => f.path);
    expect(importers).toEqual(['server/modules/orders/order-machine.ts']);
    const historyWriters = files
      .filter((f) => /insert\(\s*orderStatusHistory\s*\)/.test(f.text))
      .map((f) => f.path)
      .filter((p) => !p.startsWith('server/seed/'));
    // orders.repository.ts writes a new order's first status with its lines (placement, no move).
    expect(historyWriters.sort()).toEqual([MACHINE_SQL, 'server/modules/orders/orders.repository.ts']);
  });
});

describe('the one list of statuses', () => {
  it("is the database's CHECK on orders.status, and on payments.status", async () => {
    const checked = async (name: string) => {
      const [row] = await queryRows<{ def: string }>(
        shop.database.db,
        sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ${name}`,
      );
      return [...row!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    };
    expect(await checked('orders_status_valid')).toEqual([...ORDER_STATUSES]);
    expect(await checked('payments_status_valid')).toEqual([...PAYMENT_STATUSES]);
  });

  it('a paid payment stays paid: the payment machine refuses to move it', async () => {
    const { order } = await createOrder(shop, { paymentMethod: 'online', status: 'placed' });
    const [paid] = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid!.status).toBe('success');
    const refused = await refusal(() =>
      shop.database.db.transaction((tx) => movePayment(tx, paid!, 'abandoned')),
    );
    expect(refused).toBeInstanceOf(PaymentMoveRefusedError);
    expect(refused.message).toBe('A payment that is success cannot become abandoned.');
  });

  it('an unknown status read from the database is an error, not another status', async () => {
    const { trackingNumber, order } = await createOrder(shop);
    const db = shop.database.db;
    await db.execute(sql`ALTER TABLE orders DROP CONSTRAINT orders_status_valid`);
    try {
      await db.execute(sql`UPDATE orders SET status = 'teleported' WHERE id = ${order.id}`);
      await expect(shop.services.orders.track(trackingNumber, null)).rejects.toThrow(
        `Unknown order status "teleported" on order ${trackingNumber}`,
      );
      const moved = await refusal(() =>
        shop.services.orders.moveStatus(trackingNumber, { status: 'cancelled' }, { id: 1, role: 'staff' }),
      );
      expect(moved.message).toContain('Unknown order status "teleported"');
      expect((await clients.staff.get(`/admin/orders/${trackingNumber}`)).statusCode).toBe(500);
    } finally {
      await db.execute(
        sql`UPDATE orders SET status = ${'placed' satisfies OrderStatus} WHERE id = ${order.id}`,
      );
      await db.execute(
        sql`ALTER TABLE orders ADD CONSTRAINT orders_status_valid CHECK (status IN (${sql.raw(sqlStatusList())}))`,
      );
    }
  });
});
