import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('collections', 'routes/collections.tsx'),
  route('collections/:slug', 'routes/product.tsx'),
  route('track-order', 'routes/track-order.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('pages/:slug', 'routes/info-page.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('currency', 'routes/currency.ts'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
