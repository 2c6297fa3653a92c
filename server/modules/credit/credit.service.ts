// Store credit (ADR 100): a balance on a customer's account, spendable at checkout, never below
// zero. Every change is a ledger entry written in the caller's transaction beside the balance
// row's change; the balance row's CHECK and its conditional UPDATE keep it at zero or more
// however many checkouts race. Other modules take `StoreCreditPort` (what they may call) as a port.
import { CreditAdjustInput, type StoreCreditView } from '#core/contract/credit.ts';
import { formatPrice } from '#core/money.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { ConflictError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  addToBalance,
  type CreditKind,
  creditOutOnOrder,
  insertEntry,
  listEntries,
  lockBalance,
  readBalance,
  takeFromBalance,
} from './credit.repository.ts';

export type { CreditKind };

export interface CreditEntry {
  id: number;
  /** Signed: > 0 added to the balance, < 0 taken from it. */
  amountKobo: number;
  kind: CreditKind;
  reason: string;
  /** The order it was spent on or given back from, if any. */
  trackingNumber: string | null;
  actorUserId: number | null;
  createdAt: Date;
}

/** The refusal of a spend or take-back larger than the balance (409, the same words everywhere). */
export class CreditShortError extends ConflictError {
  override readonly code = 'store_credit_short';
  constructor(
    readonly balanceKobo: number,
    readonly wantedKobo: number,
  ) {
    super(
      `Your store credit is ${formatPrice(balanceKobo)}, less than the ${formatPrice(wantedKobo)} asked. Please check out again.`,
    );
  }
}

function assertAmount(amountKobo: number): void {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
    throw new ValidationError('The amount must be a positive number of kobo.', {
      amountKobo: ['Enter an amount above ₦0.'],
    });
  }
}

const HISTORY_LIMIT = 100;

