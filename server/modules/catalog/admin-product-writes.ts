// Every change to a product from the admin portal, each one transaction with its audit record:
// the form's save — the checks that need the database (photos exist, SKUs free, rows belong to the
// product), a stock edit conditional on the stock the form was loaded with, ordered variants kept —
// and the status moves behind archive and restore. Each empties the catalogue's cache after commit
// (ADR 030). The permission checks and the form's parsing are the service's
// (admin-products.service.ts).
import { slugify } from '#core/catalog.ts';
import { type CheckedProduct, field, rowName } from '#core/product-draft.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { OrderedVariantsPort } from '#server/modules/orders/orders.ports.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import type { StaffActor } from '#server/platform/staff-actor.ts';
import {
  deleteVariants,
  existingMedia,
  findProduct,
  insertProduct,
  insertVariant,
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

type Actor = StaffActor;

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

export function createProductWrites(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The catalogue's cache: emptied after every change (storefront shows it at once). */
  invalidate: () => void;
  /** Which variants are on an order (the orders module's port). */
  orderedVariants: OrderedVariantsPort;
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

  return { write, changeStatus };
}
