// The admin portal's products (/admin/products): the list with its filters, one product for the
// form, the form's save — parsed and checked here, SKUs left empty suggested and made free, then
// written in one audited transaction by admin-product-writes.ts (variants kept by id, a stock edit
// conditional on the stock the form was loaded with) — and archive ("delete") and restore. Every
// change empties the catalogue's cache, so the storefront shows it at once (ADR 030).
import {
  type AdminProductDetail,
  type AdminProductsPage,
  AdminProductsQuery,
  PRODUCTS_PAGE_SIZE,
  ProductSaveInput,
} from '#core/contract/admin-products.ts';
import { checkDraft, draftFromForm, type ProductDraft } from '#core/product-draft.ts';
import { suggestSku } from '#core/variant-builder.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { OrderedVariantsPort } from '#server/modules/orders/orders.ports.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import { createProductWrites } from './admin-product-writes.ts';
import {
  findProduct,
  listAdminProducts,
  photosOf,
  skusTakenElsewhere,
  variantsOf,
} from './admin-products.repository.ts';

export type Actor = StaffActor;

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
  const { db } = deps;
  const { write, changeStatus } = createProductWrites(deps);

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
