// /pages/shipping, /pages/returns, /pages/privacy, /pages/terms, /pages/about: the customer-care
// pages. The owner writes them in Markdown on the settings screen; the server renders it to safe
// HTML in this loader (no raw HTML, only http(s)/mailto/tel/site links), so no Markdown library
// reaches the browser.

import { data, Link } from 'react-router';
import { sharePage } from '#app/lib/page-cache.server.ts';
import { STATIC_PAGE } from '#app/lib/page-handle.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/pages.$slug';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const page = await context.services.settings.contentPage(params.slug);
  if (!page) {
    context.log.warn({ path: `/pages/${params.slug}` }, 'page not found');
    return data({ page: null }, { status: 404 });
  }
  sharePage(context, []);
  return { page };
});

export function meta({ data: loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return page
    ? [{ title: `${page.title} | Crown Hair` }, { name: 'description', content: page.intro }]
    : [{ title: 'Page not found | Crown Hair' }];
}

/** Served without React in the browser; app/islands enhances it (ADR 039). */
export const handle = STATIC_PAGE;

export default function InfoPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <section className="container-shop py-24 text-center">
        <h1 className="font-display text-3xl font-semibold">Oops! Page not found</h1>
        <Link to="/" className="btn-primary mt-8">
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <article className="container-shop max-w-3xl py-12">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{page.title}</h1>
      {page.intro ? <p className="mt-3 text-lg text-muted">{page.intro}</p> : null}
      <div
        className="prose-shop mt-8"
        // The server rendered this from Markdown with raw HTML off and links checked (markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML made on the server, see above
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </article>
  );
}
