// Catalogue rules shared by the server and the screens: categories, badges, home sections, URLs.

export const CATEGORY_SLUGS = ['wigs', 'bundles', 'braiding-hair', 'lace-frontals'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const CATEGORY_NAMES: Record<CategorySlug, string> = {
  wigs: 'Wigs',
  bundles: 'Bundles',
  'braiding-hair': 'Braiding Hair',
  'lace-frontals': 'Lace Frontals',
};

/** The spec's constants. */
export const HOME_SECTION_LIMIT = 4;
export const RELATED_PRODUCTS_LIMIT = 4;
export const BEST_SELLER_MIN_SALES = 80; // "sales above 80"
export const LOW_STOCK_THRESHOLD = 5; // "stock is 5 or fewer"

export function isBestSeller(product: { salesCount: number }): boolean {
  return product.salesCount > BEST_SELLER_MIN_SALES;
}

export function isOnSale(product: { priceKobo: number; compareAtPriceKobo: number | null }): boolean {
  return product.compareAtPriceKobo !== null && product.compareAtPriceKobo > product.priceKobo;
}

export type StockBadge = { kind: 'out-of-stock' } | { kind: 'low-stock'; left: number } | null;

export function stockBadge(stock: number): StockBadge {
  if (stock <= 0) return { kind: 'out-of-stock' };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: 'low-stock', left: stock };
  return null;
}

/** Percentage saved, rounded down so we never overstate a discount. */
export function percentOff(priceKobo: number, compareAtPriceKobo: number | null): number {
  if (compareAtPriceKobo === null || compareAtPriceKobo <= priceKobo) return 0;
  return Math.floor(((compareAtPriceKobo - priceKobo) / compareAtPriceKobo) * 100);
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/["”″]/g, '-inch')
    .replace(/%/g, '-percent')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Product pages live at /collections/{slug}-{id}: the id is the last hyphen-separated piece. */
export function productPath(product: { slug: string; id: number }): string {
  return `/collections/${product.slug}-${product.id}`;
}

export function parseProductId(slugParam: string): number | null {
  const last = slugParam.split('-').pop() ?? '';
  if (!/^\d{1,9}$/.test(last)) return null;
  const id = Number(last);
  return id > 0 ? id : null;
}

// ── Listing (/collections and GET /api/v1/products) ────────────────────────────────────────────

/**
 * Listings that open more than one category: the menu's "Bundles & Lace" (the spec's wording)
 * shows the bundles and the lace frontals and closures sold to go with them (ADR 066).
 */
export const LISTING_GROUPS = {
  'bundles-and-lace': { name: 'Bundles & Lace', categories: ['bundles', 'lace-frontals'] },
} as const satisfies Record<string, { name: string; categories: readonly CategorySlug[] }>;
export type ListingGroup = keyof typeof LISTING_GROUPS;

export function isListingGroup(value: string): value is ListingGroup {
  return Object.hasOwn(LISTING_GROUPS, value);
}

export const LISTING_CATEGORIES = ['all', ...CATEGORY_SLUGS, 'bundles-and-lace', 'new', 'sale'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const LISTING_SORTS = ['newest', 'popular', 'price-asc', 'price-desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/** The spec's price range, in naira. The top of the range means "and above". */
export const PRICE_RANGE_MAX_NAIRA = 200_000;

/**
 * The largest whole-naira price a filter takes: in kobo it must still fit the price columns
 * (PostgreSQL integer, 2³¹−1 kobo), or the query would fail rather than find nothing (ADR 048).
 */
export const PRICE_FILTER_MAX_NAIRA = 21_474_836;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
