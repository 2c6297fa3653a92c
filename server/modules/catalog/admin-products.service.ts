// The admin portal's products (/admin/products): the list with its filters, the form's save — one
// transaction with its audit record, variants kept by id, a stock edit conditional on the stock the
// form was loaded with — and archive ("delete") and restore. Every change empties the catalogue's
// cache, so the storefront shows it at once (ADR 030).
import { slugify } from '#core/catalog.ts';
import {
  type AdminProductDetail,
  type AdminProductsPage,
  AdminProductsQuery,
  PRODUCTS_PAGE_SIZE,
  ProductSaveInput,
} from '#core/contract/admin-products.ts';
import {
  type CheckedProduct,
  checkDraft,
  draftFromForm,
  field,
  type ProductDraft,
  rowName,
} from '#core/product-draft.ts';
import { suggestSku } from '#core/variant-builder.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { OrderedVariantsPort } from '#server/modules/orders/orders.ports.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  deleteVariants,
  existingMedia,
  findProduct,
  insertProduct,
  insertVariant,
  listAdminProducts,
  lockProduct,
  lockVariantsOf,
  type ProductRow,
  parkSkus,
  photosOf,
  replacePhotos,
  setStatus,
  skusTakenElsewhere,
  updateProduct,
  updateVariant,
  type VariantRow,
  variantsOf,
} from './admin-products.repository.ts';

export type Actor = StaffActor;

/**
 * A stock edit refused because a sale (or another edit) changed the stock since the form was
 * loaded: nothing was saved. `currentStock` maps the form's row index to today's figure.
 */
export class StockConflictError extends ConflictError {
  override readonly code = 'stock_changed';
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]>,
    readonly currentStock: Record<number, number>,
  ) {
    super(message);
  }
}

/** The facts of a product the audit log keeps before and after a change. */
function snapshot(product: ProductRow, variants: VariantRow[], photos: string[]) {
  return {
    name: product.name,
    category: product.categorySlug,
    subcategory: product.subcategory,
    status: product.status,
    isFlashSale: product.isFlashSale,
    grade: product.grade,
    origin: product.origin,
    texture: product.texture,
    description: product.description,
    details: product.details,
    variants: [...variants]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        options: v.options,
        priceKobo: v.priceKobo,
        compareAtPriceKobo: v.compareAtPriceKobo,
        stock: v.stock,
      })),
    photos,
  };
}

/** Only what changed, before and after (the audit log shows one line per field). */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

