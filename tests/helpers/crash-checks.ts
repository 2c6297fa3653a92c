// What must hold in the shop's database after any crash (ADR 051's crash drill): read straight from
// the tables, so a check cannot be fooled by the code it checks. Each function returns the problems
// it found, in words; none is a pass.
//
// - everything `checkIntegrity` holds the database to (tests/helpers/integrity.ts: every order
//   whole — lines, a status history, lines that add up to its figures — no negative stock, promo
//   uses counted once, no orphan rows);
// - no stock lost: for every variant, stock on sale + units held or sold by orders whose stock was
//   not given back = its stock at the start + every stock edit the audit log recorded;
// - every payment applied once: at most one successful payment and one "placed" entry per order,
//   and an order is paid exactly when one of its payments succeeded;
// - no email twice: at most one order email and one "ended" email per order.
// `finalProblems` adds what must hold once the shop has had time to catch up: no hold left past its
// time, every sandbox payment that took money applied to its order, every email that was due sent
// (and in the local mailbox) and each order's email there when it should be.
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { checkIntegrity } from './integrity.ts';

/** The stock of every variant, by id: taken before the drill starts. */
export async function stockByVariant(db: Queryable): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; stock: number }>(
    db,
    sql`SELECT id, stock FROM product_variants`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
}

export async function orderCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders`);
  return Number(row?.n ?? 0);
}

interface OrderFacts {
  id: number;
  tracking_number: string;
  status: string;
  payment_method: string;
  paid: boolean;
  placed_entries: number;
  successful_payments: number;
  placed_mails: number;
  ended_mails: number;
}

async function orderFacts(db: Queryable): Promise<OrderFacts[]> {
  const rows = await queryRows<OrderFacts>(
    db,
    sql`
    SELECT o.id, o.tracking_number, o.status, o.payment_method, (o.paid_at IS NOT NULL) AS paid,
      (SELECT count(*) FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'placed')::int AS placed_entries,
      (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'success')::int AS successful_payments,
      (SELECT count(*) FROM mail_outbox m WHERE m.template = 'order-placed'
         AND m.subject LIKE '%' || o.tracking_number || '%')::int AS placed_mails,
      (SELECT count(*) FROM mail_outbox m WHERE m.template IN ('order-cancelled', 'order-payment_failed')
         AND m.subject LIKE '%' || o.tracking_number || '%')::int AS ended_mails
    FROM orders o ORDER BY o.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** What must hold at any moment, straight after a crash included. */
export async function crashProblems(db: Queryable, initialStock: Map<number, number>): Promise<string[]> {
  const problems = await checkIntegrity(db);
  for (const o of await orderFacts(db)) {
    const name = `order ${o.tracking_number} (${o.status}, ${o.payment_method})`;
    if (o.successful_payments > 1) problems.push(`${name} has ${o.successful_payments} successful payments`);
    if (o.placed_entries > 1)
      problems.push(`${name} was placed/paid ${o.placed_entries} times in its history`);
    if (o.payment_method === 'online' && o.paid !== o.successful_payments > 0)
      problems.push(`${name}: paid is ${o.paid} but it has ${o.successful_payments} successful payment(s)`);
    if (o.placed_mails > 1) problems.push(`${name} has ${o.placed_mails} order emails queued`);
    if (o.ended_mails > 1) problems.push(`${name} has ${o.ended_mails} "ended" emails queued`);
  }

  // Stock: on sale + held or sold = at the start + the edits staff saved (from the audit log).
  const held = await queryRows<{ variant_id: number; units: number }>(
    db,
    sql`SELECT l.variant_id, sum(l.quantity)::int AS units FROM order_lines l
        JOIN orders o ON o.id = l.order_id
        WHERE o.stock_released_at IS NULL AND l.variant_id IS NOT NULL GROUP BY l.variant_id`,
  );
  const edits = await queryRows<{ variant_id: number; delta: number }>(
    db,
    sql`SELECT (a.v->>'id')::int AS variant_id,
          sum((a.v->>'stock')::int - (b.v->>'stock')::int)::int AS delta
        FROM audit_events e
        CROSS JOIN LATERAL jsonb_array_elements(e.details->'after'->'variants') AS a(v)
        JOIN LATERAL jsonb_array_elements(e.details->'before'->'variants') AS b(v)
          ON (b.v->>'id') = (a.v->>'id')
        WHERE e.action = 'product.update' AND e.details->'after' ? 'variants'
        GROUP BY 1`,
  );
  const heldBy = new Map(held.map((r) => [Number(r.variant_id), Number(r.units)]));
  const editedBy = new Map(edits.map((r) => [Number(r.variant_id), Number(r.delta)]));
  for (const [id, stock] of await stockByVariant(db)) {
    const start = initialStock.get(id);
    if (start === undefined) continue;
    const expected = start + (editedBy.get(id) ?? 0);
    const found = stock + (heldBy.get(id) ?? 0);
    if (found !== expected)
      problems.push(
        `variant ${id}: ${stock} on sale + ${heldBy.get(id) ?? 0} held or sold = ${found}, expected ${expected} (started ${start}, staff edits ${editedBy.get(id) ?? 0})`,
      );
  }
  return problems;
}

/** What must also hold once the shop has run its jobs and its mail worker after the last crash. */
export async function finalProblems(db: Queryable, initialStock: Map<number, number>): Promise<string[]> {
  const problems = await crashProblems(db, initialStock);
  const stuck = await queryRows<{ tracking_number: string; status: string }>(
    db,
    sql`SELECT tracking_number, status FROM orders
        WHERE (status IN ('pending_payment', 'awaiting_transfer') OR (status = 'placed' AND payment_method = 'pay_on_delivery'))
          AND reserved_until < now() AND stock_released_at IS NULL`,
  );
  for (const o of stuck)
    problems.push(`order ${o.tracking_number} (${o.status}) still holds its stock past its time`);

  const unapplied = await queryRows<{ reference: string; order_status: string | null }>(
    db,
    sql`SELECT s.reference, o.status AS order_status FROM sandbox_transactions s
        LEFT JOIN payments p ON p.reference = s.reference
        LEFT JOIN orders o ON o.id = p.order_id
        WHERE s.status = 'success' AND (p.status IS DISTINCT FROM 'success' OR o.paid_at IS NULL)`,
  );
  for (const u of unapplied)
    problems.push(
      `sandbox payment ${u.reference} took the money but its order is ${u.order_status ?? 'missing'}, not paid`,
    );

  const unsent = await queryRows<{ id: number; template: string; status: string }>(
    db,
    sql`SELECT o.id, o.template, o.status FROM mail_outbox o
        LEFT JOIN mailbox_messages m ON m.outbox_id = o.id
        WHERE o.status <> 'sent' OR m.id IS NULL`,
  );
  for (const m of unsent) problems.push(`email ${m.id} (${m.template}) is ${m.status}, not delivered`);

  for (const o of await orderFacts(db)) {
    const name = `order ${o.tracking_number} (${o.status}, ${o.payment_method})`;
    const due = o.payment_method !== 'online' || o.paid;
    if (due && o.placed_mails !== 1) problems.push(`${name} has ${o.placed_mails} order emails, expected 1`);
    if (!due && o.placed_mails !== 0) problems.push(`${name} is unpaid but has an order email`);
  }
  return problems;
}
