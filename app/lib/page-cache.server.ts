// A route whose page is the same for every anonymous visitor says so here, naming what it shows,
// so the page cache can keep its HTML until one of those things changes (ADR 038). The tags are
// the data caches' keys: `catalog:product:<id>:`, `catalog:list`, `catalog:home`,
// `catalog:categories`; every page also shows the shop's settings (`content:`). Only requests
// without a personal cookie are ever kept (server/http/cached-pages.ts), so a loader may call this
// whether or not the visitor is signed in.
import type { AppLoadContext } from 'react-router';

export const PAGE_TAGS = {
  home: 'catalog:home',
  listings: 'catalog:list',
  categories: 'catalog:categories',
  product: (id: number) => `catalog:product:${id}:`,
  settings: 'content:',
} as const;

export function sharePage(context: AppLoadContext, tags: readonly string[]): void {
  context.page.share([PAGE_TAGS.settings, ...tags]);
}
