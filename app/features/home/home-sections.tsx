import { ArrowRight, ShieldCheck, Sparkles, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { ProductGrid } from '#app/features/catalog/product-card.tsx';
import type { Category, ProductSummary } from '#core/contract/catalog.ts';

export function ProductSection(props: {
  id: string;
  title: string;
  subtitle: string;
  products: ProductSummary[];
  viewAllTo: string;
  icon?: ReactNode;
  priorityCount?: number;
}) {
  if (props.products.length === 0) return null;
  const headingId = `${props.id}-title`;
  return (
    <section aria-labelledby={headingId} className="container-shop py-10 sm:py-14">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="section-title flex items-center gap-2">
            {props.icon}
            {props.title}
          </h2>
          <p className="mt-1 text-sm text-muted">{props.subtitle}</p>
        </div>
        <Link
          to={props.viewAllTo}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-plum-800 hover:text-plum-900"
        >
          View all <ArrowRight className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{props.title}</span>
        </Link>
      </div>
      <ProductGrid products={props.products} priorityCount={props.priorityCount} />
    </section>
  );
}

/** The spec's three, and the lace frontals and closures, so every category has a way in. */
const SHOP_BY_CATEGORY = ['wigs', 'bundles', 'braiding-hair', 'lace-frontals'] as const;

export function ShopByCategory({ categories }: { categories: Category[] }) {
  const shown = SHOP_BY_CATEGORY.flatMap((slug) => categories.filter((c) => c.slug === slug));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="categories-title" className="bg-sand/60 py-12 sm:py-16">
      <div className="container-shop">
        <h2 id="categories-title" className="section-title text-center">
          Shop by Category
        </h2>
        <p className="mt-1 text-center text-sm text-muted">Find the look that feels like you.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {shown.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/collections?category=${c.slug}`}
                className="group relative block overflow-hidden rounded-2xl bg-plum-100"
              >
                {c.image ? (
                  <ResponsiveImage
                    image={c.image}
                    alt=""
                    sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                    maxWidth={480}
                    className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-105 sm:aspect-[4/5]"
                  />
                ) : (
                  <div className="aspect-[4/3] sm:aspect-[4/5]" />
                )}
                <div className="absolute inset-0 bg-gradient-to-t from-plum-900/80 via-plum-900/10 to-transparent" />
                <div className="absolute inset-x-0 bottom-0 p-5 text-cream">
                  <h3 className="font-display text-2xl font-semibold">{c.name}</h3>
                  <p className="mt-1 text-sm text-cream/85">{c.description}</p>
                  <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-gold-300">
                    Shop {c.name.toLowerCase()} <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const SELLING_POINTS = [
  {
    icon: Sparkles,
    title: '100% Human Hair',
    text: 'Virgin and raw hair, graded honestly. Wash it, dye it, straighten it: it lasts for years with care.',
  },
  {
    icon: Truck,
    title: 'Fast Nationwide Delivery',
    text: 'Lagos in 1–2 working days, every other state in 2–5. Track your order from our door to yours.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure Payment',
    text: 'Pay by card, bank transfer or USSD, or pay on delivery in Lagos and Abuja. Prices always in naira.',
  },
] as const;

export function PromoBlock() {
  return (
    <section aria-labelledby="promo-title" className="container-shop py-12 sm:py-16">
      <h2 id="promo-title" className="sr-only">
        Why shop with us
      </h2>
      <ul className="grid gap-4 rounded-3xl bg-plum-800 p-6 text-cream sm:grid-cols-3 sm:p-10">
        {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-400 text-plum-900">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-display text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-cream/85">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
