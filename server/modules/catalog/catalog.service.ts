import { LRUCache } from 'lru-cache';
import { BEST_SELLER_MIN_SALES, HOME_SECTION_LIMIT, RELATED_PRODUCTS_LIMIT } from '#core/catalog.ts';
import {
  type Category,
  type ProductDetail,
  type ProductListPage,
  ProductListQuery,
  type ProductSummary,
} from '#core/contract/catalog.ts';
import type { Queryable } from '#server/db/client.ts';
import { TtlCache } from '#server/platform/cache.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  findProductRow,
  findProductStatus,
  findProductSummary,
  type ListingRules,
  listActiveProductRefs,
  listBestSellers,
  listCategories,
  listFlashSale,
  listImagesFor,
  listNewest,
  listProductPage,
  listRelatedProducts,
  listVariantsFor,
} from './catalog.repository.ts';
import {
  type LockedVariant,
  lockVariants,
  returnStock,
  takeStock,
  takeStockUnits,
} from './stock.repository.ts';

export type { LockedVariant };

/**
 * The catalogue's stock, for the modules that move it (checkout takes it, orders give it back):
 * every call runs on the caller's transaction handle, so taking stock, a promo use and writing
 * the order stay one transaction. Rows are locked, taken and returned in variant id order.
 */
export const stock = {
  /** Today's price and stock of these variants, their rows locked in id order. */
  lock: (q: Queryable, variantIds: readonly number[]): Promise<LockedVariant[]> =>
    lockVariants(q, variantIds),
  /** Takes `quantity` of a variant only if that many are on the shelf; false when not. */
  take: (q: Queryable, variantId: number, quantity: number): Promise<boolean> =>
    takeStock(q, variantId, quantity),
  /**
   * Takes all these units in one statement (the rows locked first with `lock`): true when every
   * one was on the shelf; false when any was short, and the caller must roll back.
   */
  async takeAll(q: Queryable, units: readonly { variantId: number; quantity: number }[]): Promise<boolean> {
    const wanted = new Map<number, number>();
    for (const u of units) wanted.set(u.variantId, (wanted.get(u.variantId) ?? 0) + u.quantity);
    const merged = [...wanted].map(([variantId, quantity]) => ({ variantId, quantity }));
    return (await takeStockUnits(q, merged)).length === merged.length;
  },
  /** Puts these units back on sale (the caller makes sure it happens once per order). */
  async putBack(q: Queryable, units: readonly { variantId: number; quantity: number }[]): Promise<void> {
    for (const unit of [...units].sort((a, b) => a.variantId - b.variantId)) {
      if (unit.quantity > 0) await returnStock(q, unit.variantId, unit.quantity);
    }
  },
};

export type StockPort = typeof stock;

/** Products created this recently are "new" (the New Arrivals listing). */
export const NEW_ARRIVAL_DAYS = 30;
const LISTING_RULES: ListingRules = {
  newArrivalDays: NEW_ARRIVAL_DAYS,
  // How closely a search must resemble a product's words to count as a typo-tolerant match.
  similarityThreshold: 0.5,
};

export interface HomeSections {
  flashSale: ProductSummary[];
  bestSellers: ProductSummary[];
  newArrivals: ProductSummary[];
}

/** How stale the shop-wide home sections and category list may be (see platform/cache.ts). */
export const CATALOG_CACHE_MS = 15_000;

