// The admin portal's discounts (/admin/discounts): list and find codes, create and edit them,
// turn them on and off, delete them. Admins only (`discounts.manage`; deleting also `delete.any`),
// checked again here. Each change runs in one transaction with its audit record (before/after).
// A code that was ever used is deactivated instead of deleted, so orders and history keep it.
// Nothing about codes is cached: the cart and checkout read the row on every view (cart.service),
// so a change here shows to shoppers at once.
import {
  type AdminDiscountRow,
  type AdminDiscountsPage,
  AdminDiscountsQuery,
  DISCOUNTS_PAGE_SIZE,
  DiscountInput,
  type DiscountProductChoice,
  ToggleDiscountInput,
} from '#core/contract/admin-discounts.ts';
import { isRowId } from '#core/ids.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  deleteDiscount,
  findDiscountById,
  findOtherWithCode,
  insertDiscount,
  listDiscountsPage,
  lockDiscount,
  updateDiscount,
  wasEverUsed,
} from './admin-discounts.repository.ts';
import type { DiscountRow } from './promotions.repository.ts';

export type Actor = StaffActor;

/** The catalogue's active products, for the product picker (the catalog module's public face). */
export interface DiscountProductsPort {
  search(text: string): Promise<DiscountProductChoice[]>;
  byIds(ids: readonly number[]): Promise<DiscountProductChoice[]>;
}

function stateOf(row: DiscountRow, now: Date): AdminDiscountRow['state'] {
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (!row.isActive) return 'inactive';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used-up';
  return 'active';
}

export function toAdminRow(row: DiscountRow, now = new Date()): AdminDiscountRow {
  return {
    id: row.id,
    code: row.code,
    type: row.type === 'fixed' ? 'fixed' : 'percentage',
    value: row.value,
    scope: row.scope === 'category' || row.scope === 'product' ? row.scope : 'global',
    categorySlugs: row.categorySlugs,
    productIds: row.productIds,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perCustomerLimit: row.perCustomerLimit,
    minSubtotalKobo: row.minSubtotalKobo,
    firstOrderOnly: row.firstOrderOnly,
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    state: stateOf(row, now),
  };
}

/** What the audit record keeps of a code (everything the owner can change, and the uses). */
function snapshot(row: DiscountRow) {
  const { state: _state, id: _id, ...rest } = toAdminRow(row);
  return rest;
}

