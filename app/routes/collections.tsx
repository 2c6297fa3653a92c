import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Form, Link } from 'react-router';
import { type ListingState, listingHref, readListingState } from '#app/features/catalog/listing-params.ts';
import { PriceRange } from '#app/features/catalog/price-range.tsx';
import { ProductGrid } from '#app/features/catalog/product-card.tsx';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { PAGE_TAGS, sharePage } from '#app/lib/page-cache.server.ts';
import { STATIC_PAGE } from '#app/lib/page-handle.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import {
  CATEGORY_NAMES,
  type CategorySlug,
  isListingGroup,
  LISTING_GROUPS,
  type ListingSort,
} from '#core/catalog.ts';
import { ogImageUrl } from '#core/media.ts';
import type { Route } from './+types/collections';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'wigs', label: 'Wigs' },
  { value: 'bundles', label: 'Bundles' },
  { value: 'braiding-hair', label: 'Braiding Hair' },
  { value: 'lace-frontals', label: 'Lace Frontals' },
] as const;

const SORTS: { value: ListingSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'popular', label: 'Most popular' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const state = readListingState(url.searchParams);
  const result = await context.services.catalog.listProducts(state);
  sharePage(context, [PAGE_TAGS.listings, PAGE_TAGS.categories]);
  return { state, ...result, canonical: `${context.publicUrl}${listingHref(state)}` };
});

/** Served without React in the browser: app/islands/listing.ts enhances the filters (ADR 039). */
export const handle = STATIC_PAGE;

function headingFor(state: ListingState): string {
  if (state.search) return `Results for “${state.search}”`;
  if (state.category === 'new') return 'New Arrivals';
  if (state.category === 'sale') return 'Sale';
  if (isListingGroup(state.category)) return LISTING_GROUPS[state.category].name;
  if (state.category !== 'all') return CATEGORY_NAMES[state.category as CategorySlug];
  return 'All Products';
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Shop | Crown Hair' }];
  const heading = headingFor(data.state);
  const first = data.items.find((i) => i.image)?.image;
  return pageMeta({
    title: `${heading}${data.state.page > 1 ? ` (page ${data.state.page})` : ''} | Crown Hair`,
    description: `${heading}: ${data.total} human hair ${data.total === 1 ? 'product' : 'products'} in naira, delivered across Nigeria.`,
    url: data.canonical,
    image: first ? `${new URL(data.canonical).origin}${ogImageUrl(first.id)}` : undefined,
  });
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { state, items, total, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const activeFilter = (FILTERS as readonly { value: string }[]).some((f) => f.value === state.category)
    ? state.category
    : null;

  return (
    <section className="container-shop py-8 sm:py-10">
      <h1 className="section-title">{headingFor(state)}</h1>

      <nav aria-label="Filter by category" className="mt-5 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={listingHref(state, { category: f.value })}
            aria-current={activeFilter === f.value ? 'page' : undefined}
            className={activeFilter === f.value ? 'btn-primary min-h-10' : 'btn-outline min-h-10'}
          >
            {f.label}
          </Link>
        ))}
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <Form
          method="get"
          action="/collections"
          className="space-y-6 self-start rounded-2xl bg-white/70 p-4 ring-1 ring-ink/10"
          {...mark(HOOK.listingFilters)}
        >
          {state.category !== 'all' ? <input type="hidden" name="category" value={state.category} /> : null}
          {state.search ? <input type="hidden" name="search" value={state.search} /> : null}
          <div>
            <label htmlFor="sort" className="mb-1 block text-sm font-semibold">
              Sort by
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={state.sort ?? (state.search ? '' : 'newest')}
              className="input"
            >
              {state.search ? <option value="">Best match</option> : null}
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <PriceRange
            key={`${state.minPrice}-${state.maxPrice}`}
            minPrice={state.minPrice}
            maxPrice={state.maxPrice}
          />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1">
              Apply
            </button>
            {state.minPrice > 0 || state.maxPrice !== undefined ? (
              <Link to={listingHref(state, { minPrice: 0, maxPrice: undefined })} className="btn-outline">
                Reset
              </Link>
            ) : null}
          </div>
        </Form>

        <div>
          {/* The cards' names are h3: this keeps the headings in order for screen readers. */}
          <h2 className="sr-only">Products</h2>
          <p className="mb-4 text-sm text-muted">
            {total === 0
              ? '0 products'
              : `Showing ${first}–${last} of ${total} ${total === 1 ? 'product' : 'products'}`}
          </p>
          {items.length === 0 ? (
            <p className="rounded-2xl bg-sand/60 py-16 text-center text-muted">
              No products found matching your criteria.
            </p>
          ) : (
            <ProductGrid products={items} priorityCount={2} columns={3} />
          )}
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-1">
              {page > 1 ? (
                <Link
                  to={listingHref(state, { page: page - 1 })}
                  className="btn-outline min-h-10 px-3"
                  rel="prev"
                >
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
                </Link>
              ) : null}
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  to={listingHref(state, { page: n })}
                  aria-label={`Page ${n}`}
                  aria-current={n === page ? 'page' : undefined}
                  className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full text-sm font-semibold ${
                    n === page ? 'bg-plum-800 text-white' : 'hover:bg-plum-50'
                  }`}
                >
                  {n}
                </Link>
              ))}
              {page < pages ? (
                <Link
                  to={listingHref(state, { page: page + 1 })}
                  className="btn-outline min-h-10 px-3"
                  rel="next"
                >
                  Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}
