// The shop's services, wired once per process and handed to routes and React Router loaders.
// Built in order, each from services made above it: nothing is handed a service made further down
// (ADR 094). Where two modules need each other, the lower one owns a port that a piece made first
// fills: the staff directory (mail, audit, newsletter, support), the demo switch (mail, accounts),
// the mail-preferences port (newsletter), offline payments (orders).

import { productPath } from '#core/catalog.ts';
import type { Db } from '#server/db/client.ts';
import { rateLimitStore } from '#server/db/rate-limit-store.ts';
import { lastBackup } from '#server/db/scheduled-backups.ts';
import {
  createAccountsService,
  RATE_LIMITS,
  SIGN_IN_DELAY,
} from '#server/modules/accounts/accounts.service.ts';
import { createCustomerDirectory } from '#server/modules/accounts/customer-directory.ts';
import { createDemoModeService, createDemoSwitch } from '#server/modules/accounts/demo-mode.ts';
import { mailPreferences } from '#server/modules/accounts/mail-preferences.ts';
import { createProfileService } from '#server/modules/accounts/profile.service.ts';
import { createStaffDirectory } from '#server/modules/accounts/staff-directory.ts';
import { createTwoFactorService, TWO_FACTOR_LIMITS } from '#server/modules/accounts/two-factor.service.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '#server/modules/analytics/analytics.service.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import {
  createAbandonedCartReminders,
  DEFAULT_ABANDONED_CART_HOURS,
} from '#server/modules/cart/abandoned-cart.ts';
import { createCartService } from '#server/modules/cart/cart.service.ts';
import { createBackInStockService } from '#server/modules/catalog/back-in-stock.service.ts';
import { createCatalogService } from '#server/modules/catalog/catalog.service.ts';
import {
  createCheckoutService,
  createDeliveryDays,
  deliveryRatesPort,
} from '#server/modules/checkout/checkout.service.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createSettingsService } from '#server/modules/content/settings.service.ts';
import { createCreditService } from '#server/modules/credit/credit.service.ts';
import { createLaunchService } from '#server/modules/launch/launch.service.ts';
import { createLayawayAdmin } from '#server/modules/layaway/layaway-admin.ts';
import { deliveries } from '#server/modules/mail/last-delivery.ts';
import { createMailService } from '#server/modules/mail/mail.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import {
  createNewsletterService,
  NEWSLETTER_RATE_LIMITS,
} from '#server/modules/newsletter/newsletter.service.ts';
import { customerOrders, guestOrders, purchases, recentOrders } from '#server/modules/orders/orders.ports.ts';
import { createOrdersService } from '#server/modules/orders/orders.service.ts';
import { createOfflinePayments } from '#server/modules/payments/offline-payments.ts';
import {
  receiptPayments,
  receiptRefunds,
  restockedByRefunds,
} from '#server/modules/payments/receipt-payments.ts';
import { webhooksReceived } from '#server/modules/payments/webhooks-received.ts';
import { createPromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { createAdminReviewsService } from '#server/modules/reviews/admin-reviews.service.ts';
import { createReviewsService } from '#server/modules/reviews/reviews.service.ts';
import { createAdminSupportService } from '#server/modules/support/admin-support.service.ts';
import { createSupportService, SUPPORT_RATE_LIMITS } from '#server/modules/support/support.service.ts';
import type { CacheBus } from '#server/platform/cache.ts';
import { localCacheBus, TtlCache } from '#server/platform/cache.ts';
import { createLogger, type Logger } from '#server/platform/logger.ts';
import { PageCache } from '#server/platform/page-cache.ts';
import { createRateLimiter } from '#server/platform/rate-limit.ts';
import { createAbuseLimits, unknownRuleNames } from '#server/platform/rate-limit-rules.ts';
import type { BlobStorage } from '#server/platform/storage.ts';
import { defaultServiceConfig, PAGE_CACHE_MS, type ServiceConfig } from './services/config.ts';
import { createMoneyServices } from './services/money.ts';
import { createSampleData } from './services/sample-data.ts';
import { createStaffScreens } from './services/staff-screens.ts';

export { defaultServiceConfig, type ServiceConfig } from './services/config.ts';

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
  const promotions = createPromotionsService({ db });
  // Is this a demo shop now (ADR 016): from the configuration and the content's settings alone.
  const demoSwitch = createDemoSwitch({ eligible: config.demo?.eligible ?? false, content });
  // Who the staff are, read from the database: for the modules that name or ask about them.
  const staff = createStaffDirectory({ db });
  const mail = createMailService({
    db,
    from: config.mailFrom,
    onEnqueued: config.onMailEnqueued,
    // The local mailbox rule (ADR 017), asked at read time.
    mailboxPolicy: { demoMode: demoSwitch.isOn, isStaffAddress: staff.isStaffAddress },
  });
  // The log names its actors (staff and admins) through the staff directory.
  const audit = createAuditService({ db, actorNames: staff.namesOf });
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
  const cart = createCartService({ db, promotions, caps: config.checkout });
  const catalog = createCatalogService({ db, cache: sharedCache() });
  // "Email me when it's back" (ADR 037): answered by the background job and kicked after changes.
  const backInStock = createBackInStockService({
    db,
    mail,
    preferences: mailPreferences,
    publicUrl: config.publicUrl,
    log: log.child({ module: 'back-in-stock' }),
  });
  const twoFactor = createTwoFactorService({
    db,
    mail,
    limiter,
    audit,
    publicUrl: config.publicUrl,
    supportEmail: async () => (await content.getStoreInfo()).email,
    demoMode: demoSwitch.isOn,
  });
  const newsletter = createNewsletterService({
    db,
    mail,
    limiter,
    publicUrl: config.publicUrl,
    audit,
    staffNames: staff.namesOf,
    // An address (un)subscribed by link or confirmed sets the account's "promotional emails" box.
    promotionsSetting: { setByEmail: mailPreferences.setPromotionsByEmail },
    campaignBatchSize: config.newsletterBatchSize,
    log: log.child({ module: 'newsletter' }),
  });
  const profiles = createProfileService({
    db,
    accountCache,
    // The "promotional emails" box is the newsletter subscription (ADR 036).
    newsletter: { setForAccount: (q, account, want) => newsletter.setForAccount(q, account, want) },
    latestOrderContact: (q, userId) => guestOrders.latestContact(q, userId),
  });
  // Offline payments: the payment row of an order paid offline, and the port orders calls when
  // staff see the money arrive (payment verified, staff told; ADR 029). Payments uses it too.
  const offlinePayments = createOfflinePayments({
    publicUrl: config.publicUrl,
    mail,
    staffOrderEmails: (q) => settings.staffOrderEmails(q),
  });
  // Store credit (ADR 100): spent at checkout, given back when an order ends, granted by layaway.
  const credit = createCreditService({ db, audit, staffNames: staff.namesOf });
  const orders = createOrdersService({
    db,
    mail,
    promotions,
    credit,
    stock: catalog.stock,
    wantsOrderUpdates: async (userId) => (await profiles.getProfile(userId)).notifyOrderUpdates,
    audit,
    offlinePaymentReceived: offlinePayments.offlinePaymentReceived,
    publicUrl: config.publicUrl,
    // The estimated delivery is the state's promise at checkout, in working days (ADR 065).
    deliveryDays: createDeliveryDays({ cache: contentCache }),
    // A receipt's money (ADR 098): the payments that succeeded and the refunds processed (ADR 097).
    receiptMoney: { payments: receiptPayments, refunds: receiptRefunds },
    receiptShop: () => content.getStoreInfo(),
    restockedByRefunds,
  });
  // The money side (services/money.ts): the provider, refunds, payments and Pay small-small.
  const { refunds, layaway, payments, layawayJobs } = createMoneyServices({
    db,
    config,
    log,
    mail,
    audit,
    staff,
    stock: catalog.stock,
    promotions,
    orders,
    cart,
    settings,
    credit,
    offline: offlinePayments,
  });
  const media = createMediaService({ db, storage, audit, renditionsAhead: config.renditionsAhead });
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
      // A shopper's review photos: checked and stored by the media service, unaudited.
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
  // Support tickets ("complaints", ADR 035).
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
      staff: { list: staff.active },
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
    demoMode: demoSwitch.isOn,
  });
  const demo = createDemoModeService({ demoSwitch, accounts, content, promotions });
  const sampleData = createSampleData({
    db,
    storage,
    log,
    audit,
    invalidate: () => {
      catalog.invalidate();
      content.invalidate();
    },
  });
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
    layaway,
    layawayJobs,
    layawayAdmin: createLayawayAdmin({ db, audit, payments, jobs: layawayJobs, layaway }),
    /** Anonymous pages' finished HTML, forgotten with the data they show (ADR 038). */
    pageCache: new PageCache({ ttlMs: PAGE_CACHE_MS, maxBytes: 64 * 1024 * 1024, bus: cacheBus }),
    // The staff screens' own services (/admin: users, mail, banners, products, discounts, dashboard).
    ...createStaffScreens({
      db,
      audit,
      mail,
      media,
      content,
      contentCache,
      catalog,
      settings,
      afterProductChange: () => {
        catalog.invalidate();
        void backInStock.kick();
      },
      reviewsPerAccount: (ids) => reviews.countsPerAccount(ids),
      complaintsPerAccount: (ids) => support.countsPerAccount(ids),
      ordersOf: (user) => orders.listForCustomer(user),
      wake: config.onMailEnqueued,
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
      credit,
      config: config.checkout,
      settings: () => settings.operations(),
      cache: contentCache,
      layaway,
    }),
    content,
    credit,
    settings,
    limiter,
    limits: createAbuseLimits({ limiter }),
    mail,
    media,
    newsletter,
    orders,
    payments,
    refunds,
    promotions,
    reviews,
    support,
  };
}

export type Services = ReturnType<typeof createServices>;
