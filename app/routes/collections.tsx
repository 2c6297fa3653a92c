import { Link } from 'react-router';
import { ProductGrid } from '#app/features/catalog/product-card.tsx';
import { CATEGORY_NAMES, type CategorySlug } from '#core/catalog.ts';
import type { Route } from './+types/collections';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'wigs', label: 'Wigs' },
  { value: 'bundles', label: 'Bundles' },
  { value: 'braiding-hair', label: 'Braiding Hair' },
  { value: 'lace-frontals', label: 'Lace Frontals' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get('category') ?? 'all';
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  const products = await context.services.catalog.browse({ category, search });
  return { products, category, search };
}

export function meta({ data }: Route.MetaArgs) {
  const name =
    data && data.category in CATEGORY_NAMES ? CATEGORY_NAMES[data.category as CategorySlug] : 'All products';
  return [{ title: `${data?.search ? `“${data.search}”` : name} | Crown Hair` }];
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { products, category, search } = loaderData;
  return (
    <section className="container-shop py-10">
      <h1 className="section-title">{search ? `Results for “${search}”` : 'Shop all products'}</h1>
      <nav aria-label="Filter by category" className="mt-6 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.value === 'all' ? '/collections' : `/collections?category=${f.value}`}
            aria-current={category === f.value ? 'page' : undefined}
            className={category === f.value ? 'btn-primary min-h-10' : 'btn-outline min-h-10'}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <div className="mt-8">
        {products.length === 0 ? (
          <p className="py-16 text-center text-muted">No products found matching your criteria.</p>
        ) : (
          <ProductGrid products={products} priorityCount={4} />
        )}
      </div>
    </section>
  );
}
