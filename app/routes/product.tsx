// /collections/:slug: one product with its variants. The slug ends in the product's id; any other
// spelling of the path redirects (301) to the canonical one.

import { data, redirect, type ShouldRevalidateFunction } from 'react-router';
import { productMeta } from '#app/features/product/product-meta.ts';
import { ProductNotFound, ProductView } from '#app/features/product/product-view.tsx';
import { PAGE_TAGS, sharePage } from '#app/lib/page-cache.server.ts';
import { parseProductId, productPath } from '#core/catalog.ts';
import type { Route } from './+types/product';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseProductId(params.slug);
  const product = id === null ? null : await context.services.catalog.getProduct(id);
  if (!product) {
    context.log.info({ slug: params.slug }, 'product not found');
    // An archived ("deleted") product is gone for good: 410 tells search engines to drop it (ADR 030).
    const gone = id !== null && (await context.services.catalog.isArchived(id));
    return data(
      { product: null, related: [], reviews: null, url: '', maxPerLine: 1 },
      { status: gone ? 410 : 404 },
    );
  }
  const url = new URL(request.url);
  const canonicalPath = productPath(product);
  if (url.pathname !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
  const reviewsPage = Number(url.searchParams.get('reviews') ?? 1);
  const [related, reviews] = await Promise.all([
    context.services.catalog.listRelated(product),
    context.services.reviews.forProduct(product.id, reviewsPage),
  ]);
  // Related products are cards like a listing's: their badges change with the listings.
  sharePage(context, [PAGE_TAGS.product(product.id), PAGE_TAGS.listings]);
  return {
    product,
    related,
    reviews,
    url: `${context.publicUrl}${canonicalPath}`,
    maxPerLine: context.services.cart.caps.maxQuantityPerLine,
  };
}

// Choosing a variant only changes ?variant=: the page already holds every variant, so no refetch
// (another page of reviews, ?reviews=, does need one).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod &&
  currentUrl.pathname === nextUrl.pathname &&
  currentUrl.searchParams.get('reviews') === nextUrl.searchParams.get('reviews')
    ? false
    : defaultShouldRevalidate;

export function meta({ data: loaderData }: Route.MetaArgs) {
  return productMeta(loaderData?.product ?? null, loaderData?.url ?? '');
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews, url, maxPerLine } = loaderData;
  if (!product || !reviews) return <ProductNotFound />;
  return (
    <ProductView
      key={product.id}
      product={product}
      related={related}
      reviews={reviews}
      url={url}
      maxPerLine={maxPerLine}
    />
  );
}
