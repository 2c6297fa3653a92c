// The product page's markup. The route (app/routes/product.tsx) loads the product and picks the
// not-found or the product view; meta tags and JSON-LD live in product-meta.ts. The page is not
// hydrated (ADR 039, `handle = STATIC_PAGE`): it holds no React state, and every behaviour in the
// browser comes from the islands script (app/islands/product.ts), which finds its elements by
// their data attributes.
import { Link, useActionData, useSearchParams } from 'react-router';
import { PersonalSlot } from '#app/components/personal-slot.tsx';
import { Price } from '#app/components/ui/price.tsx';
import { ProductGrid } from '#app/features/catalog/product-card.tsx';
import { useCurrency, useRootData } from '#app/features/layout/store-data.ts';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { useNonce } from '#app/lib/nonce.ts';
import { isOnSale, percentOff, productPath, stockBadge } from '#core/catalog.ts';
import type { ProductDetail, ProductSummary } from '#core/contract/catalog.ts';
import type { ProductReviews, ReviewViewer } from '#core/contract/reviews.ts';
import { formatPrice } from '#core/money.ts';
import { whatsAppHref } from '#core/nigeria.ts';
import { initialVariant } from '#core/variants.ts';
import type { action as productAction } from '../../routes/product.tsx';
import { AddToCart } from './add-to-cart.tsx';
import { BackInStock, type BackInStockState } from './back-in-stock.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { productJsonLd } from './product-meta.ts';
import { RatingSummary, ReviewsSection } from './product-reviews.tsx';
import { ShareButton } from './share-button.tsx';
import { VariantPicker } from './variant-picker.tsx';
import { WISHLIST_ACTION } from './wishlist.ts';
import { WishlistButton } from './wishlist-button.tsx';

/** This page's address with another page of reviews (keeping the chosen variant). */
function reviewsHref(current: URLSearchParams, page: number): string {
  const next = new URLSearchParams(current);
  if (page > 1) next.set('reviews', String(page));
  else next.delete('reviews');
  const query = next.toString();
  return `?${query}#reviews`;
}

/** Shown with the 404 when no product has this link. */
export function ProductNotFound() {
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">Product Not Found</h1>
      <p className="mt-3 max-w-md text-muted">
        This product may have sold out for good or its link is mistyped.
      </p>
      <Link to="/collections" className="btn-primary mt-8">
        Back to collections
      </Link>
    </section>
  );
}

