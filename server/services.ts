// The shop's services, wired once per process and handed to routes and React Router loaders.

import { randomBytes } from 'node:crypto';
import { STAFF_ROLES } from '#core/account.ts';
import { productPath } from '#core/catalog.ts';
import type { Db } from '#server/db/client.ts';
import { rateLimitStore } from '#server/db/rate-limit-store.ts';
import { lastBackup } from '#server/db/scheduled-backups.ts';
import {
  createAccountsService,
  RATE_LIMITS,
  SIGN_IN_DELAY,
} from '#server/modules/accounts/accounts.service.ts';
import { createAdminUsersService } from '#server/modules/accounts/admin-users.service.ts';
import { createCustomerDirectory } from '#server/modules/accounts/customer-directory.ts';
import { createDemoModeService } from '#server/modules/accounts/demo-mode.ts';
import { mailPreferences } from '#server/modules/accounts/mail-preferences.ts';
import { createProfileService } from '#server/modules/accounts/profile.service.ts';
import { createTwoFactorService, TWO_FACTOR_LIMITS } from '#server/modules/accounts/two-factor.service.ts';
import {
  createAnalyticsService,
  DEFAULT_LOW_STOCK_THRESHOLD,
} from '#server/modules/analytics/analytics.service.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import {
  createAbandonedCartReminders,
  DEFAULT_ABANDONED_CART_HOURS,
} from '#server/modules/cart/abandoned-cart.ts';
import { createCartService } from '#server/modules/cart/cart.service.ts';
import { createAdminProductsService } from '#server/modules/catalog/admin-products.service.ts';
import { createBackInStockService } from '#server/modules/catalog/back-in-stock.service.ts';
import { createCatalogService } from '#server/modules/catalog/catalog.service.ts';
import {
  type CheckoutConfig,
  createCheckoutService,
  createDeliveryDays,
  DEFAULT_CHECKOUT_CONFIG,
  deliveryRatesPort,
} from '#server/modules/checkout/checkout.service.ts';
import { createBannersService } from '#server/modules/content/banners.service.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createSettingsService } from '#server/modules/content/settings.service.ts';
import { createLaunchService } from '#server/modules/launch/launch.service.ts';
import type { LaunchConfig } from '#server/modules/launch/launch-types.ts';
import { deliveries } from '#server/modules/mail/last-delivery.ts';
import { createMailService } from '#server/modules/mail/mail.service.ts';
import { createOutboxAdmin } from '#server/modules/mail/outbox-admin.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import {
  createNewsletterService,
  NEWSLETTER_RATE_LIMITS,
} from '#server/modules/newsletter/newsletter.service.ts';
import { customerOrders } from '#server/modules/orders/customer-orders.ts';
import { createCustomerTotals } from '#server/modules/orders/customer-totals.ts';
import { guestOrders } from '#server/modules/orders/guest-orders.ts';
import { orderedVariants } from '#server/modules/orders/ordered-variants.ts';
import { createOrdersService } from '#server/modules/orders/orders.service.ts';
import { purchases } from '#server/modules/orders/purchases.ts';
import { recentOrders } from '#server/modules/orders/recent-orders.ts';
import { createPaymentsService } from '#server/modules/payments/payments.service.ts';
import { createPaystackProvider } from '#server/modules/payments/providers/paystack.ts';
import { createSandboxProvider } from '#server/modules/payments/providers/sandbox.ts';
import { webhooksReceived } from '#server/modules/payments/webhooks-received.ts';
import { createAdminDiscountsService } from '#server/modules/promotions/admin-discounts.service.ts';
import { createPromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { createAdminReviewsService } from '#server/modules/reviews/admin-reviews.service.ts';
import { createReviewsService } from '#server/modules/reviews/reviews.service.ts';
import { createAdminSupportService } from '#server/modules/support/admin-support.service.ts';
import { createSupportService, SUPPORT_RATE_LIMITS } from '#server/modules/support/support.service.ts';
import type { CacheBus } from '#server/platform/cache.ts';
import { localCacheBus, TtlCache } from '#server/platform/cache.ts';
import { createLogger, type Logger } from '#server/platform/logger.ts';
import { PageCache } from '#server/platform/page-cache.ts';
import { createRateLimiter, type RateLimitOverrides } from '#server/platform/rate-limit.ts';
import { createAbuseLimits, unknownRuleNames } from '#server/platform/rate-limit-rules.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import type { BlobStorage } from '#server/platform/storage.ts';
import { removeSampleData, sampleDataStatus } from '#server/seed/sample-removal.ts';

export interface ServiceConfig {
  /** The shop's public address, for links in emails and the payment provider's return address. */
  publicUrl: string;
  mailFrom: string;
  /** Wakes the outbox worker when mail is queued. */
  onMailEnqueued?: () => void;
  payments: {
    /** Paystack when set; otherwise the sandbox. */
    paystackSecretKey?: string;
    paystackBaseUrl?: string;
    /** The sandbox's webhook signing key (shared by every process: see content.ensureSecret). */
    sandboxSecret: string;
    /** Who hears of every new paid order (STAFF_ORDER_EMAILS). */
    staffOrderEmails?: readonly string[];
  };
  checkout: CheckoutConfig;
  /**
   * Demo mode (ADR 016): this process may run a demo shop (local PUBLIC_URL, no ADMIN_EMAIL;
   * decided at start from server/shop-address.ts). Absent: never a demo shop.
   */
  demo?: { eligible: boolean };
  /** Changes to the rate limits by rule name (RATE_LIMITS). */
  rateLimits?: RateLimitOverrides;
  /** The dashboard's low-stock line: variants with this many units or fewer (default 5). */
  lowStockThreshold?: number;
  /** Newsletter campaign subscribers queued per transaction (default 200, ADR 036). */
  newsletterBatchSize?: number;
  /** The clock the sign-in delay reads (default Date.now; tests move it instead of sleeping). */
  now?: () => number;
  /**
   * What the launch checklist reads of the configuration besides the above (ADR 071): SMTP_URL,
   * DATA_DIR, BACKUP_EVERY_HOURS as it applies, the database's kind. Absent: a shop with no mail
   * server, no backups and the embedded database in ./data.
   */
  launch?: Omit<LaunchConfig, 'publicUrl' | 'paystackSecretKey'>;
  /** Make staff uploads' image renditions ahead, in the background (ADR 054; the running shop). */
  renditionsAhead?: boolean;
}

/** The page cache's safety net: a page no invalidation reached is rendered again after this. */
export const PAGE_CACHE_MS = 60_000;

export function defaultServiceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    publicUrl: 'http://localhost:3000',
    mailFrom: 'Crown Hair <hello@crownhair.ng>',
    payments: { sandboxSecret: randomBytes(32).toString('hex') },
    checkout: DEFAULT_CHECKOUT_CONFIG,
    ...overrides,
  };
}

