// The staff screens' own services, built from the shop's services: /admin/users, /admin/mail,
// banners, the product form, discounts and the dashboard's figures. Every one records its changes
// through the audit service it is given.
import type { Db } from '#server/db/client.ts';
import { createAdminUsersService } from '#server/modules/accounts/admin-users.service.ts';
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { createAdminProductsService } from '#server/modules/catalog/admin-products.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { createBannersService } from '#server/modules/content/banners.service.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import type { SettingsService } from '#server/modules/content/settings.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { createOutboxAdmin } from '#server/modules/mail/outbox-admin.service.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import { createCustomerTotals, orderedVariants } from '#server/modules/orders/orders.ports.ts';
import { createAdminDiscountsService } from '#server/modules/promotions/admin-discounts.service.ts';
import type { TtlCache } from '#server/platform/cache.ts';

type AdminUsersDeps = Parameters<typeof createAdminUsersService>[0];

export function createStaffScreens(
  deps: {
    db: Db;
    audit: AuditService;
    mail: MailService;
    media: MediaService;
    content: ContentService;
    contentCache: TtlCache;
    catalog: CatalogService;
    settings: SettingsService;
    /** After every committed product change: the shop shows it, and waiting shoppers hear of stock. */
    afterProductChange: () => void;
    /** Wakes the outbox worker after "send again". */
    wake?: () => void;
  } & Pick<AdminUsersDeps, 'reviewsPerAccount' | 'complaintsPerAccount' | 'ordersOf'>,
) {
  const { db, audit, mail, media, content, contentCache, catalog, settings } = deps;
  return {
    adminUsers: createAdminUsersService({
      db,
      audit,
      mail,
      customerTotals: createCustomerTotals({ db }),
      reviewsPerAccount: deps.reviewsPerAccount,
      complaintsPerAccount: deps.complaintsPerAccount,
      ordersOf: deps.ordersOf,
      supportEmail: async () => (await content.getStoreInfo()).email,
    }),
    /** /admin/mail: waiting and failed mail, and "send again" (ADR 050). */
    outboxAdmin: createOutboxAdmin({ db, audit, wake: deps.wake }),
    banners: createBannersService({
      db,
      audit,
      media,
      invalidateContent: () => content.invalidate(),
      cache: contentCache,
    }),
    adminProducts: createAdminProductsService({
      db,
      audit,
      // After every committed product change: the shop shows it, and waiting shoppers hear of stock.
      invalidate: deps.afterProductChange,
      orderedVariants,
      lowStockThreshold: async () => (await settings.operations()).lowStockThreshold,
    }),
    adminDiscounts: createAdminDiscountsService({
      db,
      audit,
      // The product picker offers the catalogue's active products (its public listing).
      products: {
        search: async (text) =>
          (await catalog.listProducts({ search: text, pageSize: 30 })).items.map((p) => ({
            id: p.id,
            name: p.name,
            category: p.category,
          })),
        byIds: async (ids) =>
          (await catalog.listProducts({ ids: ids.join(','), pageSize: 60 })).items.map((p) => ({
            id: p.id,
            name: p.name,
            category: p.category,
          })),
      },
    }),
    analytics: createAnalyticsService({
      db,
      lowStockThreshold: async () => (await settings.operations()).lowStockThreshold,
    }),
  };
}