export function createCatalogService(deps: { db: Queryable; cache?: TtlCache }) {
  const { db } = deps;
  const cache = deps.cache ?? new TtlCache();
  /**
   * A listing's raw query string (as the client spelled it) → its cache key. Parsing a string is
   * a pure function of it, so this never goes stale; what the key holds is still the cache's.
   */
  const listKeys = new LRUCache<string, string>({ max: 1000 });

  function listKey(query: ProductListQuery): string {
    return `catalog:list:${JSON.stringify(query)}`;
  }

  async function loadHomeSections(): Promise<HomeSections> {
    const [flashSale, bestSellers, newArrivals] = await Promise.all([
      listFlashSale(db, HOME_SECTION_LIMIT),
      listBestSellers(db, BEST_SELLER_MIN_SALES, HOME_SECTION_LIMIT),
      listNewest(db, HOME_SECTION_LIMIT),
    ]);
    return { flashSale, bestSellers, newArrivals };
  }

  async function loadProduct(id: number): Promise<ProductDetail | null> {
    const row = await findProductRow(db, id);
    if (!row) return null;
    const { product, categoryName } = row;
    const [summary, variants, images] = await Promise.all([
      findProductSummary(db, id),
      listVariantsFor(db, [id]),
      listImagesFor(db, [id]),
    ]);
    if (!summary) return null;
    return {
      ...summary,
      images: images.get(id) ?? [],
      variants: variants.get(id) ?? [],
      categoryName,
      description: product.description,
      grade: product.grade,
      origin: product.origin,
      texture: product.texture,
      details: Object.fromEntries(
        Object.entries(product.details).filter(([, v]) => typeof v === 'string' && v),
      ),
    };
  }

  async function loadList(query: ProductListQuery): Promise<ProductListPage> {
    const { items: summaries, total } = await listProductPage(db, query, LISTING_RULES);
    const ids = summaries.map((p) => p.id);
    const [variants, images] = await Promise.all([listVariantsFor(db, ids), listImagesFor(db, ids)]);
    return {
      items: summaries.map((p) => ({
        ...p,
        images: images.get(p.id) ?? [],
        variants: variants.get(p.id) ?? [],
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  return {
    /** Taking and returning stock inside another module's transaction (see `stock` above). */
    stock,

    /**
     * The home page's product rows (the spec's rules): flash-sale products, best sellers
     * (sales above 80, best first) and the newest arrivals, at most four each.
     */
    getHomeSections(): Promise<HomeSections> {
      return cache.get('catalog:home', CATALOG_CACHE_MS, loadHomeSections);
    },

    listCategories(): Promise<Category[]> {
      return cache.get('catalog:categories', CATALOG_CACHE_MS, () => listCategories(db));
    },

    /** Call after changing products, so this process shows the change at once. */
    invalidate(): void {
      cache.invalidate('catalog:');
    },

    /** Every active product's address parts, for the sitemap. */
    listProductRefs(): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
      return listActiveProductRefs(db);
    },

    /** One active product with everything its page needs, or null. */
    getProduct(id: number): Promise<ProductDetail | null> {
      return cache.get(`catalog:product:${id}:`, CATALOG_CACHE_MS, () => loadProduct(id));
    },

    /** Whether a product was archived ("deleted" by staff): its page answers 410 Gone (ADR 030). */
    async isArchived(id: number): Promise<boolean> {
      return (await findProductStatus(db, id)) === 'archived';
    },

    /** Up to four other products from the same category, best sellers first. */
    listRelated(product: { id: number; category: string }): Promise<ProductSummary[]> {
      // Other products' cards: forgotten with the listings (their prices, badges and order), which
      // is also what a product page's kept HTML is tagged with (ADR 040).
      return cache.get(`catalog:list:related:${product.id}:${product.category}`, CATALOG_CACHE_MS, () =>
        listRelatedProducts(db, product, RELATED_PRODUCTS_LIMIT),
      );
    },

    /**
     * The listing behind /collections and GET /api/v1/products: filter, search, sort and page in
     * the database. Throws ValidationError for parameters that make no sense.
     */
    async listProducts(input: unknown, rawQuery?: string): Promise<ProductListPage> {
      const query = parseInput(ProductListQuery, input);
      const key = listKey(query);
      if (rawQuery !== undefined) listKeys.set(rawQuery, key);
      return cache.get(key, CATALOG_CACHE_MS, () => loadList(query));
    },

    /**
     * The listing for a raw query string already answered through `listProducts(input, rawQuery)`,
     * when the cache holds it right now: no parsing, no load, no promise (the JSON API's fast path,
     * ADR 044). Undefined otherwise — then ask `listProducts`. The same invalidations forget it.
     */
    peekProducts(rawQuery: string): ProductListPage | undefined {
      const key = listKeys.get(rawQuery);
      return key === undefined ? undefined : cache.peek<ProductListPage>(key);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
