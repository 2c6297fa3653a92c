// /collections/:slug: one product with its variants. The slug ends in the product's id; any other
// spelling of the path redirects (301) to the canonical one. The page is not hydrated (ADR 039):
// the islands script (app/islands/product.ts) enhances it; choosing a variant is a link (?variant=).

import { data, redirect } from 'react-router';
import { productMeta } from '#app/features/product/product-meta.ts';
import { ProductNotFound, ProductView } from '#app/features/product/product-view.tsx';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { PAGE_TAGS, sharePage } from '#app/lib/page-cache.server.ts';
import { STATIC_PAGE } from '#app/lib/page-handle.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { parseProductId, productPath } from '#core/catalog.ts';
import type { Route } from './+types/collections.$slug';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const id = parseProductId(params.slug);
  const product = id === null ? null : await context.services.catalog.getProduct(id);
  if (!product) {
    context.log.info({ slug: params.slug }, 'product not found');
    // An archived ("deleted") product is gone for good: 410 tells search engines to drop it (ADR 030).
    const gone = id !== null && (await context.services.catalog.isArchived(id));
    return data(
      {
        product: null,
        related: [],
        reviews: null,
        reviewViewer: null,
        url: '',
        maxPerLine: 1,
        backInStock: null,
      },
      { status: gone ? 410 : 404 },
    );
  }
  const canonicalPath = productPath(product);
  if (url.pathname !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
  const reviewsPage = Number(url.searchParams.get('reviews') ?? 1);
  const user = await context.auth.getUser();
  const soldOut = product.variants.filter((v) => v.stock <= 0).map((v) => v.id);
  const [related, reviews, reviewViewer, waiting] = await Promise.all([
    context.services.catalog.listRelated(product),
    context.services.reviews.forProduct(product.id, reviewsPage),
    // A signed-in shopper's button: Leave Review (received it) or Edit your review (wrote one).
    user ? context.services.reviews.viewerOf(user.id, product.id) : Promise.resolve(null),
    user && soldOut.length > 0 ? context.services.backInStock.waitingFor(user.email, soldOut) : [],
  ]);
  // Related products are cards like a listing's: their badges change with the listings.
  sharePage(context, [PAGE_TAGS.product(product.id), PAGE_TAGS.listings]);
  return {
    product,
    related,
    reviews,
    reviewViewer,
    url: `${context.publicUrl}${canonicalPath}`,
    maxPerLine: context.services.cart.caps.maxQuantityPerLine,
    // "Email me when it's back": a signed-in shopper taps once (their email); which they await.
    backInStock: { accountEmail: user?.email ?? null, waiting },
  };
});

/** The product page's one form of its own: "Email me when it's back" on a sold-out variant. */
export const action = formAction(async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
  const form = await read();
  const values = formValues(form);
  if (values.intent !== 'back-in-stock') {
    return data(
      {
        ok: false as const,
        message: 'Please use the buttons on the page.',
        code: 'bad_request',
        fieldErrors: {},
        values,
      },
      { status: 400 },
    );
  }
  await context.services.limits.enforce('backInStock', context);
  const user = await context.auth.getUser();
  const answer = await context.services.backInStock.request(
    values,
    user ? { userId: user.id, email: user.email } : null,
  );
  return {
    ok: true as const,
    variantId: Number(values.variantId),
    email: answer.email,
    message: answer.created
      ? `Done: we'll email ${answer.email} once, when it's back.`
      : `You're already on the list: we'll email ${answer.email} once, when it's back.`,
  };
});

export const headers = formHeaders;

/** Served without React in the browser: the islands script enhances it (ADR 039). */
export const handle = STATIC_PAGE;

export function meta({ data: loaderData }: Route.MetaArgs) {
  return productMeta(loaderData?.product ?? null, loaderData?.url ?? '');
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews, reviewViewer, url, maxPerLine, backInStock } = loaderData;
  if (!product || !reviews || !backInStock) return <ProductNotFound />;
  return (
    <ProductView
      key={product.id}
      product={product}
      related={related}
      reviews={reviews}
      reviewViewer={reviewViewer}
      url={url}
      maxPerLine={maxPerLine}
      backInStock={backInStock}
    />
  );
}
