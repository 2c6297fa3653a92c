// SQL for layaway plans and their instalments (ADR 099), on the caller's handle.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlannedInstalment } from '#core/layaway.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { layawayInstalments, layawayPlans } from '#server/db/schema/layaway.ts';

export type PlanRow = typeof layawayPlans.$inferSelect;
export type InstalmentRow = typeof layawayInstalments.$inferSelect;

export async function insertPlan(
  q: Queryable,
  plan: typeof layawayPlans.$inferInsert,
  instalments: readonly PlannedInstalment[],
): Promise<PlanRow> {
  const [row] = await q.insert(layawayPlans).values(plan).returning();
  await q.insert(layawayInstalments).values(
    instalments.map((i) => ({
      planId: row!.id,
      sequence: i.sequence,
      dueDate: i.dueDate,
      amountKobo: i.amountKobo,
    })),
  );
  return row!;
}

export async function findPlanByOrder(q: Queryable, orderId: number): Promise<PlanRow | null> {
  const [row] = await q.select().from(layawayPlans).where(eq(layawayPlans.orderId, orderId));
  return row ?? null;
}

/** The order's plan, locked until the transaction ends (one payment applied at a time). */
export async function lockPlanByOrder(q: Queryable, orderId: number): Promise<PlanRow | null> {
  const [row] = await queryRows<{ id: number }>(
    q,
    sql`SELECT id FROM layaway_plans WHERE order_id = ${orderId} FOR UPDATE`,
  );
  return row ? findPlanByOrder(q, orderId) : null;
}

export function listInstalments(q: Queryable, planId: number): Promise<InstalmentRow[]> {
  return q
    .select()
    .from(layawayInstalments)
    .where(eq(layawayInstalments.planId, planId))
    .orderBy(asc(layawayInstalments.sequence));
}

/** Plans by tracking number, with their instalments (the dashboard's orders, the tracking page). */
export async function plansByTracking(
  q: Queryable,
  trackingNumbers: readonly string[],
): Promise<{ plan: PlanRow; instalments: InstalmentRow[] }[]> {
  if (trackingNumbers.length === 0) return [];
  const plans = await q
    .select()
    .from(layawayPlans)
    .where(inArray(layawayPlans.trackingNumber, [...trackingNumbers]));
  if (plans.length === 0) return [];
  const rows = await q
    .select()
    .from(layawayInstalments)
    .where(
      inArray(
        layawayInstalments.planId,
        plans.map((p) => p.id),
      ),
    )
    .orderBy(asc(layawayInstalments.sequence));
  return plans.map((plan) => ({ plan, instalments: rows.filter((r) => r.planId === plan.id) }));
}

/** Adds a payment to one instalment; paid_at is stamped when it is fully paid. */
export async function addToInstalment(
  q: Queryable,
  planId: number,
  sequence: number,
  addKobo: number,
  at: Date,
): Promise<void> {
  await q
    .update(layawayInstalments)
    .set({
      paidKobo: sql`${layawayInstalments.paidKobo} + ${addKobo}`,
      paidAt: sql`CASE WHEN ${layawayInstalments.paidKobo} + ${addKobo} >= ${layawayInstalments.amountKobo} THEN ${at.toISOString()}::timestamptz ELSE ${layawayInstalments.paidAt} END`,
    })
    .where(and(eq(layawayInstalments.planId, planId), eq(layawayInstalments.sequence, sequence)));
}

export async function updatePlan(
  q: Queryable,
  planId: number,
  patch: Partial<Pick<PlanRow, 'paidKobo' | 'status' | 'endedAt'>>,
): Promise<PlanRow> {
  const [row] = await q
    .update(layawayPlans)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(layawayPlans.id, planId))
    .returning();
  return row!;
}

/** An instalment due for a reminder, claimed (FOR UPDATE SKIP LOCKED) with its plan's facts. */
export interface DueReminder {
  instalmentId: number;
  sequence: number;
  dueDate: string;
  owedKobo: number;
  planId: number;
  trackingNumber: string;
  email: string;
  balanceKobo: number;
}

/**
 * Unpaid instalments of active plans due for a reminder: `before` — due within three days and not
 * yet reminded; `due` — due today or earlier and not yet reminded on the day. Rows another
 * process holds are skipped, so two sweeps never send one reminder twice.
 */