export function createAdminDiscountsService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  products: DiscountProductsPort;
}) {
  const { db, audit } = deps;

  async function record(
    tx: Queryable,
    actor: Actor,
    action: string,
    row: DiscountRow,
    details: Record<string, unknown>,
  ): Promise<void> {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      ip: actor.ip ?? null,
      action,
      subjectType: 'discount',
      subjectId: row.id,
      details: { code: row.code, ...details },
    });
  }

  /** Rules that need the clock or the stored code; field errors like the form's own. */
  function checkAgainst(input: DiscountInput, stored: DiscountRow | null, now: Date): void {
    const fieldErrors: Record<string, string[]> = {};
    const expiryChanged = input.expiresAt?.getTime() !== stored?.expiresAt?.getTime();
    if (input.expiresAt && input.expiresAt <= now && expiryChanged) {
      fieldErrors.expiresAt = ['The expiry is already past: choose a later date and time (Lagos time).'];
    }
    if (stored && input.usageLimit !== null && input.usageLimit < stored.usedCount) {
      fieldErrors.usageLimit = [
        `This code has been used ${stored.usedCount} times already: the limit cannot be lower than that.`,
      ];
    }
    const keys = Object.keys(fieldErrors);
    if (keys.length > 0) {
      const first = fieldErrors[keys[0]!]![0]!;
      throw new ValidationError(
        keys.length > 1 ? 'Please correct the highlighted fields.' : first,
        fieldErrors,
      );
    }
  }

  function duplicate(code: string): ValidationError {
    return new ValidationError(`There is already a code called ${code}: choose another.`, {
      code: [`There is already a code called ${code}: choose another.`],
    });
  }

  return {
    async list(actor: Actor, query: unknown): Promise<AdminDiscountsPage & { query: AdminDiscountsQuery }> {
      assertCan(actor, 'discounts.manage', 'Only an admin can manage discounts.');
      const filter = parseInput(AdminDiscountsQuery, query);
      const page = await listDiscountsPage(db, {
        text: filter.q?.toUpperCase(),
        state: filter.state,
        limit: DISCOUNTS_PAGE_SIZE,
        offset: (filter.page - 1) * DISCOUNTS_PAGE_SIZE,
      });
      const now = new Date();
      return {
        query: filter,
        items: page.rows.map((r) => toAdminRow(r, now)),
        total: page.total,
        page: filter.page,
        pageSize: DISCOUNTS_PAGE_SIZE,
      };
    },

    async get(actor: Actor, id: number): Promise<AdminDiscountRow> {
      assertCan(actor, 'discounts.manage', 'Only an admin can manage discounts.');
      const row = isRowId(id) ? await findDiscountById(db, id) : null;
      if (!row) throw new NotFoundError('There is no discount with that id.');
      return toAdminRow(row);
    },

    /** The picker's choices: active products matching `text`, and those already chosen. */
    async productChoices(
      actor: Actor,
      text: string,
      chosen: readonly number[],
    ): Promise<{ matches: DiscountProductChoice[]; chosen: DiscountProductChoice[] }> {
      assertCan(actor, 'discounts.manage', 'Only an admin can manage discounts.');
      // Ids as a form sent them: only those the catalogue's id filter takes (up to nine digits).
      const ids = chosen.filter((id) => isRowId(id) && id < 1_000_000_000).slice(0, 100);
      const [matches, picked] = await Promise.all([
        deps.products.search(text.trim().slice(0, 80)),
        ids.length > 0 ? deps.products.byIds(ids) : Promise.resolve([]),
      ]);
      return { matches, chosen: picked };
    },

    async create(actor: Actor, input: unknown): Promise<AdminDiscountRow> {
      assertCan(actor, 'discounts.manage', 'Only an admin can create discounts.');
      const values = parseInput(DiscountInput, input);
      checkAgainst(values, null, new Date());
      return db.transaction(async (tx) => {
        if (await findOtherWithCode(tx, values.code)) throw duplicate(values.code);
        const row = await insertDiscount(tx, values);
        if (!row) throw duplicate(values.code);
        await record(tx, actor, 'discount.created', row, { before: null, after: snapshot(row) });
        return toAdminRow(row);
      });
    },

    async update(actor: Actor, id: number, input: unknown): Promise<AdminDiscountRow> {
      assertCan(actor, 'discounts.manage', 'Only an admin can change discounts.');
      const values = parseInput(DiscountInput, input);
      return db.transaction(async (tx) => {
        const stored = isRowId(id) ? await lockDiscount(tx, id) : null;
        if (!stored) throw new NotFoundError('There is no discount with that id: it may have been deleted.');
        checkAgainst(values, stored, new Date());
        if (values.code !== stored.code && (await findOtherWithCode(tx, values.code, id)))
          throw duplicate(values.code);
        const row = await updateDiscount(tx, id, values);
        await record(tx, actor, 'discount.updated', row, { before: snapshot(stored), after: snapshot(row) });
        return toAdminRow(row);
      });
    },

    /** The list's toggle: the code works again, or stops working, at once. */
    async setActive(actor: Actor, id: number, input: unknown): Promise<AdminDiscountRow> {
      assertCan(actor, 'discounts.manage', 'Only an admin can change discounts.');
      const { active } = parseInput(ToggleDiscountInput, input);
      return db.transaction(async (tx) => {
        const stored = isRowId(id) ? await lockDiscount(tx, id) : null;
        if (!stored) throw new NotFoundError('There is no discount with that id: it may have been deleted.');
        if (stored.isActive === active)
          throw new ConflictError(`${stored.code} is already ${active ? 'active' : 'inactive'}.`);
        const row = await updateDiscount(tx, id, { isActive: active });
        await record(tx, actor, active ? 'discount.activated' : 'discount.deactivated', row, {
          before: { isActive: stored.isActive },
          after: { isActive: active },
        });
        return toAdminRow(row);
      });
    },

    /**
     * Deletes an unused code. A code any order carried is deactivated instead: the orders, their
     * receipts and the audit log keep pointing at it.
     */
    async remove(actor: Actor, id: number): Promise<{ code: string; outcome: 'deleted' | 'deactivated' }> {
      assertCan(actor, 'discounts.manage', 'Only an admin can delete discounts.');
      assertCan(actor, 'delete.any', 'Only an admin can delete discounts.');
      return db.transaction(async (tx) => {
        const stored = isRowId(id) ? await lockDiscount(tx, id) : null;
        if (!stored) throw new NotFoundError('There is no discount with that id: it may have been deleted.');
        if (await wasEverUsed(tx, stored)) {
          const row = stored.isActive ? await updateDiscount(tx, id, { isActive: false }) : stored;
          await record(tx, actor, 'discount.deactivated', row, {
            reason: 'delete requested; the code was used, so it is kept',
            before: { isActive: stored.isActive },
            after: { isActive: false },
          });
          return { code: stored.code, outcome: 'deactivated' as const };
        }
        await deleteDiscount(tx, id);
        await record(tx, actor, 'discount.deleted', stored, { before: snapshot(stored), after: null });
        return { code: stored.code, outcome: 'deleted' as const };
      });
    },
  };
}