export function createServices(deps: {
  db: Db;
  storage: BlobStorage;
  config?: ServiceConfig;
  log?: Logger;
  /** Carries cache invalidations to the other processes (ADR 033; absent: this process only). */
  cacheBus?: CacheBus;
}) {
  const { db, storage } = deps;
  const config = deps.config ?? defaultServiceConfig();
  const log = deps.log ?? createLogger({ level: 'silent' });
  const cacheBus = deps.cacheBus ?? localCacheBus();
  /** A shop-wide cache whose invalidations reach every cache of every process (ADR 033). */
  const sharedCache = () => new TtlCache(Date.now, 1000, cacheBus);
  /** What is kept per account (saved products, review buttons; ADR 053), on the same bus. */
  const accountCache = new TtlCache(Date.now, 10_000, cacheBus);
  const contentCache = sharedCache();
  const content = createContentService({ db, cache: contentCache });
  const mail = createMailService({
    db,
    from: config.mailFrom,
    onEnqueued: config.onMailEnqueued,
    // The local mailbox rule (ADR 017), asked at read time.
    mailboxPolicy: {
      demoMode: () => demo.isOn(),
      isStaffAddress: async (email) => {
        const role = await accounts.roleOf(email);
        return role !== null && STAFF_ROLES.includes(role);
      },
    },
  });
  const unknownLimits = unknownRuleNames(config.rateLimits ?? {}, [
    ...Object.values(RATE_LIMITS),
    SIGN_IN_DELAY,
    ...Object.values(TWO_FACTOR_LIMITS),
    ...Object.values(NEWSLETTER_RATE_LIMITS),
    ...Object.values(SUPPORT_RATE_LIMITS),
  ]);
  if (unknownLimits.length > 0) throw new Error(`RATE_LIMITS: no rule is called ${unknownLimits.join(', ')}`);
  const limiter = createRateLimiter({
    store: rateLimitStore(db),
    overrides: config.rateLimits,
    now: config.now,
  });
  // The log names its actors (staff and admins) through the staff list; `twoFactor` is made below.
  const audit = createAuditService({
    db,
    actorNames: async (ids) =>
      new Map((await twoFactor.listStaff()).filter((m) => ids.includes(m.id)).map((m) => [m.id, m.name])),
  });
  // The owner's settings win; the environment's values apply until they are set.
  const settings = createSettingsService({
    db,
    audit,
    content,
    cache: contentCache,
    delivery: deliveryRatesPort,
    defaults: {
      staffOrderEmails: config.payments.staffOrderEmails ?? [],
      lowStockThreshold: config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      bankTransferHours: config.checkout.bankTransferHours,
      podConfirmationHours: config.checkout.podConfirmationHours,
      abandonedCartHours: DEFAULT_ABANDONED_CART_HOURS,
    },
  });
  const promotions = createPromotionsService({ db });
  const cart = createCartService({ db, promotions, caps: config.checkout });
  const profiles = createProfileService({
    db,
    accountCache,
    // The "promotional emails" box is the newsletter subscription (ADR 036); `newsletter` is made below.
    newsletter: { setForAccount: (q, account, want) => newsletter.setForAccount(q, account, want) },
    latestOrderContact: (q, userId) => guestOrders.latestContact(q, userId),
  });
  const catalog = createCatalogService({ db, cache: sharedCache() });
  // "Email me when it's back" (ADR 037): answered by the background job and kicked after changes.
  const backInStock = createBackInStockService({
    db,
    mail,
    preferences: mailPreferences,
    publicUrl: config.publicUrl,
    log: log.child({ module: 'back-in-stock' }),
  });
  const orders = createOrdersService({
    db,
    mail,
    promotions,
    stock: catalog.stock,
    wantsOrderUpdates: async (userId) => (await profiles.getProfile(userId)).notifyOrderUpdates,
    audit,
    // Staff confirming an offline payment verify its record and tell staff; `payments` is made below.
    offlinePaymentReceived: (q, order, actor) => payments.offlinePaymentReceived(q, order, actor),
    publicUrl: config.publicUrl,
    // The estimated delivery is the state's promise at checkout, in working days (ADR 065).
    deliveryDays: createDeliveryDays({ cache: contentCache }),
  });
  const sandbox = config.payments.paystackSecretKey
    ? null
    : createSandboxProvider({ db, secret: config.payments.sandboxSecret });
  const provider =
    sandbox ??
    createPaystackProvider({
      secretKey: config.payments.paystackSecretKey!,
      baseUrl: config.payments.paystackBaseUrl,
    });
  const payments = createPaymentsService({
    db,
    provider,
    sandbox,
    orders,
    cart,
    publicUrl: config.publicUrl,
    reservationMinutes: config.checkout.reservationMinutes,
    log: log.child({ module: 'payments' }),
    mail,
    staffOrderEmails: (q) => settings.staffOrderEmails(q),
  });
  // Only products on sale have a page to link to.
  const productPaths = async (ids: number[]) => {
    const paths = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 60) {
      const page = await catalog.listProducts({ ids: ids.slice(i, i + 60).join(','), pageSize: 60 });
      for (const p of page.items) paths.set(p.id, productPath(p));
    }
    return paths;
  };
  const reviews = {
    ...createReviewsService({
      db,
      purchases,
      productPaths,
      onProductChanged: () => catalog.invalidate(),
      // On the bus: catalog.invalidate() ('catalog:') and a sale's notice reach it (ADR 040).
      cache: sharedCache(),
      accountCache,
      // A shopper's review photos: checked and stored by the media service (made below), unaudited.
      photos: {
        checkPhoto: (input) => media.checkPhoto(input),
        saveChecked: (photo, into) => media.saveChecked(photo, into),
      },
    }),
    admin: createAdminReviewsService({
      db,
      audit,
      directory: createCustomerDirectory({ db }),
      purchases,
      productPaths,
      onProductChanged: () => catalog.invalidate(),
    }),
  };
  // Support tickets ("complaints", ADR 035); `twoFactor` (the staff list) is made below.
  const support = {
    ...createSupportService({
      db,
      mail,
      storage,
      orders: customerOrders,
      publicUrl: config.publicUrl,
      limiter,
      staffEmails: (q) => settings.staffOrderEmails(q),
    }),
    admin: createAdminSupportService({
      db,
      audit,
      mail,
      storage,
      orders: customerOrders,
      publicUrl: config.publicUrl,
      staff: {
        list: async () =>
          (await twoFactor.listStaff()).filter((m) => m.isActive).map((m) => ({ id: m.id, name: m.name })),
      },
    }),
  };
  const accounts = createAccountsService({
    db,
    mail,
    limiter,
    audit,
    publicUrl: config.publicUrl,
    supportEmail: async () => (await content.getStoreInfo()).email,
    guestTickets: { join: (q, userId, email) => support.joinGuestTickets(q, userId, email) },
    guestOrders,
    // A verified address with "promotional emails" on (as accounts start) joins the newsletter (ADR 036).
    onEmailVerified: async (q, user) => {
      if (user.notifyPromotions)
        await newsletter.setForAccount(q, { email: user.email, emailVerified: true }, true);
    },
    // The demo admin's exemption and its address at sign-up hold only in demo mode (ADR 062).
    demoMode: () => demo.isOn(),
  });
  const twoFactor = createTwoFactorService({
    db,
    mail,
    limiter,
    audit,
    publicUrl: config.publicUrl,
    supportEmail: async () => (await content.getStoreInfo()).email,
    demoMode: () => demo.isOn(),
  });
  const media = createMediaService({ db, storage, audit, renditionsAhead: config.renditionsAhead });
  const newsletter = createNewsletterService({
    db,
    mail,
    limiter,
    publicUrl: config.publicUrl,
    audit,
    staffNames: async (ids) =>
      new Map((await twoFactor.listStaff()).filter((m) => ids.includes(m.id)).map((m) => [m.id, m.name])),
    promotionsSetting: { setByEmail: (q, email, on) => profiles.setPromotionsByEmail(q, email, on) },
    campaignBatchSize: config.newsletterBatchSize,
    log: log.child({ module: 'newsletter' }),
  });
  const demo = createDemoModeService({
    eligible: config.demo?.eligible ?? false,
    accounts,
    content,
    promotions,
  });
  /**
   * The sample data (ADR 070): how many sample rows remain, and their removal (admins; audited;
   * refused while the shop is still a demo shop). `actor` absent: the command line.
   */
  const sampleData = {
    status: () => sampleDataStatus(db),
    async remove(input: { keepCatalogue: boolean; actor?: StaffActor }) {
      const { actor } = input;
      if (actor) assertCan(actor, 'delete.any', 'Only an admin can remove the sample data.');
      const result = await removeSampleData(
        {
          db,
          storage,
          log,
          record: (tx, removed) =>
            audit.record(tx, {
              actorUserId: actor?.user.id ?? null,
              action: 'sample_data.remove',
              subjectType: 'sample_data',
              subjectId: 'all',
              ip: actor?.ip ?? null,
              details: {
                keepCatalogue: input.keepCatalogue,
                removed,
                via: actor ? 'admin' : 'command line',
              },
            }),
        },
        { keepCatalogue: input.keepCatalogue },
      );
      // Every process shows the shop without them: catalogue, slides, settings and their pages.
      catalog.invalidate();
      content.invalidate();
      return result;
    },
  };
  // The launch checklist (/admin/launch, ADR 071).
  const launch = createLaunchService({
    db,
    config: {
      publicUrl: config.publicUrl,
      paystackSecretKey: config.payments.paystackSecretKey,
      ...(config.launch ?? { dataDir: 'data', backupEveryHours: 0, database: 'pglite' }),
    },
    content,
    settings,
    sampleData,
    staff: { list: () => twoFactor.listStaff() },
    webhooks: webhooksReceived,
    deliveries,
    mail,
    audit,
    backups: lastBackup,
    log: log.child({ module: 'launch' }),
  });
  return {
    accounts,
    /** Anonymous pages' finished HTML, forgotten with the data they show (ADR 038). */
    pageCache: new PageCache({ ttlMs: PAGE_CACHE_MS, maxBytes: 64 * 1024 * 1024, bus: cacheBus }),
    adminUsers: createAdminUsersService({
      db,
      audit,
      mail,
      customerTotals: createCustomerTotals({ db }),
      reviewsPerAccount: (ids) => reviews.countsPerAccount(ids),
      complaintsPerAccount: (ids) => support.countsPerAccount(ids),
      ordersOf: (user) => orders.listForCustomer(user),
      supportEmail: async () => (await content.getStoreInfo()).email,
    }),
    /** /admin/mail: waiting and failed mail, and "send again" (ADR 050). */
    outboxAdmin: createOutboxAdmin({ db, audit, wake: config.onMailEnqueued }),
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
      invalidate: () => {
        catalog.invalidate();
        void backInStock.kick();
      },
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
    demo,
    sampleData,
    launch,
    profiles,
    twoFactor,
    audit,
    backInStock,
    cart,
    // The one abandoned-cart reminder (ADR 037), sent by the background job.
    abandonedCarts: createAbandonedCartReminders({
      db,
      mail,
      preferences: mailPreferences,
      orders: recentOrders,
      waitHours: async () => (await settings.operations()).abandonedCartHours,
      publicUrl: config.publicUrl,
    }),
    catalog,
    checkout: createCheckoutService({
      db,
      cart,
      content,
      stock: catalog.stock,
      promotions,
      orders,
      payments,
      config: config.checkout,
      settings: () => settings.operations(),
      cache: contentCache,
    }),
    content,
    settings,
    limiter,
    limits: createAbuseLimits({ limiter }),
    mail,
    media,
    newsletter,
    orders,
    payments,
    promotions,
    reviews,
    support,
  };
}

export type Services = ReturnType<typeof createServices>;
