// /sitemap.xml: every listing page and every product, for search engines.

import { pageLoader } from '#app/lib/route-errors.server.ts';
import { LISTING_CATEGORIES, productPath } from '#core/catalog.ts';
import type { Route } from './+types/sitemap[.]xml';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => {
  const base = context.publicUrl;
  const products = await context.services.catalog.listProductRefs();
  const urls = [
    { loc: `${base}/` },
    { loc: `${base}/collections` },
    ...LISTING_CATEGORIES.filter((c) => c !== 'all').map((c) => ({
      loc: `${base}/collections?category=${c}`,
    })),
    ...products.map((p) => ({
      loc: `${base}${productPath(p)}`,
      lastmod: p.updatedAt.toISOString().slice(0, 10),
    })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${'lastmod' in u && u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
});
