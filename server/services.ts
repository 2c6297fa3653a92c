// The shop's services, wired once per process and handed to routes and React Router loaders.
import type { Db } from '#server/db/client.ts';
import { createCatalogService } from '#server/modules/catalog/catalog.service.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { createNewsletterService } from '#server/modules/newsletter/newsletter.service.ts';
import type { BlobStorage } from '#server/platform/storage.ts';

export function createServices(deps: { db: Db; storage: BlobStorage }) {
  const { db, storage } = deps;
  return {
    catalog: createCatalogService({ db }),
    content: createContentService({ db }),
    media: createMediaService({ db, storage }),
    newsletter: createNewsletterService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