export function createCreditService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** Staff names by id (the staff directory), for who adjusted a balance on the admin's page. */
  staffNames?: (ids: readonly number[]) => Promise<Map<number, string>>;
}) {
  const { db } = deps;

  /** Adds credit to a customer's balance (a layaway's kept money, a goodwill grant). */
  async function grant(
    q: Queryable,
    input: {
      userId: number;
      amountKobo: number;
      reason: string;
      orderId?: number | null;
      actor?: number | null;
    },
  ): Promise<{ balanceKobo: number }> {
    assertAmount(input.amountKobo);
    const balanceKobo = await addToBalance(q, input.userId, input.amountKobo);
    await insertEntry(q, {
      userId: input.userId,
      amountKobo: input.amountKobo,
      kind: 'grant',
      reason: input.reason,
      orderId: input.orderId ?? null,
      actorUserId: input.actor ?? null,
    });
    return { balanceKobo };
  }

  /**
   * Spends credit on an order, in the transaction that places (or reopens) it. Refuses with a
   * 409 (CreditShortError) when the balance is short; 0 spends nothing.
   */
  async function spend(
    q: Queryable,
    input: { userId: number; amountKobo: number; orderId: number; reason?: string },
  ): Promise<{ balanceKobo: number }> {
    if (input.amountKobo === 0) return { balanceKobo: await readBalance(q, input.userId) };
    assertAmount(input.amountKobo);
    const balanceKobo = await takeFromBalance(q, input.userId, input.amountKobo);
    if (balanceKobo === null) {
      throw new CreditShortError(await readBalance(q, input.userId), input.amountKobo);
    }
    await insertEntry(q, {
      userId: input.userId,
      amountKobo: -input.amountKobo,
      kind: 'spend',
      reason: input.reason ?? 'Spent at checkout',
      orderId: input.orderId,
    });
    return { balanceKobo };
  }

  /**
   * Gives back the credit an ended order spent (cancelled, expired, payment failed): whatever is
   * still out on it (spent less already restored), decided under the customer's balance row lock,
   * so a second call — or a racing one — gives back nothing. Returns what came back.
   */
  async function restore(q: Queryable, input: { orderId: number; reason?: string }): Promise<number> {
    const first = await creditOutOnOrder(q, input.orderId);
    if (!first || first.outKobo <= 0) return 0;
    await lockBalance(q, first.userId);
    const out = await creditOutOnOrder(q, input.orderId);
    if (!out || out.outKobo <= 0) return 0;
    await addToBalance(q, out.userId, out.outKobo);
    await insertEntry(q, {
      userId: out.userId,
      amountKobo: out.outKobo,
      kind: 'restore',
      reason: input.reason ?? 'Order ended: credit given back',
      orderId: input.orderId,
    });
    return out.outKobo;
  }

  /**
   * A staff adjustment (admin only; the caller checks `customers.credit`): grants (> 0) or takes
   * back (< 0) with a required reason, never below zero, with its audit record, in one transaction.
   */
  async function adjust(input: {
    userId: number;
    amountKobo: number;
    reason: string;
    actor: { id: number; ip?: string | null };
  }): Promise<{ balanceKobo: number }> {
    const reason = input.reason.trim();
    if (!reason) throw new ValidationError('Please give a reason.', { reason: ['Please give a reason.'] });
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo === 0) {
      throw new ValidationError('Enter an amount other than ₦0.', {
        amountKobo: ['Enter an amount other than ₦0.'],
      });
    }
    return db.transaction(async (tx) => {
      const before = await lockBalance(tx, input.userId);
      const after =
        input.amountKobo > 0
          ? await addToBalance(tx, input.userId, input.amountKobo)
          : await takeFromBalance(tx, input.userId, -input.amountKobo);
      if (after === null) {
        throw new ConflictError(
          `This customer has ${formatPrice(before)} of store credit: you cannot take back ${formatPrice(-input.amountKobo)}.`,
        );
      }
      await insertEntry(tx, {
        userId: input.userId,
        amountKobo: input.amountKobo,
        kind: 'adjust',
        reason,
        actorUserId: input.actor.id,
      });
      await deps.audit.record(tx, {
        actorUserId: input.actor.id,
        ip: input.actor.ip ?? null,
        action: 'customer.store_credit_adjusted',
        subjectType: 'user',
        subjectId: input.userId,
        details: {
          amountKobo: input.amountKobo,
          reason,
          before: { balanceKobo: before },
          after: { balanceKobo: after },
        },
      });
      return { balanceKobo: after };
    });
  }

  return {
    grant,
    spend,
    restore,
    adjust,
    /** A customer's balance now (0 when they never had any). */
    balance: (userId: number, q: Queryable = db): Promise<number> => readBalance(q, userId),
    /** A customer's entries, newest first (the last hundred). */
    async history(userId: number): Promise<CreditEntry[]> {
      return listEntries(db, userId, HISTORY_LIMIT);
    },
    /** The balance and history as the account page and the admin's customer page show them. */
    async view(userId: number, options: { staffView?: boolean } = {}): Promise<StoreCreditView> {
      const [balanceKobo, entries] = await Promise.all([
        readBalance(db, userId),
        listEntries(db, userId, HISTORY_LIMIT),
      ]);
      // Staff see who adjusted it; the shopper sees "the shop".
      const names =
        options.staffView && deps.staffNames
          ? await deps.staffNames(entries.flatMap((e) => (e.actorUserId === null ? [] : [e.actorUserId])))
          : new Map<number, string>();
      return {
        balanceKobo,
        entries: entries.map(({ actorUserId, ...e }) => ({
          ...e,
          actorName: actorUserId === null ? null : (names.get(actorUserId) ?? null),
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
    /** The admin's adjustment form (`CreditAdjustInput`): validated, then `adjust`. */
    async adjustFromForm(userId: number, form: unknown, actor: { id: number; ip?: string | null }) {
      const input = parseInput(CreditAdjustInput, form);
      return adjust({
        userId,
        amountKobo: input.direction === 'grant' ? input.amount : -input.amount,
        reason: input.reason,
        actor,
      });
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
/** What other modules call (checkout, the order machine, layaway): on the caller's transaction. */
export type StoreCreditPort = Pick<CreditService, 'grant' | 'spend' | 'restore' | 'balance'>;
