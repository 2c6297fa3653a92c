// Staff's side of Pay small-small (ADR 099), on the admin order page: the plan as it stands, and
// three actions, each checked against the permission on the server, in one transaction with its
// audit record: record a bank transfer towards the plan (the deposit's or an instalment's; the
// last one confirms the order), extend an instalment's due date with a reason, and cancel the
// plan by its rule (the order cancelled, its stock back, the money by the rule agreed).
import type { LayawayPlanView } from '#core/contract/layaway.ts';
import { addDays, lagosDate, MAX_PLAN_DAYS } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';
import { parseNairaInput } from '#core/money-input.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import {
  extendInstalment,
  listActivePlans,
  listInstalments,
  lockPlanByTracking,
  type PlanRow,
} from './layaway.repository.ts';
import type { LayawayService } from './layaway.service.ts';
import type { LayawayJobs } from './layaway-jobs.ts';

export function createLayawayAdmin(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  payments: Pick<PaymentsService, 'recordLayawayTransfer'>;
  jobs: Pick<LayawayJobs, 'endByRule'>;
  layaway: Pick<LayawayService, 'adminView'>;
}) {
  const { db, audit } = deps;

  async function activePlan(tx: Parameters<Parameters<Db['transaction']>[0]>[0], trackingNumber: string) {
    const plan = await lockPlanByTracking(tx, trackingNumber);
    if (!plan) throw new NotFoundError('This order has no Pay small-small plan.');
    if (plan.status !== 'active')
      throw new ConflictError('This plan has ended: nothing more can be recorded on it.');
    return plan;
  }

  const record = (
    tx: Parameters<typeof audit.record>[0],
    actor: StaffActor,
    plan: PlanRow,
    action: string,
    details: Record<string, unknown>,
  ) =>
    audit.record(tx, {
      actorUserId: actor.user.id,
      ip: actor.ip ?? null,
      action,
      subjectType: 'order',
      subjectId: plan.trackingNumber,
      details,
    });

  return {
    /**
     * The active plans for staff, by next due date: all of them, those due within seven days,
     * or those overdue (Lagos dates).
     */
    async plans(actor: StaffActor, view: 'all' | 'due_week' | 'overdue') {
      assertCan(actor, 'orders.view', 'You do not have permission to see orders.');
      const today = lagosDate(new Date());
      const week = addDays(today, 7);
      const rows = await listActivePlans(db);
      return rows.filter((r) =>
        view === 'overdue'
          ? r.nextDueDate !== null && r.nextDueDate < today
          : view === 'due_week'
            ? r.nextDueDate !== null && r.nextDueDate >= today && r.nextDueDate <= week
            : true,
      );
    },

    /** The plan on the admin order page, or null. */
    async view(actor: StaffActor, trackingNumber: string): Promise<LayawayPlanView | null> {
      assertCan(actor, 'orders.view', 'You do not have permission to see orders.');
      return deps.layaway.adminView(trackingNumber);
    },

    /** A bank transfer staff saw arrive, in naira as typed (at most the balance). */
    async recordTransfer(actor: StaffActor, trackingNumber: string, typed: string): Promise<void> {
      assertCan(actor, 'orders.update', 'You do not have permission to record payments.');
      await db.transaction(async (tx) => {
        const plan = await activePlan(tx, trackingNumber);
        const balance = plan.totalKobo - plan.paidKobo;
        const amountKobo = parseNairaInput(typed);
        if (amountKobo === null || amountKobo <= 0 || amountKobo > balance) {
          const message = `Enter the amount received, up to the ${formatPrice(balance)} left to pay.`;
          throw new ValidationError(message, { amount: [message] });
        }
        await deps.payments.recordLayawayTransfer(
          tx,
          { id: plan.orderId, trackingNumber },
          amountKobo,
          actor.user.id,
        );
        await record(tx, actor, plan, 'layaway.transfer_recorded', {
          amountKobo,
          before: { paidKobo: plan.paidKobo },
          after: { paidKobo: plan.paidKobo + amountKobo },
        });
      });
    },

    /** A new due date (YYYY-MM-DD, later than the old one, within 12 weeks of the order) and why. */
    async extend(
      actor: StaffActor,
      trackingNumber: string,
      input: { sequence: string; dueDate: string; reason: string },
    ) {
      assertCan(actor, 'orders.update', 'You do not have permission to change plans.');
      const reason = input.reason.trim();
      if (reason.length < 3 || reason.length > 300) {
        throw new ValidationError('Say why the date moves (3 to 300 characters).', {
          reason: ['Say why the date moves.'],
        });
      }
      await db.transaction(async (tx) => {
        const plan = await activePlan(tx, trackingNumber);
        const rows = await listInstalments(tx, plan.id);
        const row = rows.find((r) => String(r.sequence) === input.sequence && r.paidKobo < r.amountKobo);
        if (!row)
          throw new ValidationError('Choose an instalment still to be paid.', {
            sequence: ['Choose an instalment still to be paid.'],
          });
        const last = addDays(lagosDate(plan.agreedAt), MAX_PLAN_DAYS);
        if (
          !/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate) ||
          input.dueDate <= row.dueDate ||
          input.dueDate > last
        ) {
          const message = `Choose a date after ${row.dueDate} and no later than ${last} (12 weeks from the order).`;
          throw new ValidationError(message, { dueDate: [message] });
        }
        await extendInstalment(tx, plan.id, row.sequence, input.dueDate, actor.user.id, reason);
        await record(tx, actor, plan, 'layaway.due_date_extended', {
          sequence: row.sequence,
          reason,
          before: { dueDate: row.dueDate },
          after: { dueDate: input.dueDate },
        });
      });
    },

    /** Cancels the plan by its rule: the order cancelled, stock back, the money by the rule. */
    async cancel(actor: StaffActor, trackingNumber: string, reason: string): Promise<void> {
      assertCan(actor, 'orders.update', 'You do not have permission to cancel plans.');
      const why = reason.trim();
      if (why.length < 3 || why.length > 300) {
        throw new ValidationError('Say why the plan is cancelled (3 to 300 characters).', {
          reason: ['Say why the plan is cancelled.'],
        });
      }
      await db.transaction(async (tx) => {
        const plan = await activePlan(tx, trackingNumber);
        await deps.jobs.endByRule(tx, plan, {
          status: 'cancelled',
          actor: { id: actor.user.id, role: actor.user.role, ip: actor.ip ?? null },
          why: `cancelled by the shop (${why})`,
        });
        await record(tx, actor, plan, 'layaway.plan_cancelled', {
          reason: why,
          before: { status: 'active', paidKobo: plan.paidKobo },
          after: { status: 'cancelled' },
        });
      });
    },
  };
}
