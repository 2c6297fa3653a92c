import { Flame, Sparkles, Star } from 'lucide-react';
import { HeroSlider } from '#app/features/home/hero-slider.tsx';
import { ProductSection, PromoBlock, ShopByCategory } from '#app/features/home/home-sections.tsx';
import { PAGE_TAGS, sharePage } from '#app/lib/page-cache.server.ts';
import { STATIC_PAGE } from '#app/lib/page-handle.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { ogImageUrl } from '#core/media.ts';
import type { Route } from './+types/_index';

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => {
  const { catalog, content } = context.services;
  const [heroSlides, sections, categories] = await Promise.all([
    content.listHeroSlides(),
    catalog.getHomeSections(),
    catalog.listCategories(),
  ]);
  sharePage(context, [PAGE_TAGS.home, PAGE_TAGS.categories]);
  return { heroSlides, ...sections, categories, canonical: `${context.publicUrl}/` };
});

export function meta({ data }: Route.MetaArgs) {
  const slide = data?.heroSlides[0];
  return pageMeta({
    title: 'Crown Hair | Human Hair Wigs, Bundles, Frontals & Braiding Hair in Nigeria',
    description:
      'Shop 100% human hair wigs, bundles, lace frontals and braiding hair in naira. Fast delivery across Nigeria, pay on delivery in Lagos and Abuja.',
    url: data?.canonical ?? '/',
    image: data && slide ? `${new URL(data.canonical).origin}${ogImageUrl(slide.image.id)}` : undefined,
  });
}

/** Served without React in the browser; app/islands enhances it (ADR 039). */
export const handle = STATIC_PAGE;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { heroSlides, flashSale, bestSellers, newArrivals, categories } = loaderData;
  return (
    <>
      <h1 className="sr-only">Crown Hair: human hair wigs, bundles, frontals and braiding hair</h1>
      <HeroSlider slides={heroSlides} />
      <ProductSection
        id="flash-sale"
        title="Flash Sale"
        subtitle="Limited-time prices on customer favourites."
        products={flashSale}
        viewAllTo="/collections?category=sale"
        icon={<Flame className="h-6 w-6 text-sale" aria-hidden="true" />}
      />
      <ProductSection
        id="best-sellers"
        title="Best Sellers"
        subtitle="The hair our customers come back for."
        products={bestSellers}
        viewAllTo="/collections?sort=popular"
        icon={<Star className="h-6 w-6 text-gold-500" aria-hidden="true" />}
      />
      <ProductSection
        id="new-arrivals"
        title="New Arrivals"
        subtitle="Fresh textures and colours, just landed."
        products={newArrivals}
        viewAllTo="/collections?category=new"
        icon={<Sparkles className="h-6 w-6 text-plum-700" aria-hidden="true" />}
      />
      <ShopByCategory categories={categories} />
      <PromoBlock />
    </>
  );
}
