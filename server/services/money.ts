// The money side of the shop, built for the composition root (server/services.ts): the payment
// provider (Paystack, or the local sandbox when no Paystack key is set), refunds (ADR 097), the
// payments service, and Pay small-small's plans and background jobs (ADR 099). Built after orders
// (refunds go through its refund port; payments move its orders) and store credit (a defaulted
// plan's money becomes the customer's credit, ADR 100).
import type { Db } from '#server/db/client.ts';
import type { StaffDirectory } from '#server/modules/accounts/staff-directory.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { CartService } from '#server/modules/cart/cart.service.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { SettingsService } from '#server/modules/content/settings.service.ts';
import type { CreditService } from '#server/modules/credit/credit.service.ts';
import { createLayawayService } from '#server/modules/layaway/layaway.service.ts';
import { createLayawayJobs } from '#server/modules/layaway/layaway-jobs.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { OfflinePayments } from '#server/modules/payments/offline-payments.ts';
import { createPaymentsService } from '#server/modules/payments/payments.service.ts';
import { createPaystackProvider } from '#server/modules/payments/providers/paystack.ts';
import { createSandboxProvider } from '#server/modules/payments/providers/sandbox.ts';
import { createRefundsService } from '#server/modules/payments/refunds.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { ServiceConfig } from './config.ts';

export function createMoneyServices(deps: {
  db: Db;
  config: ServiceConfig;
  log: Logger;
  mail: MailService;
  audit: AuditService;
  staff: Pick<StaffDirectory, 'namesOf'>;
  stock: StockPort;
  promotions: PromotionsService;
  orders: OrdersService;
  cart: CartService;
  settings: SettingsService;
  credit: Pick<CreditService, 'grant'>;
  offline: OfflinePayments;
}) {
  const { db, config, log, mail, audit, staff, promotions, orders, cart, settings, credit } = deps;
  const sandbox = config.payments.paystackSecretKey
    ? null
    : createSandboxProvider({
        db,
        secret: config.payments.sandboxSecret,
        refundSettling: config.payments.sandboxRefunds,
      });
  const provider =
    sandbox ??
    createPaystackProvider({
      secretKey: config.payments.paystackSecretKey!,
      baseUrl: config.payments.paystackBaseUrl,
    });
  // Refunds (ADR 097): through the orders' refund port, before payments (which hands them their webhooks).
  const refunds = createRefundsService({
    db,
    provider,
    sandbox,
    orders: orders.refunds,
    stock: deps.stock,
    promotions,
    audit,
    mail,
    namesOf: staff.namesOf,
    trackUrl: (order) => `${config.publicUrl}/track-order?id=${order.trackingNumber}`,
    log: log.child({ module: 'refunds' }),
  });
  // Pay small-small (ADR 099): plans and instalments; payments adds each verified payment to one.
  const layaway = createLayawayService({ db, settings: () => settings.layaway() });
  const payments = createPaymentsService({
    refunds,
    db,
    provider,
    sandbox,
    orders,
    cart,
    publicUrl: config.publicUrl,
    reservationMinutes: config.checkout.reservationMinutes,
    log: log.child({ module: 'payments' }),
    offline: deps.offline,
    layaway,
  });
  // Reminders and the default job (ADR 099); a plan ended under the store-credit rule keeps the
  // money paid as the customer's store credit (ADR 100).
  const layawayJobs = createLayawayJobs({
    db,
    mail,
    orders,
    publicUrl: config.publicUrl,
    grantStoreCredit: async (q, grant) => {
      await credit.grant(q, grant);
    },
  });
  return { refunds, layaway, payments, layawayJobs };
}
