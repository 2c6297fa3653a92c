// The shop's configuration: read from the environment once, validated, and passed down.
// Nothing else reads process.env. Defaults make the embedded mode work with no settings.
import path from 'node:path';
import { z } from 'zod';
import { parseRateLimitOverrides } from '#server/platform/rate-limit-rules.ts';
import { parseTrustProxy, type TrustProxy } from '#server/platform/trust-proxy.ts';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Each setting's `.describe()` is its one line of help: `npm run env:example` writes .env.example
// from them (with the defaults), and a test fails when that file is not what it would write now.
export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe('`development` under `npm run dev`; leave it to the commands.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('Port to listen on.'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Address to listen on.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "The shop's public address (canonical URLs, links in emails, the admin's sign-in link). Unset: http://localhost:$PORT. A public https address makes a production shop that answers on this host only.",
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .describe(
      'postgres://user:pass@host:5432/db to use a PostgreSQL server. Unset: the embedded PGlite database in DATA_DIR.',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('Connections in the PostgreSQL pool.'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Where the embedded database (db/), uploaded originals and image renditions (media/) live.'),
  SEED_ON_START: booleanish.default(true).describe('Load the sample data into an empty database at start.'),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 31)
    .optional()
    .describe(
      'How often the running shop backs itself up into DATA_DIR/backups (hours; 0 = never). Unset: every 24 hours in a production shop, never in a demo shop.',
    ),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(14)
    .describe('How many of its own backups DATA_DIR/backups keeps (the oldest beyond these are deleted).'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe(
      'fatal, error, warn, info, debug, trace or silent. One JSON line per request, with its request id.',
    ),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false)
    .describe(
      "Which X-Forwarded-* headers to believe (Fastify's trustProxy): the number of proxies in front of the shop (e.g. 1), or their addresses/CIDRs, comma-separated. `true` is refused.",
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .describe(
      'smtp://user:pass@host:587 or smtps://…:465. Unset: mail goes to the local mailbox at /admin/mailbox.',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Crown Hair <hello@crownhair.ng>')
    .describe('The sender of every email the shop sends.'),
  MAIL_POLL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(2000)
    .describe('How often (ms) each process looks for mail to send (it is also woken when mail is written).'),
  BACKGROUND_JOBS_EVERY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .optional()
    .describe(
      'Drills and tests only: run every background job (holds, pruning, sweeps) on this interval (ms) instead of its own (ADR 051). Unset in a real shop.',
    ),
  DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(0)
    .describe(
      "On SIGTERM, how long (ms) the process keeps answering, with /readyz saying not ready, before it stops taking connections: longer than the proxy's health-check interval.",
    ),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…')
    .optional()
    .describe(
      "Paystack's secret key (sk_test_… / sk_live_…); webhook URL: $PUBLIC_URL/api/webhooks/paystack. Unset: the built-in sandbox takes payments.",
    ),
  PAYSTACK_BASE_URL: z
    .url()
    .default('https://api.paystack.co')
    .describe("Paystack's API address (tests point it at a local fake)."),
  PAYMENT_RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30)
    .describe('How long an unpaid card/bank/USSD order holds its stock.'),
  BANK_TRANSFER_RESERVATION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48)
    .describe(
      'How long a bank-transfer order holds its stock while staff wait for the money (default; /admin/settings wins).',
    ),
  POD_CONFIRMATION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48)
    .describe(
      'How long an unconfirmed pay-on-delivery order holds its stock before it is cancelled (default; /admin/settings wins).',
    ),
  MAX_QUANTITY_PER_LINE: z.coerce
    .number()
    .int()
    .min(1)
    .max(999)
    .default(10)
    .describe('The most units of one item a cart line (and an order line) may hold.'),
  MAX_ITEMS_PER_ORDER: z.coerce
    .number()
    .int()
    .min(1)
    .max(9999)
    .default(30)
    .describe('The most units a cart (and an order) may hold in all.'),
  LOW_STOCK_THRESHOLD: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(5)
    .describe(
      'The admin dashboard counts variants with this many units or fewer as low on stock (default; /admin/settings wins).',
    ),
  RATE_LIMITS: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseRateLimitOverrides(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .default({})
    .describe(
      'Changes to the abuse limits by rule name: `checkout:ip=100/1h,track:session=50` (see README, ADR 013).',
    ),
  STAFF_ORDER_EMAILS: z
    .string()
    .transform((value, ctx) => {
      const list = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = list.filter((a) => !z.email().safeParse(a).success);
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not an email address: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    })
    .default([])
    .describe(
      'Comma-separated addresses emailed for every new paid order (default; the addresses saved in /admin/settings win).',
    ),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .describe(
      "The owner's admin, created at start (with ADMIN_PASSWORD) when the address has no account yet. Set, it ends demo mode for good.",
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The password for ADMIN_EMAIL (at least 8 characters, not a common one); only needed for the first start.',
    ),
  ALLOW_SANDBOX_PAYMENTS: booleanish
    .default(false)
    .describe('A production shop (public PUBLIC_URL) may take sandbox payments: only for a staging shop.'),
  ALLOW_LOCAL_MAILBOX: booleanish
    .default(false)
    .describe('A production shop (public PUBLIC_URL) may deliver mail to the local mailbox instead of SMTP.'),
});

export type { TrustProxy };

export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string; PUBLIC_URL: string };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set" (as `DATABASE_URL= npm start` intends).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
