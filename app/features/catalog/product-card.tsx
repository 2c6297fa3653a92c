import { Link } from 'react-router';
import { Price } from '#app/components/ui/price.tsx';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { Stars } from '#app/components/ui/stars.tsx';
import { CATEGORY_NAMES, isOnSale, percentOff, productPath, stockBadge } from '#core/catalog.ts';
import type { ProductSummary } from '#core/contract/catalog.ts';

export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const sale = isOnSale(product);
  const stock = stockBadge(product.stock);
  const href = productPath(product);
  return (
    <article className="group relative flex flex-col">
      <div className="relative overflow-hidden rounded-2xl bg-sand">
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 47vw"
            maxWidth={320}
            priority={priority}
            className="aspect-[4/5] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="aspect-[4/5] w-full bg-gradient-to-br from-plum-100 to-sand" />
        )}
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {sale ? (
            <span className="rounded-full bg-sale px-2.5 py-1 text-[11px] font-bold uppercase tracking-wide text-white">
              {`Sale −${percentOff(product.priceKobo, product.compareAtPriceKobo)}%`}
            </span>
          ) : null}
          {stock?.kind === 'low-stock' ? (
            <span className="rounded-full bg-gold-300 px-2.5 py-1 text-[11px] font-bold text-ink">
              {`${stock.left} left`}
            </span>
          ) : null}
          {stock?.kind === 'out-of-stock' ? (
            <span className="rounded-full bg-ink/80 px-2.5 py-1 text-[11px] font-bold text-white">
              Out of stock
            </span>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-[11px] font-semibold uppercase tracking-[0.14em] text-muted">
          {CATEGORY_NAMES[product.category]}
        </p>
        <h3 className="font-sans text-sm font-semibold leading-snug text-ink sm:text-base">
          <Link to={href} className="after:absolute after:inset-0 hover:text-plum-700" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        {product.rating ? (
          <p className="flex items-center gap-1 text-xs text-muted">
            <Stars rating={product.rating.average} label={`Rated ${product.rating.average} out of 5`} />
            <span aria-hidden="true">({product.rating.count})</span>
            <span className="sr-only">from {product.rating.count} reviews</span>
          </p>
        ) : null}
        <p className="mt-auto pt-1 text-sm">
          {product.variantCount > 1 ? <span className="mr-1 text-xs text-muted">From</span> : null}
          <Price kobo={product.priceKobo} compareAtKobo={product.compareAtPriceKobo} />
        </p>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
  columns = 4,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  columns?: 3 | 4;
}) {
  return (
    <ul
      className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
    >
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <div className="w-full">
            <ProductCard product={p} priority={i < priorityCount} />
          </div>
        </li>
      ))}
    </ul>
  );
}
