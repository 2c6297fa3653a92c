// /wishlist: the products saved in this browser (local storage `wishlist`), fetched from the API.
import { Heart, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ProductCard } from '#app/features/catalog/product-card.tsx';
import { useWishlist } from '#app/features/product/wishlist.ts';
import type { ProductListItem } from '#core/contract/catalog.ts';

export function meta() {
  return [{ title: 'My Wishlist | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

type Loaded = { state: 'loading' } | { state: 'ready'; products: ProductListItem[] } | { state: 'error' };

export default function Wishlist() {
  const { ids, toggle, clear } = useWishlist();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [hydrated, setHydrated] = useState(false);
  const key = ids.join(',');

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!key) {
      setLoaded({ state: 'ready', products: [] });
      return;
    }
    const controller = new AbortController();
    fetch(`/api/v1/products?ids=${key}&pageSize=60`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((page: { items: ProductListItem[] }) => setLoaded({ state: 'ready', products: page.items }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setLoaded({ state: 'error' });
      });
    return () => controller.abort();
  }, [key]);

  if (!hydrated || (loaded.state === 'loading' && ids.length > 0)) {
    return (
      <section className="container-shop py-16 text-center">
        <h1 className="section-title">My Wishlist</h1>
        <p className="mt-3 text-muted" role="status">
          Loading your wishlist…
        </p>
        <noscript>
          <p className="mt-3 text-muted">
            Your wishlist is kept in this browser: turn on JavaScript to see it.
          </p>
        </noscript>
      </section>
    );
  }

  // Products that left the catalogue are not shown, in the order they were saved.
  const products =
    loaded.state === 'ready' ? ids.flatMap((id) => loaded.products.filter((p) => p.id === id)) : [];

  if (ids.length === 0 || (loaded.state === 'ready' && products.length === 0)) {
    return (
      <section className="container-shop flex flex-col items-center py-20 text-center">
        <Heart className="h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-semibold">Your wishlist is empty</h1>
        <p className="mt-2 text-muted">Save products you love to view them later!</p>
        <Link to="/collections" className="btn-primary mt-8">
          Start Shopping
        </Link>
      </section>
    );
  }

  return (
    <section className="container-shop py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="section-title">My Wishlist</h1>
          <p className="mt-1 text-sm text-muted">
            {products.length} {products.length === 1 ? 'item' : 'items'}
          </p>
        </div>
        <button type="button" className="btn-outline" onClick={clear}>
          Clear All
        </button>
      </div>
      {loaded.state === 'error' ? (
        <p className="mt-6 text-sale" role="alert">
          We could not load your saved products. Please check your connection and reload the page.
        </p>
      ) : null}
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.id} className="relative">
            <ProductCard product={p} />
            <button
              type="button"
              onClick={() => toggle(p.id)}
              aria-label={`Remove ${p.name} from wishlist`}
              className="absolute right-2 top-2 z-10 inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:text-sale"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
