// What the services are built with: the shop's address and mail sender, payments, checkout's
// terms, demo eligibility, rate-limit changes and the rest, from the environment (server/http/
// assemble.ts) or a test's overrides of the defaults.
import { randomBytes } from 'node:crypto';
import { type CheckoutConfig, DEFAULT_CHECKOUT_CONFIG } from '#server/modules/checkout/checkout.service.ts';
import type { LaunchConfig } from '#server/modules/launch/launch-types.ts';
import type { RateLimitOverrides } from '#server/platform/rate-limit.ts';

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
    /** 'by-hand': sandbox refunds wait for a test to settle them (default: processed at once; ADR 097). */
    sandboxRefunds?: 'at-once' | 'by-hand';
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
