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
