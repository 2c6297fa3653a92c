// The shop's services, wired once per process and handed to routes and React Router loaders.
import type { Db } from '#server/db/client.ts';
import { createAccountsService } from '#server/modules/accounts/accounts.service.ts';
import { createProfileService } from '#server/modules/accounts/profile.service.ts';
import { createCartService } from '#server/modules/cart/cart.service.ts';
import { createCatalogService } from '#server/modules/catalog/catalog.service.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createMailService } from '#server/modules/mail/mail.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { createNewsletterService } from '#server/modules/newsletter/newsletter.service.ts';
import { createPromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { createRateLimiter } from '#server/platform/rate-limit.ts';
import type { BlobStorage } from '#server/platform/storage.ts';

export interface ServiceConfig {
  /** The shop's public address, for links in emails. */
  publicUrl: string;
  mailFrom: string;
  /** Wakes the outbox worker when mail is queued. */
  onMailEnqueued?: () => void;
}

const DEFAULT_CONFIG: ServiceConfig = {
  publicUrl: 'http://localhost:3000',
  mailFrom: 'Crown Hair <hello@crownhair.ng>',
};

export function createServices(deps: { db: Db; storage: BlobStorage; config?: ServiceConfig }) {
  const { db, storage } = deps;
  const config = deps.config ?? DEFAULT_CONFIG;
  const content = createContentService({ db });
  const mail = createMailService({ db, from: config.mailFrom, onEnqueued: config.onMailEnqueued });
  const limiter = createRateLimiter({ db });
  const promotions = createPromotionsService({ db });
  return {
    accounts: createAccountsService({
      db,
      mail,
      limiter,
      publicUrl: config.publicUrl,
      supportEmail: async () => (await content.getStoreInfo()).email,
    }),
    profiles: createProfileService({ db }),
    cart: createCartService({ db, promotions }),
    catalog: createCatalogService({ db }),
    content,
    limiter,
    mail,
    media: createMediaService({ db, storage }),
    newsletter: createNewsletterService({ db }),
    promotions,
  };
}

export type Services = ReturnType<typeof createServices>;