export function claimDueReminders(
  q: Queryable,
  kind: 'before' | 'due',
  today: string,
  soon: string,
  limit: number,
): Promise<DueReminder[]> {
  const window =
    kind === 'before'
      ? sql`i.due_date > ${today}::date AND i.due_date <= ${soon}::date AND i.reminded IS NULL`
      : sql`i.due_date = ${today}::date AND i.reminded IS DISTINCT FROM 'due'`;
  return queryRows<DueReminder>(
    q,
    sql`SELECT i.id AS "instalmentId", i.sequence, to_char(i.due_date, 'YYYY-MM-DD') AS "dueDate",
               i.amount_kobo - i.paid_kobo AS "owedKobo", p.id AS "planId",
               p.tracking_number AS "trackingNumber", p.email, p.total_kobo - p.paid_kobo AS "balanceKobo"
          FROM layaway_instalments i JOIN layaway_plans p ON p.id = i.plan_id
         WHERE p.status = 'active' AND i.sequence > 0 AND i.paid_kobo < i.amount_kobo AND ${window}
         ORDER BY i.id
         LIMIT ${limit}
           FOR UPDATE OF i SKIP LOCKED`,
  );
}

export async function markReminded(
  q: Queryable,
  instalmentId: number,
  kind: 'before' | 'due',
): Promise<void> {
  await q.update(layawayInstalments).set({ reminded: kind }).where(eq(layawayInstalments.id, instalmentId));
}

/**
 * Active plans with an instalment still unpaid past its due date and the plan's grace days,
 * claimed FOR UPDATE SKIP LOCKED (one process ends each plan).
 */
export function claimDefaulted(q: Queryable, today: string, limit: number): Promise<PlanRow[]> {
  return queryRows<{ id: number }>(
    q,
    sql`SELECT p.id FROM layaway_plans p
         WHERE p.status = 'active'
           AND EXISTS (SELECT 1 FROM layaway_instalments i
                        WHERE i.plan_id = p.id AND i.paid_kobo < i.amount_kobo
                          AND i.due_date + COALESCE((p.rule->>'graceDays')::int, 0) < ${today}::date)
         ORDER BY p.id
         LIMIT ${limit}
           FOR UPDATE OF p SKIP LOCKED`,
  ).then(async (rows) =>
    rows.length === 0
      ? []
      : q
          .select()
          .from(layawayPlans)
          .where(
            inArray(
              layawayPlans.id,
              rows.map((r) => r.id),
            ),
          ),
  );
}

export async function endPlan(
  q: Queryable,
  planId: number,
  status: 'defaulted' | 'cancelled',
  outcome: Record<string, unknown>,
): Promise<void> {
  await q
    .update(layawayPlans)
    .set({ status, outcome, endedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(layawayPlans.id, planId), eq(layawayPlans.status, 'active')));
}

/** The plan of this tracking number, locked until the transaction ends (staff actions). */
export async function lockPlanByTracking(q: Queryable, trackingNumber: string): Promise<PlanRow | null> {
  const [row] = await queryRows<{ order_id: number }>(
    q,
    sql`SELECT order_id FROM layaway_plans WHERE tracking_number = ${trackingNumber} FOR UPDATE`,
  );
  return row ? findPlanByOrder(q, row.order_id) : null;
}

export async function extendInstalment(
  q: Queryable,
  planId: number,
  sequence: number,
  dueDate: string,
  staffId: number,
  reason: string,
): Promise<void> {
  await q
    .update(layawayInstalments)
    .set({ dueDate, extendedBy: staffId, extendedReason: reason, reminded: null })
    .where(and(eq(layawayInstalments.planId, planId), eq(layawayInstalments.sequence, sequence)));
}

/** An active plan with its next unpaid instalment (the staff's list of plans). */
export interface ActivePlanRow {
  trackingNumber: string;
  email: string;
  totalKobo: number;
  paidKobo: number;
  nextDueDate: string | null;
  nextOwedKobo: number;
}

export function listActivePlans(q: Queryable, limit = 200): Promise<ActivePlanRow[]> {
  return queryRows<ActivePlanRow>(
    q,
    sql`SELECT p.tracking_number AS "trackingNumber", p.email, p.total_kobo AS "totalKobo", p.paid_kobo AS "paidKobo",
               to_char(n.due_date, 'YYYY-MM-DD') AS "nextDueDate", COALESCE(n.owed, 0)::int AS "nextOwedKobo"
          FROM layaway_plans p
          LEFT JOIN LATERAL (SELECT i.due_date, i.amount_kobo - i.paid_kobo AS owed FROM layaway_instalments i
                              WHERE i.plan_id = p.id AND i.paid_kobo < i.amount_kobo
                              ORDER BY i.sequence LIMIT 1) n ON true
         WHERE p.status = 'active'
         ORDER BY n.due_date NULLS LAST, p.id
         LIMIT ${limit}`,
  );
}
