import { type SQL, sql } from 'drizzle-orm';
import { BEST_SELLER_MIN_SALES, CATEGORY_SLUGS, HOME_SECTION_LIMIT } from '#core/catalog.ts';
import type { Category, ProductSummary } from '#core/contract/catalog.ts';
import type { Queryable } from '#server/db/client.ts';
import { TtlCache } from '#server/platform/cache.ts';
import { listCategories, listProductSummaries } from './catalog.repository.ts';

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

  async function loadHomeSections(): Promise<HomeSections> {
    const [flashSale, bestSellers, newArrivals] = await Promise.all([
      listProductSummaries(db, {
        where: sql`p.is_flash_sale`,
        orderBy: sql`p.sales_count DESC, p.id`,
        limit: HOME_SECTION_LIMIT,
      }),
      listProductSummaries(db, {
        where: sql`p.sales_count > ${BEST_SELLER_MIN_SALES}`,
        orderBy: sql`p.sales_count DESC, p.id`,
        limit: HOME_SECTION_LIMIT,
      }),
      listProductSummaries(db, { orderBy: sql`p.created_at DESC, p.id DESC`, limit: HOME_SECTION_LIMIT }),
    ]);
    return { flashSale, bestSellers, newArrivals };
  }

  return {
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

    /**
     * A simple listing by category or name; the catalogue issue replaces it with ranked,
     * typo-tolerant search, price filters and paging.
     */
    async browse(input: { category: string; search: string }): Promise<ProductSummary[]> {
      const conditions: SQL[] = [];
      if ((CATEGORY_SLUGS as readonly string[]).includes(input.category)) {
        conditions.push(sql`p.category_slug = ${input.category}`);
      } else if (input.category === 'new') {
        conditions.push(sql`p.created_at > now() - interval '60 days'`);
      } else if (input.category === 'sale') {
        conditions.push(
          sql`(p.is_flash_sale OR EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.compare_at_price_kobo > pv.price_kobo))`,
        );
      }
      if (input.search) {
        const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(p.name ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
      }
      return listProductSummaries(db, {
        where: conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined,
        orderBy: sql`p.created_at DESC, p.id DESC`,
        limit: 60,
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
