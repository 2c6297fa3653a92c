import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BEST_SELLER_MIN_SALES,
  CATEGORY_SLUGS,
  HOME_SECTION_LIMIT,
  RELATED_PRODUCTS_LIMIT,
} from '#core/catalog.ts';
import {
  type Category,
  type ProductDetail,
  type ProductListPage,
  ProductListQuery,
  type ProductSummary,
} from '#core/contract/catalog.ts';
import { nairaToKobo } from '#core/money.ts';
import type { Queryable } from '#server/db/client.ts';
import { TtlCache } from '#server/platform/cache.ts';
import { ValidationError } from '#server/platform/errors.ts';
import {
  countProducts,
  findProductRow,
  listActiveProductRefs,
  listCategories,
  listImagesFor,
  listProductSummaries,
  listVariantsFor,
} from './catalog.repository.ts';

/** Products created this recently are "new" (the New Arrivals listing). */
export const NEW_ARRIVAL_DAYS = 30;
/** How closely a search must resemble a product's words to count as a typo-tolerant match. */
const SIMILARITY_THRESHOLD = 0.5;

function listingConditions(query: ProductListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const { category } = query;
  if ((CATEGORY_SLUGS as readonly string[]).includes(category)) {
    conditions.push(sql`p.category_slug = ${category}`);
  } else if (category === 'new') {
    conditions.push(sql`p.created_at > now() - make_interval(days => ${NEW_ARRIVAL_DAYS})`);
  } else if (category === 'sale') {
    conditions.push(
      sql`(p.is_flash_sale OR EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.compare_at_price_kobo > pv.price_kobo))`,
    );
  }
  if (query.ids) {
    conditions.push(
      sql`p.id IN (${sql.join(
        query.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (query.minPrice > 0) conditions.push(sql`p.min_price_kobo >= ${nairaToKobo(query.minPrice)}`);
  if (query.maxPrice !== undefined) conditions.push(sql`p.min_price_kobo <= ${nairaToKobo(query.maxPrice)}`);
  if (query.search) {
    conditions.push(
      sql`(p.search_vector @@ websearch_to_tsquery('english', ${query.search}) OR word_similarity(${query.search.toLowerCase()}, p.search_text) > ${SIMILARITY_THRESHOLD})`,
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined;
}

function listingOrder(query: ProductListQuery): SQL {
  switch (query.sort) {
    case 'popular':
      return sql`p.sales_count DESC, p.id DESC`;
    case 'price-asc':
      return sql`p.min_price_kobo ASC, p.id ASC`;
    case 'price-desc':
      return sql`p.min_price_kobo DESC, p.id DESC`;
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    default:
      // No sort chosen: best match first when searching, otherwise newest first.
      return query.search
        ? sql`(ts_rank(p.search_vector, websearch_to_tsquery('english', ${query.search})) * 2 + word_similarity(${query.search.toLowerCase()}, p.search_text)) DESC, p.sales_count DESC, p.id DESC`
        : sql`p.created_at DESC, p.id DESC`;
  }
}

function validationErrorFrom(error: z.ZodError): ValidationError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'query';
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return new ValidationError(error.issues.map((i) => i.message).join(' '), fieldErrors);
}

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

  async function loadProduct(id: number): Promise<ProductDetail | null> {
    const row = await findProductRow(db, id);
    if (!row) return null;
    const { product, categoryName } = row;
    const [[summary], variants, images] = await Promise.all([
      listProductSummaries(db, { where: sql`p.id = ${id}`, orderBy: sql`p.id`, limit: 1 }),
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
    const where = listingConditions(query);
    const offset = (query.page - 1) * query.pageSize;
    const [summaries, total] = await Promise.all([
      listProductSummaries(db, { where, orderBy: listingOrder(query), limit: query.pageSize, offset }),
      countProducts(db, where),
    ]);
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
      return cache.get(`catalog:product:${id}`, CATALOG_CACHE_MS, () => loadProduct(id));
    },

    /** Up to four other products from the same category, best sellers first. */
    listRelated(product: { id: number; category: string }): Promise<ProductSummary[]> {
      return listProductSummaries(db, {
        where: sql`p.category_slug = ${product.category} AND p.id <> ${product.id}`,
        orderBy: sql`p.sales_count DESC, p.id`,
        limit: RELATED_PRODUCTS_LIMIT,
      });
    },

    /**
     * The listing behind /collections and GET /api/v1/products: filter, search, sort and page in
     * the database. Throws ValidationError for parameters that make no sense.
     */
    async listProducts(input: unknown): Promise<ProductListPage> {
      const parsed = ProductListQuery.safeParse(input);
      if (!parsed.success) throw validationErrorFrom(parsed.error);
      const query = parsed.data;
      return cache.get(`catalog:list:${JSON.stringify(query)}`, CATALOG_CACHE_MS, () => loadList(query));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
