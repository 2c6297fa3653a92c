// What the product page tells search engines and link previews: meta tags and JSON-LD. Prices
// are in naira as plain decimals (koboToDecimalString), whatever currency the shopper browses in.
import type { ProductDetail } from '#core/contract/catalog.ts';
import type { ProductReviews } from '#core/contract/reviews.ts';
import { ogImageUrl } from '#core/media.ts';
import { formatPrice } from '#core/money.ts';
import { koboToDecimalString } from '#core/money-format.ts';

/** The page's title, description, canonical link and OpenGraph/Twitter tags (none found: noindex). */
export function productMeta(product: ProductDetail | null, url: string) {
  if (!product) return [{ title: 'Product Not Found | Crown Hair' }, { name: 'robots', content: 'noindex' }];
  const origin = new URL(url).origin;
  const price = formatPrice(product.priceKobo);
  const title = `${product.name} | ${price} | Crown Hair`;
  const description = `${product.name}, from ${price}. ${product.description}`.slice(0, 300);
  const image = product.images[0] ? `${origin}${ogImageUrl(product.images[0].id)}` : undefined;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: `${product.name} – ${price}` },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:type', content: 'image/jpeg' },
        ]
      : []),
    { property: 'product:price:amount', content: koboToDecimalString(product.priceKobo) },
    { property: 'product:price:currency', content: 'NGN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: `${product.name} – ${price}` },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
}

/**
 * schema.org Product (one offer per variant, the approved reviews' aggregateRating and the reviews
 * on this page) and BreadcrumbList, for search engines: ratings can show in search results.
 */
export function productJsonLd(product: ProductDetail, url: string, reviews?: ProductReviews) {
  const origin = new URL(url).origin;
  const rated = reviews && reviews.count > 0 && reviews.average !== null;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.variants[0]?.sku,
      category: product.categoryName,
      image: product.images.map((i) => `${origin}${ogImageUrl(i.id)}`),
      brand: { '@type': 'Brand', name: 'Crown Hair' },
      offers: product.variants.map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        url: `${url}?variant=${v.id}`,
        price: koboToDecimalString(v.priceKobo),
        priceCurrency: 'NGN',
        availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      })),
      ...(rated
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: reviews.average,
              reviewCount: reviews.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: reviews.items.map((r) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: r.authorName },
              datePublished: r.createdAt.slice(0, 10),
              reviewBody: r.comment,
              reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: product.categoryName,
          item: `${origin}/collections?category=${product.category}`,
        },
        { '@type': 'ListItem', position: 3, name: product.name, item: url },
      ],
    },
  ];
}