function DetailRow({ label, value }: { label: string; value?: string | null }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-4 border-b border-ink/10 py-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

/**
 * The product page: gallery, price in the shopper's currency, variant choice (links to
 * ?variant=, so it works without JavaScript), add to cart and wishlist, details and related.
 */
export function ProductView({
  product,
  related,
  reviews,
  reviewViewer = null,
  url,
  maxPerLine,
  backInStock,
}: {
  product: ProductDetail;
  related: ProductSummary[];
  /** Approved reviews: the page asked for (?reviews=), with the average and distribution. */
  reviews: ProductReviews;
  /** A signed-in shopper's part: received it (Leave Review) or wrote one (Edit your review). */
  reviewViewer?: ReviewViewer | null;
  url: string;
  /** The most of one variant the cart takes in one line. */
  maxPerLine: number;
  /** "Email me when it's back" on a sold-out variant: who is asking and what they await. */
  backInStock: BackInStockState;
}) {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get('variant'));
  const variant = initialVariant(product.variants, Number.isInteger(requested) ? requested : null)!;
  // No more than one order may take (MAX_QUANTITY_PER_LINE): the cart refuses more anyway.
  const buyable = Math.min(variant.stock, maxPerLine);
  const badge = stockBadge(variant.stock);
  // The page's own form ("Email me when it's back") was answered without JavaScript, but the variant
  // shown has stock again (or the post was refused before it was read): say so by Add to Cart.
  const answer = useActionData<typeof productAction>();
  const notice = answer && !answer.ok && variant.stock > 0 ? answer.message : null;
  const sale = isOnSale(variant);
  const root = useRootData();
  // A signed-in shopper's saved state comes from the server; a guest's from this browser's
  // storage, set by the islands script (a guest's page is shared, so it renders unsaved).
  const saved = root?.wishlistIds?.includes(product.id) ?? false;
  const currency = useCurrency();
  const nonce = useNonce();
  const store = root?.store;
  const optionSummary = Object.values(variant.options).join(', ');
  // One unit; the islands script rewrites the number when the shopper changes the quantity.
  const whatsappOrder = store
    ? whatsAppHref(
        store.whatsapp,
        `Hello, I'd like to order 1 × ${product.name} (${optionSummary}, SKU ${variant.sku}). ${url}?variant=${variant.id}`,
      )
    : null;

  return (
    <>
      <script
        type="application/ld+json"
        // A data block is never executed; it carries the nonce anyway so every inline script does.
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD for search engines; '<' is escaped
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(productJsonLd(product, url, reviews)).replace(/</g, '\\u003c'),
        }}
      />
      <nav aria-label="Breadcrumb" className="container-shop pt-3 text-sm text-muted sm:pt-6">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-plum-800">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={`/collections?category=${product.category}`} className="hover:text-plum-800">
              {product.categoryName}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <section className="container-shop grid gap-5 py-4 sm:gap-8 sm:py-6 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />

        <div className="space-y-6">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.16em] text-muted">
              {product.categoryName} · {product.subcategory}
            </p>
            <h1 className="mt-2 font-display text-2xl font-semibold leading-tight sm:text-4xl">
              {product.name}
            </h1>
            <RatingSummary reviews={reviews} />
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Price kobo={variant.priceKobo} compareAtKobo={variant.compareAtPriceKobo} size="lg" />
              {sale ? (
                <span className="rounded-full bg-sale px-2.5 py-1 text-xs font-bold uppercase text-white">
                  {`Sale −${percentOff(variant.priceKobo, variant.compareAtPriceKobo)}%`}
                </span>
              ) : null}
            </div>
            {currency.code !== 'NGN' ? (
              <p className="mt-1 text-xs text-muted">
                Approximate price in {currency.code}. You pay {formatPrice(variant.priceKobo)} in naira.
              </p>
            ) : null}
            <p className="mt-2 text-sm">
              {badge?.kind === 'out-of-stock' ? (
                <span className="font-semibold text-sale">Out of stock</span>
              ) : badge?.kind === 'low-stock' ? (
                <span className="font-semibold text-sale">{`Only ${badge.left} left`}</span>
              ) : (
                <span className="font-semibold text-ok">In stock</span>
              )}
            </p>
          </div>

          <VariantPicker variants={product.variants} variant={variant} />

          {/* On a phone the buying row stays pinned to the bottom of the screen (issue 15). */}
          <div
            className={`flex flex-wrap items-center gap-3 ${variant.stock > 0 ? 'max-lg:sticky max-lg:bottom-0 max-lg:z-20 max-lg:-mx-4 max-lg:border-t max-lg:border-ink/10 max-lg:bg-cream max-lg:px-4 max-lg:py-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))]' : ''}`}
          >
            {variant.stock > 0 ? (
              <AddToCart variantId={variant.id} stock={buyable} productName={product.name} notice={notice} />
            ) : (
              <PersonalSlot name="back-in-stock" data={{ product: product.id, variant: variant.id }}>
                <BackInStock
                  key={variant.id}
                  variantId={variant.id}
                  productName={product.name}
                  state={backInStock}
                />
              </PersonalSlot>
            )}
            {/* Without JavaScript a signed-in shopper's heart posts to the account's wishlist (a guest
                is asked to sign in); the islands script toggles it in place (data-wishlist). */}
            <form
              method="post"
              action={WISHLIST_ACTION}
              {...mark(HOOK.wishlist)}
              data-product-id={product.id}
            >
              <input type="hidden" name="productId" value={product.id} />
              <input
                type="hidden"
                name="redirectTo"
                value={`${productPath(product)}?variant=${variant.id}`}
              />
              <PersonalSlot name="wishlist" data={{ product: product.id }}>
                <WishlistButton saved={saved} />
              </PersonalSlot>
            </form>
          </div>
          {whatsappOrder && variant.stock > 0 ? (
            <p className="text-sm text-muted">
              Prefer to chat?{' '}
              <a
                href={whatsappOrder}
                {...mark(HOOK.whatsappOrder)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-plum-800 underline"
              >
                Order this on WhatsApp
              </a>
              .
            </p>
          ) : null}
          <ShareButton url={url} title={product.name} />

          <div>
            <h2 className="font-sans text-sm font-bold uppercase tracking-wider">Description</h2>
            <p className="mt-2 leading-relaxed text-ink/90">{product.description}</p>
          </div>
          <dl>
            <DetailRow label="Category" value={product.categoryName} />
            <DetailRow label="Style" value={product.subcategory} />
            <DetailRow label="Grade" value={product.grade} />
            <DetailRow label="Origin" value={product.origin} />
            <DetailRow label="Texture" value={product.texture} />
            <DetailRow label="Lace" value={product.details.laceType} />
            <DetailRow label="Density" value={product.details.density} />
            <DetailRow label="Cap size" value={product.details.capSize} />
            <DetailRow label="Weight" value={product.details.weight} />
            <DetailRow label="SKU" value={variant.sku} />
            <DetailRow
              label="Stock"
              value={variant.stock > 0 ? `${variant.stock} available` : 'Out of stock'}
            />
          </dl>
          {product.details.care ? (
            <p className="text-sm text-muted">
              <strong className="text-ink">Care: </strong>
              {product.details.care}
            </p>
          ) : null}
          {product.details.returns ? (
            <p className="text-sm text-muted">
              <strong className="text-ink">Returns: </strong>
              {product.details.returns}
            </p>
          ) : null}
        </div>
      </section>

      <ReviewsSection
        reviews={reviews}
        productId={product.id}
        viewer={reviewViewer}
        pageHref={(page) => reviewsHref(searchParams, page)}
      />

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="container-shop py-10">
          <h2 id="related-title" className="section-title mb-6">
            You may also like
          </h2>
          <ProductGrid products={related} />
        </section>
      ) : null}
    </>
  );
}