export function createAdminProductsService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The catalogue's cache: emptied after every change (storefront shows it at once). */
  invalidate: () => void;
  /** Which variants are on an order (the orders module's port). */
  orderedVariants: OrderedVariantsPort;
  /** The shop's low-stock threshold (units per variant; a setting, as the dashboard reads it). */
  lowStockThreshold: () => Promise<number>;
}) {
  const { db, audit } = deps;

  async function stored(q: Queryable, product: ProductRow) {
    const [variants, photos] = await Promise.all([variantsOf(q, product.id), photosOf(q, product.id)]);
    return snapshot(
      product,
      variants,
      photos.map((p) => p.mediaId),
    );
  }

  /** The checks that need the database: photos exist, SKUs free, rows belong to this product. */
  async function checkAgainstDatabase(
    tx: Queryable,
    input: CheckedProduct,
    productId: number | null,
    existing: VariantRow[],
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    const found = await existingMedia(
      tx,
      input.photos.map((p) => p.mediaId),
    );
    const missing = input.photos.filter((p) => !found.has(p.mediaId));
    if (missing.length > 0) errors.photos = ['A photo of this product no longer exists: upload it again.'];
    const taken = await skusTakenElsewhere(
      tx,
      input.variants.map((v) => v.sku),
      productId,
    );
    const mine = new Map(existing.map((v) => [v.id, v]));
    input.variants.forEach((v, i) => {
      if (taken.has(v.sku)) errors[field.row(i, 'sku')] = [`The SKU ${v.sku} belongs to another product.`];
      if (v.id !== undefined && !mine.has(v.id))
        errors[field.row(i, 'id')] = ['This form is out of date: open the product again.'];
    });
    if (Object.keys(errors).length > 0) {
      const messages = Object.values(errors);
      throw new ValidationError(
        messages.length > 1 ? 'Please correct the highlighted fields.' : messages[0]![0]!,
        errors,
      );
    }
  }

  /** Refused when a sale changed a stock the owner changed too; nothing is overwritten. */
  function checkStock(input: CheckedProduct, existing: VariantRow[]): Set<number> {
    const byId = new Map(existing.map((v) => [v.id, v]));
    const errors: Record<string, string[]> = {};
    const current: Record<number, number> = {};
    const writeStock = new Set<number>();
    input.variants.forEach((v, i) => {
      if (v.id === undefined) return;
      const row = byId.get(v.id)!;
      const loaded = v.loadedStock ?? row.stock;
      if (v.stock === loaded) return; // not edited: a sale meanwhile stands
      if (row.stock !== loaded) {
        current[i] = row.stock;
        errors[field.row(i, 'stock')] = [
          `Stock of ${rowName(v)} changed to ${row.stock} while you edited (it was ${loaded}): a sale or another edit happened. Check the figure and save again.`,
        ];
        return;
      }
      writeStock.add(v.id);
    });
    if (Object.keys(current).length > 0) {
      throw new StockConflictError(
        'Stock changed while you were editing, so nothing was saved. The new figures are shown: check them and save again.',
        errors,
        current,
      );
    }
    return writeStock;
  }

  async function refuseOrderedRemovals(tx: Queryable, removed: VariantRow[]): Promise<void> {
    const ordered = await deps.orderedVariants(
      tx,
      removed.map((v) => v.id),
    );
    const kept = removed.filter((v) => ordered.has(v.id));
    if (kept.length > 0) {
      const names = kept.map((v) => rowName(v)).join(', ');
      throw new ValidationError(
        `${names} ${kept.length === 1 ? 'has' : 'have'} been ordered, so ${kept.length === 1 ? 'it stays' : 'they stay'}: keep ${kept.length === 1 ? 'its' : 'their'} values and set the stock to 0 to stop selling ${kept.length === 1 ? 'it' : 'them'}.`,
        { rows: [`Ordered variants cannot be removed: ${names}.`] },
      );
    }
  }

  async function write(actor: Actor, productId: number | null, input: CheckedProduct): Promise<number> {
    const fields = {
      name: input.name,
      slug: slugify(input.name) || 'product',
      categorySlug: input.category,
      subcategory: input.subcategory,
      description: input.description,
      status: input.status,
      isFlashSale: input.isFlashSale,
      grade: input.grade,
      origin: input.origin,
      texture: input.texture,
      details: input.details,
    };
    const id = await db.transaction(async (tx) => {
      let before: ReturnType<typeof snapshot> | null = null;
      let existing: VariantRow[] = [];
      let id: number;
      if (productId !== null) {
        const product = await lockProduct(tx, productId);
        if (!product) throw new NotFoundError('There is no product with that id.');
        if (product.status === 'archived')
          throw new ConflictError('This product is archived: restore it before editing.');
        existing = await lockVariantsOf(tx, productId);
        before = snapshot(
          product,
          existing,
          (await photosOf(tx, productId)).map((p) => p.mediaId),
        );
        await checkAgainstDatabase(tx, input, productId, existing);
        const writeStock = checkStock(input, existing);
        const keptIds = new Set(input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
        const removed = existing.filter((v) => !keptIds.has(v.id));
        await refuseOrderedRemovals(tx, removed);
        await updateProduct(tx, productId, fields);
        await deleteVariants(
          tx,
          removed.map((v) => v.id),
        );
        const byId = new Map(existing.map((v) => [v.id, v]));
        await parkSkus(
          tx,
          input.variants.flatMap((v) => (v.id !== undefined && byId.get(v.id)?.sku !== v.sku ? [v.id] : [])),
        );
        id = productId;
        for (const [position, v] of input.variants.entries()) {
          const values = {
            sku: v.sku,
            options: v.options,
            position,
            priceKobo: v.priceKobo,
            compareAtPriceKobo: v.compareAtPriceKobo,
          };
          if (v.id === undefined) await insertVariant(tx, id, { ...values, stock: v.stock });
          else await updateVariant(tx, v.id, writeStock.has(v.id) ? { ...values, stock: v.stock } : values);
        }
      } else {
        await checkAgainstDatabase(tx, input, null, []);
        const product = await insertProduct(tx, fields);
        id = product.id;
        for (const [position, v] of input.variants.entries()) {
          await insertVariant(tx, id, {
            sku: v.sku,
            options: v.options,
            position,
            priceKobo: v.priceKobo,
            compareAtPriceKobo: v.compareAtPriceKobo,
            stock: v.stock,
          });
        }
      }
      await replacePhotos(tx, id, input.photos);
      const saved = await findProduct(tx, id);
      const after = await stored(tx, saved!);
      await audit.record(tx, {
        actorUserId: actor.user.id,
        ip: actor.ip ?? null,
        action: before ? 'product.update' : 'product.create',
        subjectType: 'product',
        subjectId: id,
        details: before ? { name: input.name, ...changes(before, after) } : { name: input.name, after },
      });
      return id;
    });
    deps.invalidate();
    return id;
  }

  async function changeStatus(actor: Actor, id: number, to: 'archived' | 'active') {
    await db.transaction(async (tx) => {
      const product = await lockProduct(tx, id);
      if (!product) throw new NotFoundError('There is no product with that id.');
      if (to === 'archived' && product.status === 'archived')
        throw new ConflictError('This product is already archived.');
      if (to === 'active' && product.status !== 'archived')
        throw new ConflictError('This product is not archived.');
      await setStatus(tx, id, to);
      await audit.record(tx, {
        actorUserId: actor.user.id,
        ip: actor.ip ?? null,
        action: to === 'archived' ? 'product.archive' : 'product.restore',
        subjectType: 'product',
        subjectId: id,
        details: { name: product.name, before: { status: product.status }, after: { status: to } },
      });
    });
    deps.invalidate();
  }

  /**
   * The draft with the rows `pick` chooses given SKUs no other product has and no other row of
   * this one: the row's SKU as it stands, else "-2", "-3"… after it (up to "-21").
   */
  async function freeSkus(
    id: number | null,
    draft: ProductDraft,
    pick: (row: ProductDraft['rows'][number]) => boolean,
  ): Promise<ProductDraft> {
    const picked = draft.rows.map(pick);
    const candidates = draft.rows.flatMap((r, i) => {
      if (!picked[i]) return [];
      const base = r.sku.trim().toUpperCase();
      return [base, ...Array.from({ length: 20 }, (_, n) => `${base}-${n + 2}`)];
    });
    if (candidates.length === 0) return draft;
    const taken = await skusTakenElsewhere(db, candidates, id);
    const used = new Set(draft.rows.flatMap((r, i) => (picked[i] ? [] : [r.sku.trim().toUpperCase()])));
    return {
      ...draft,
      rows: draft.rows.map((r, i) => {
        if (!picked[i]) return r;
        const base = r.sku.trim().toUpperCase();
        let sku = base;
        for (let n = 2; (taken.has(sku) || used.has(sku)) && n <= 21; n++) sku = `${base}-${n}`;
        used.add(sku);
        return { ...r, sku };
      }),
    };
  }

  /**
   * A SKU left empty ("Made for you when left empty") is suggested here, on the server, and made
   * free like the builder's (issue 29: a single-price product's initials clashed with another
   * product's, and the save was refused). A SKU the owner typed is kept as typed: a clash is
   * theirs to see and change.
   */
  function withSuggestedSkus(id: number | null, draft: ProductDraft): Promise<ProductDraft> {
    const blank = new Set(draft.rows.filter((r) => r.sku.trim() === ''));
    if (blank.size === 0) return Promise.resolve(draft);
    const suggested: ProductDraft = {
      ...draft,
      rows: draft.rows.map((r) =>
        blank.has(r) ? { ...r, sku: suggestSku(draft.name.trim(), r.options) } : r,
      ),
    };
    const chosen = new Set(suggested.rows.filter((_, i) => blank.has(draft.rows[i]!)));
    return freeSkus(id, suggested, (r) => chosen.has(r));
  }

  return {
    /** The list page: one page of products matching the filter (archived ones only when asked). */
    async list(actor: Actor, rawQuery: unknown): Promise<AdminProductsPage> {
      assertCan(actor, 'products.view', 'You cannot see products.');
      const query = parseInput(AdminProductsQuery, rawQuery);
      const threshold = await deps.lowStockThreshold();
      const { items, total } = await listAdminProducts(db, query, {
        threshold,
        limit: PRODUCTS_PAGE_SIZE,
        offset: (query.page - 1) * PRODUCTS_PAGE_SIZE,
      });
      return {
        items,
        total,
        page: query.page,
        pageSize: PRODUCTS_PAGE_SIZE,
        lowStockThreshold: threshold,
        query,
      };
    },

    /** One product as stored, for the edit page. */
    async detail(actor: Actor, id: number): Promise<AdminProductDetail> {
      assertCan(actor, 'products.view', 'You cannot see products.');
      const product = await findProduct(db, id);
      if (!product) throw new NotFoundError('There is no product with that id.');
      const [variants, photos] = await Promise.all([variantsOf(db, id), photosOf(db, id)]);
      return {
        id: product.id,
        slug: product.slug,
        name: product.name,
        category: product.categorySlug as AdminProductDetail['category'],
        subcategory: product.subcategory,
        description: product.description,
        status: product.status,
        isFlashSale: product.isFlashSale,
        grade: product.grade,
        origin: product.origin,
        texture: product.texture,
        details: Object.fromEntries(
          Object.entries(product.details).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        variants: variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          options: v.options as Record<string, string>,
          priceKobo: v.priceKobo,
          compareAtPriceKobo: v.compareAtPriceKobo,
          stock: v.stock,
        })),
        photos,
        updatedAt: product.updatedAt.toISOString(),
      };
    },

    /**
     * Saves the product form (a flat record of the posted strings; `photos` = media ids in order,
     * comma-separated): creates when `id` is null. Returns the product's id. Throws
     * ValidationError (field errors by form field name) or StockConflictError; nothing is saved then.
     */
    async saveForm(actor: Actor, id: number | null, values: Record<string, string>): Promise<number> {
      assertCan(actor, 'products.edit', 'Only an admin can change products.');
      const checked = checkDraft(await withSuggestedSkus(id, draftFromForm(values)));
      if (!checked.ok) {
        const messages = Object.values(checked.fieldErrors);
        throw new ValidationError(
          messages.length > 1 ? 'Please correct the highlighted fields.' : messages[0]![0]!,
          checked.fieldErrors,
        );
      }
      return write(actor, id, parseInput(ProductSaveInput, checked.input));
    },

    /**
     * The draft with its new rows' SKUs made unique against the whole catalogue (a suggested
     * "BSW-12IN" already sold by another product becomes "BSW-12IN-2"), for the variant builder.
     */
    withFreeSkus(id: number | null, draft: ProductDraft): Promise<ProductDraft> {
      return freeSkus(id, draft, (r) => !r.id && r.sku.trim() !== '');
    },

    /** "Delete": the product leaves the storefront at once; orders, reviews and the log keep it. */
    async archive(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'delete.any', 'Only an admin can delete products.');
      await changeStatus(actor, id, 'archived');
    },

    /** Back on sale (status active). */
    async restore(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'delete.any', 'Only an admin can restore products.');
      await changeStatus(actor, id, 'active');
    },
  };
}
