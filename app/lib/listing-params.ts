// The listing's state lives in the URL: read it leniently (a mangled link still shows products)
// and write back only what differs from the defaults, so links stay short and shareable.
import {
  LISTING_CATEGORIES,
  LISTING_SORTS,
  type ListingCategory,
  type ListingSort,
  MAX_SEARCH_LENGTH,
  PRICE_FILTER_MAX_NAIRA,
  PRICE_RANGE_MAX_NAIRA,
} from '#core/catalog.ts';
import { formatPrice, nairaToKobo } from '#core/money.ts';

export interface ListingState {
  category: ListingCategory;
  search: string;
  sort?: ListingSort;
  minPrice: number;
  maxPrice?: number;
  page: number;
}

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

export function readListingState(params: URLSearchParams): ListingState {
  const category = params.get('category') ?? 'all';
  const sort = params.get('sort') ?? undefined;
  const minPrice = wholeNumber(params.get('minPrice'), 0, PRICE_FILTER_MAX_NAIRA) ?? 0;
  let maxPrice = wholeNumber(params.get('maxPrice'), 0, PRICE_FILTER_MAX_NAIRA);
  if (maxPrice !== undefined && maxPrice >= PRICE_RANGE_MAX_NAIRA) maxPrice = undefined; // top of the range: no limit
  return {
    category: (LISTING_CATEGORIES as readonly string[]).includes(category)
      ? (category as ListingCategory)
      : 'all',
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    sort: sort && (LISTING_SORTS as readonly string[]).includes(sort) ? (sort as ListingSort) : undefined,
    minPrice: maxPrice !== undefined && minPrice > maxPrice ? 0 : minPrice,
    maxPrice,
    page: wholeNumber(params.get('page'), 1, 10_000) ?? 1,
  };
}

/** The /collections link for `state` with `changes` applied; any change but the page goes back to page 1. */
export function listingHref(state: ListingState, changes: Partial<ListingState> = {}): string {
  const next = { ...state, ...('page' in changes ? {} : { page: 1 }), ...changes };
  const params = new URLSearchParams();
  if (next.category !== 'all') params.set('category', next.category);
  if (next.search) params.set('search', next.search);
  if (next.sort) params.set('sort', next.sort);
  if (next.minPrice > 0) params.set('minPrice', String(next.minPrice));
  if (next.maxPrice !== undefined) params.set('maxPrice', String(next.maxPrice));
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `/collections?${query}` : '/collections';
}

/** A price slider's end in naira as the listing shows it; the top of the range means "and above". */
export function priceRangeLabel(naira: number): string {
  const price = formatPrice(nairaToKobo(naira));
  return naira >= PRICE_RANGE_MAX_NAIRA ? `${price}+` : price;
}

/** Where the filter form leads: only what differs from the defaults, the page back to 1. */
export function filtersHref(current: ListingState, form: FormData): string {
  const min = Number(form.get('minPrice') ?? 0);
  const max = Number(form.get('maxPrice') ?? PRICE_RANGE_MAX_NAIRA);
  return listingHref(current, {
    minPrice: min,
    maxPrice: max >= PRICE_RANGE_MAX_NAIRA ? undefined : max,
    sort: (form.get('sort') as ListingSort | null) || undefined,
  });
}
