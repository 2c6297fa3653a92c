// The launch checklist (/admin/launch, ADR 071): what stands between the shop and taking real
// money, each step read from the real configuration (the environment the process started with,
// the database, the backups folder) — never a tick the owner sets. Each step says what to do
// next in plain words, with the exact command or setting. Admins only (settings.manage).
//
// Facts the shop records for it live in the settings table: when each settings section was last
// saved (the settings service writes it) and when this shop last answered a request on
// PUBLIC_URL's host (recorded here, at most once a minute per process).
import { execFile } from 'node:child_process';
import type { SettingsSection } from '#core/contract/admin-settings.ts';
import type { StaffMember } from '#core/contract/two-factor.ts';
import type { Db } from '#server/db/client.ts';
import { backupsDir, type LastBackup } from '#server/db/scheduled-backups.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import type { SettingsService } from '#server/modules/content/settings.service.ts';
import type { DeliveriesPort, DeliveryAttempt } from '#server/modules/mail/last-delivery.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { WebhooksReceivedPort } from '#server/modules/payments/webhooks-received.ts';
import type { Logger } from '#server/platform/logger.ts';
import { isLoopbackHost } from '#server/platform/loopback.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { launchTestMail, TEST_EMAIL_TEMPLATE } from './launch-mail.tsx';

export const LAUNCH_STEP_IDS = [
  'admin',
  'sample-data',
  'payments',
  'email',
  'address',
  'details',
  'staff',
  'backups',
] as const;
export type LaunchStepId = (typeof LAUNCH_STEP_IDS)[number];

/** One line of what to do next; `code` is a command or setting shown as code (copyable). */
export interface Instruction {
  text: string;
  code?: string;
}

/** A fact the step read ("Paystack key: test mode"). */
export interface Fact {
  label: string;
  value: string;
  /** An instant, shown in Lagos time (ISO). */
  at?: string;
}

interface StepBase {
  id: LaunchStepId;
  title: string;
  done: boolean;
  /** One sentence: where the shop stands on this step. */
  summary: string;
  facts: Fact[];
  /** What to do next (empty when done). */
  next: Instruction[];
}

export type LaunchStep =
  | (StepBase & { id: 'admin' | 'address' | 'backups' })
  | (StepBase & {
      id: 'sample-data';
      /** Sample rows left; null when the shop cannot count them (it only knows it has some). */
      remaining: number;
      byKind: Record<string, number>;
      /** The removal form can be offered (the sample-data service is connected). */
      canRemove: boolean;
    })
  | (StepBase & { id: 'payments'; webhookUrl: string })
  | (StepBase & { id: 'email'; testEmail: (Omit<DeliveryAttempt, 'at'> & { at: string }) | null })
  | (StepBase & { id: 'details'; unreviewed: string[] })
  | (StepBase & { id: 'staff'; missing: { name: string; email: string; role: string }[] });

export interface LaunchChecklist {
  steps: LaunchStep[];
  done: number;
  total: number;
}

/** How the sample data's kinds (server/db/seed/sample-removal.ts) read on the page. */
const SAMPLE_KIND_LABELS: Record<string, string> = {
  customers: 'Sample customers',
  orders: 'Sample orders',
  reviews: 'Sample reviews',
  tickets: 'Sample support tickets',
  subscribers: 'Sample newsletter subscribers',
  products: 'Sample products',
  slides: 'Sample hero slides',
  banners: 'Sample banners',
  pictures: 'Sample pictures',
};

/** The sample data's state and removal (the sample-data service; ADR 071 names the seam). */
export interface SampleDataPort {
  /** Rows marked as sample left in the shop (ADR 070), in all and by kind. */
  status(): Promise<{ remaining: number; byKind: Record<string, number> }>;
  /** Deletes every sample row (and the sample catalogue unless kept); refused during the demo. */
  remove(input: { keepCatalogue: boolean; actor: StaffActor }): Promise<unknown>;
}

/** What the checklist reads of the process's configuration (server/env.ts). */
export interface LaunchConfig {
  publicUrl: string;
  paystackSecretKey?: string;
  smtpUrl?: string;
  /** DATA_DIR: where the backups folder is. */
  dataDir: string;
  /** BACKUP_EVERY_HOURS as it applies (0: the shop takes none itself). */
  backupEveryHours: number;
  database: 'pglite' | 'postgres';
}

/** Settings sections the "Shop details" step asks the owner to review, in the screen's words. */
export const REVIEWED_SECTIONS: readonly { section: SettingsSection; label: string }[] = [
  { section: 'contacts', label: 'Store contacts' },
  { section: 'bank', label: 'Bank transfer' },
  { section: 'delivery', label: 'Delivery fees' },
  { section: 'pay-on-delivery', label: 'Pay on delivery' },
];

/** The settings key of the newest request seen on PUBLIC_URL's host (ISO time). */
export const PUBLIC_HOST_SEEN_KEY = 'launch.publicHostSeenAt';
/** A process writes the time it saw PUBLIC_URL's host at most this often. */
export const PUBLIC_HOST_WRITE_EVERY_MS = 60_000;

export const PAYSTACK_WEBHOOK_PATH = '/api/webhooks/paystack';

/** The SMTP server's address without its user name or password. */
export function smtpServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'an SMTP server';
  }
}

function kb(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** Whether `pg_dump` runs here (asked once per process; the backups step on PostgreSQL). */
function pgDumpInstalled(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('pg_dump', ['--version'], { timeout: 5000 }, (error) => resolve(!error));
  });
}

export function createLaunchService(deps: {
  db: Db;
  config: LaunchConfig;
  content: Pick<ContentService, 'demoEnded' | 'facts' | 'recordFact'>;
  settings: Pick<SettingsService, 'savedAt'>;
  sampleData: SampleDataPort;
  staff: { list(): Promise<StaffMember[]> };
  webhooks: WebhooksReceivedPort;
  deliveries: DeliveriesPort;
  mail: Pick<MailService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  backups: (dataDir: string) => Promise<LastBackup>;
  log: Logger;
  /** Whether pg_dump is installed (default: run it once and see). */
  pgDumpInstalled?: () => Promise<boolean>;
  now?: () => number;
}) {
  const { config, db, log } = deps;
  const now = deps.now ?? Date.now;
  const publicHost = new URL(config.publicUrl).host.toLowerCase();
  const webhookUrl = `${config.publicUrl}${PAYSTACK_WEBHOOK_PATH}`;
  let pgDump: Promise<boolean> | null = null;
  /** The newest request this process answered on PUBLIC_URL's host, and when it last wrote one. */
  let hostSeenAt: number | null = null;
  let hostWrittenAt = Number.NEGATIVE_INFINITY;

  async function adminStep(): Promise<LaunchStep> {
    const ended = await deps.content.demoEnded();
    const how = ended?.reason === 'ADMIN_EMAIL' ? 'ADMIN_EMAIL at start' : ended?.reason || 'taking over';
    return {
      id: 'admin',
      title: 'Your own admin',
      done: ended !== null,
      summary: ended
        ? 'Demo mode has ended: the demo admin and its published password are gone.'
        : 'The shop is still in demo mode: anyone who reads the README knows the demo admin’s password.',
      facts: ended ? [{ label: 'Demo mode ended', value: `by ${how}`, at: ended.at.toISOString() }] : [],
      next: ended
        ? []
        : [
            {
              text: 'On the server, in the shop’s folder, create your own admin (it asks for the password without showing it):',
              code: 'npm run admin:create -- --email you@example.com',
            },
            {
              text: 'Or set your address and a password in .env and restart the shop:',
              code: 'ADMIN_EMAIL=you@example.com\nADMIN_PASSWORD=…',
            },
            {
              text: 'Either one ends demo mode for good and removes the demo admin and the sample promo codes.',
            },
          ],
    };
  }

  async function sampleStep(): Promise<LaunchStep> {
    const [status, ended] = await Promise.all([deps.sampleData.status(), deps.content.demoEnded()]);
    const done = status.remaining === 0;
    const kinds = Object.entries(status.byKind).filter(([, n]) => n > 0);
    // The removal is refused while the shop is still a demo shop (ADR 070): take it over first.
    const canRemove = !done && ended !== null;
    return {
      id: 'sample-data',
      title: 'Sample data removed',
      done,
      summary: done
        ? 'No sample customers, orders or products are left.'
        : `${status.remaining.toLocaleString('en-NG')} sample ${status.remaining === 1 ? 'row remains' : 'rows remain'}.`,
      facts: kinds.map(([kind, n]) => ({
        label: SAMPLE_KIND_LABELS[kind] ?? kind,
        value: n.toLocaleString('en-NG'),
      })),
      next: done
        ? []
        : canRemove
          ? [
              {
                text: 'Remove them below. Your own orders, accounts and products made since the demo stay. Keep the sample catalogue if you want to edit its products rather than add your own.',
              },
            ]
          : [
              {
                text: 'Take the shop over first (the step above): the sample data can be removed once demo mode has ended, here or on the server, in the shop’s folder:',
                code: 'npm run sample:remove',
              },
            ],
      remaining: status.remaining,
      byKind: Object.fromEntries(kinds),
      canRemove,
    };
  }

  async function paymentsStep(): Promise<LaunchStep> {
    const key = config.paystackSecretKey;
    const mode = key?.startsWith('sk_live_') ? 'live' : key?.startsWith('sk_test_') ? 'test' : 'sandbox';
    const last = await deps.webhooks.last(db, mode === 'sandbox' ? 'sandbox' : 'paystack');
    const facts: Fact[] = [
      {
        label: 'Paystack key',
        value:
          mode === 'live'
            ? 'live (sk_live_…): real money'
            : mode === 'test'
              ? 'test mode (sk_test_…): no real money moves'
              : 'none: the built-in sandbox takes pretend payments',
      },
      last
        ? { label: 'Last webhook received', value: last.event, at: last.receivedAt.toISOString() }
        : { label: 'Last webhook received', value: 'none yet' },
    ];
    const webhookStep: Instruction = {
      text: 'In Paystack’s dashboard (Settings → API Keys & Webhooks), paste this webhook address:',
      code: webhookUrl,
    };
    const next: Instruction[] =
      mode === 'live'
        ? last
          ? []
          : [webhookStep, { text: 'The step shows the first webhook here once a customer pays.' }]
        : [
            {
              text:
                mode === 'test'
                  ? 'You are in test mode. When your Paystack account is activated, put your live secret key in .env and restart the shop:'
                  : 'Put your Paystack secret key in .env and restart the shop (Paystack dashboard → Settings → API Keys & Webhooks):',
              code: 'PAYSTACK_SECRET_KEY=sk_live_…',
            },
            webhookStep,
          ];
    return {
      id: 'payments',
      title: 'Payments',
      done: mode === 'live',
      summary:
        mode === 'live'
          ? 'Paystack takes real payments.'
          : mode === 'test'
            ? 'Paystack is in test mode: customers cannot pay real money yet.'
            : 'No Paystack key: only the sandbox takes payments, and no real money moves.',
      facts,
      next,
      webhookUrl,
    };
  }

  async function emailStep(): Promise<LaunchStep> {
    const [last, testEmail] = await Promise.all([
      deps.deliveries.lastAttempt(db),
      deps.deliveries.lastOf(db, TEST_EMAIL_TEMPLATE),
    ]);
    const smtp = config.smtpUrl;
    const failing = last !== null && last.outcome !== 'sent' && last.error !== null;
    const facts: Fact[] = [
      {
        label: 'Mail goes to',
        value: smtp
          ? `SMTP server ${smtpServer(smtp)}`
          : 'the local mailbox (/admin/mailbox): nobody outside receives it',
      },
    ];
    if (last)
      facts.push({
        label: 'Last delivery attempt',
        value:
          last.outcome === 'sent'
            ? 'sent'
            : `${last.outcome === 'failed' ? 'failed' : 'not sent yet, will retry'}: ${last.error ?? 'no error recorded'}`,
        at: last.at.toISOString(),
      });
    else facts.push({ label: 'Last delivery attempt', value: 'none yet' });
    const next: Instruction[] = [];
    if (!smtp)
      next.push({
        text: 'Put your mail provider’s SMTP address in .env and restart the shop (port 587, or smtps:// on 465):',
        code: 'SMTP_URL=smtp://user:password@smtp.example.com:587',
      });
    if (failing)
      next.push({
        text: 'The last delivery failed with the error above: check SMTP_URL’s user, password, host and port, then send a test email.',
      });
    if (smtp && !failing) next.push({ text: 'Send yourself a test email to see it arrive.' });
    return {
      id: 'email',
      title: 'Email',
      done: Boolean(smtp) && !failing,
      summary: !smtp
        ? 'No mail server: order and password emails stay in the local mailbox.'
        : failing
          ? 'Mail is set up, but the last delivery failed.'
          : 'Mail goes out through your SMTP server.',
      facts,
      next: smtp && !failing && last?.outcome === 'sent' ? [] : next,
      testEmail: testEmail ? { ...testEmail, at: testEmail.at.toISOString() } : null,
    };
  }

  async function addressStep(): Promise<LaunchStep> {
    const url = new URL(config.publicUrl);
    const local = isLoopbackHost(url.hostname.toLowerCase());
    const https = url.protocol === 'https:';
    const stored = (await deps.content.facts([PUBLIC_HOST_SEEN_KEY])).get(PUBLIC_HOST_SEEN_KEY);
    const storedAt = stored ? new Date(stored).getTime() : Number.NaN;
    const seen = Math.max(Number.isNaN(storedAt) ? 0 : storedAt, hostSeenAt ?? 0);
    const facts: Fact[] = [
      { label: 'PUBLIC_URL', value: config.publicUrl },
      seen > 0
        ? { label: `Last request on ${url.host}`, value: 'answered', at: new Date(seen).toISOString() }
        : { label: `Last request on ${url.host}`, value: 'none yet' },
    ];
    const done = https && !local;
    return {
      id: 'address',
      title: 'Public address',
      done,
      summary: done
        ? `The shop answers at ${url.origin} over https.`
        : local
          ? 'The shop’s address is this machine: customers cannot reach it, and links in emails point here.'
          : 'The shop’s address is not https: browsers will warn your customers and Paystack needs https.',
      facts,
      next: done
        ? []
        : [
            {
              text: 'Point your domain’s DNS at the server, put a proxy that gets an https certificate in front of the shop (the README’s Going live section uses Caddy), then set the address in .env and restart:',
              code: 'PUBLIC_URL=https://www.yourshop.ng',
            },
          ],
    };
  }

  async function detailsStep(): Promise<LaunchStep> {
    const [ended, saved] = await Promise.all([deps.content.demoEnded(), deps.settings.savedAt()]);
    const reviewed = (section: SettingsSection) => {
      const at = saved[section];
      return ended !== null && at !== undefined && at.getTime() >= ended.at.getTime();
    };
    const unreviewed = REVIEWED_SECTIONS.filter((s) => !reviewed(s.section)).map((s) => s.label);
    const done = unreviewed.length === 0;
    return {
      id: 'details',
      title: 'Shop details',
      done,
      summary: done
        ? 'Contacts, bank account, delivery fees and pay-on-delivery states have been reviewed.'
        : ended
          ? `Still to review: ${unreviewed.join(', ')}.`
          : 'The contacts, bank account and fees are the demo’s until you take the shop over and review them.',
      facts: REVIEWED_SECTIONS.map((s) => {
        const at = saved[s.section];
        return reviewed(s.section) && at
          ? { label: s.label, value: 'saved', at: at.toISOString() }
          : { label: s.label, value: 'not reviewed since the demo' };
      }),
      next: done
        ? []
        : [
            {
              text: 'Open Settings, check each of these sections and press its Save button (saving unchanged values counts): the demo’s phone number, bank account and fees are not yours.',
            },
          ],
      unreviewed,
    };
  }

  async function staffStep(): Promise<LaunchStep> {
    // The demo admin is exempt in demo mode (ADR 062): the first step removes it, not this one.
    const members = (await deps.staff.list()).filter((m) => m.isActive && !m.exempt);
    const missing = members
      .filter((m) => !m.twoFactorEnrolled)
      .map((m) => ({ name: m.name, email: m.email, role: m.role === 'admin' ? 'Admin' : 'Staff' }));
    const done = missing.length === 0;
    return {
      id: 'staff',
      title: 'Staff security',
      done,
      summary: done
        ? members.length === 0
          ? 'No staff or admin accounts yet besides the demo admin; each one you add sets up a second factor at its first sign-in.'
          : `Every staff and admin account (${members.length}) signs in with a second factor.`
        : `${missing.length} of ${members.length} staff and admin ${members.length === 1 ? 'account has' : 'accounts have'} no second factor yet.`,
      facts: [],
      next: done
        ? []
        : [
            {
              text: 'Each person below sets up an authenticator app the next time they sign in to the admin (they are asked to). Suspend anyone who no longer works with you on their page under Users.',
            },
          ],
      missing,
    };
  }

  async function backupsStep(): Promise<LaunchStep> {
    const last = await deps.backups(config.dataDir);
    const every = config.backupEveryHours;
    const onPostgres = config.database === 'postgres';
    pgDump ??= onPostgres ? (deps.pgDumpInstalled ?? pgDumpInstalled)() : Promise.resolve(true);
    const toolThere = await pgDump;
    const facts: Fact[] = [
      last.newest
        ? {
            label: 'Last backup',
            value: `${kb(last.newest.bytes)}, ${last.newest.path}`,
            at: last.newest.at.toISOString(),
          }
        : { label: 'Last backup', value: `none in ${last.dir}` },
      {
        label: 'Scheduled backups',
        value: every > 0 ? `every ${every} ${every === 1 ? 'hour' : 'hours'}` : 'off',
      },
    ];
    if (last.failure)
      facts.push({
        label: 'Last scheduled backup failed',
        value: last.failure.error,
        at: last.failure.at.toISOString(),
      });
    const next: Instruction[] = [];
    if (onPostgres && !toolThere)
      next.push(
        {
          text: 'The database is PostgreSQL and pg_dump is not installed on this server, so the shop cannot back it up. Install PostgreSQL’s client tools at the server’s major version or newer:',
          code: 'apt-get install postgresql-client',
        },
        {
          text: 'On a managed database (DigitalOcean, AWS RDS, Supabase, Neon…), also turn on its automated backups in the provider’s dashboard, and copy the photos folder yourself:',
          code: `${config.dataDir}/media`,
        },
      );
    if (every <= 0)
      next.push({
        text: 'Turn on the shop’s own backups in .env and restart (one a day, the last 14 kept):',
        code: 'BACKUP_EVERY_HOURS=24',
      });
    if (!last.newest)
      next.push({ text: 'Or take one now, on the server in the shop’s folder:', code: 'npm run db:backup' });
    next.push(
      ...(next.length > 0
        ? [
            {
              text: `Copy ${backupsDir(config.dataDir)} to another machine or storage regularly: a backup on the same disk dies with it.`,
            },
          ]
        : []),
    );
    const done = every > 0 && last.newest !== null && last.failure === null && (!onPostgres || toolThere);
    return {
      id: 'backups',
      title: 'Backups',
      done,
      summary: done
        ? `The shop backs itself up every ${every} ${every === 1 ? 'hour' : 'hours'}.`
        : last.failure
          ? 'The last scheduled backup failed.'
          : every > 0
            ? last.newest
              ? 'Backups are on.'
              : 'Backups are on, but none has been taken yet.'
            : 'The shop takes no backups of itself.',
      facts,
      next: done ? [] : next,
    };
  }

  async function checklist(): Promise<LaunchChecklist> {
    const steps = await Promise.all([
      adminStep(),
      sampleStep(),
      paymentsStep(),
      emailStep(),
      addressStep(),
      detailsStep(),
      staffStep(),
      backupsStep(),
    ]);
    return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
  }

  return {
    /** Every step with its state and what to do next. */
    async checklist(actor: StaffActor): Promise<LaunchChecklist> {
      assertCan(actor, 'settings.manage', 'Only admins can see the launch checklist.');
      return checklist();
    },

    /** "n of m done" for the dashboard's card (admins; null for anyone else). */
    async progress(actor: StaffActor): Promise<{ done: number; total: number } | null> {
      if (actor.user.role !== 'admin') return null;
      const { done, total } = await checklist();
      return { done, total };
    },

    /** Queues a test email to the signed-in admin through the real outbox, audited. */
    async sendTestEmail(actor: StaffActor): Promise<{ to: string }> {
      assertCan(actor, 'settings.manage', 'Only admins can send the test email.');
      const to = actor.user.email;
      const transport = config.smtpUrl
        ? `the SMTP server ${smtpServer(config.smtpUrl)}`
        : 'the local mailbox';
      await db.transaction(async (tx) => {
        await deps.mail.enqueue(tx, launchTestMail({ to, name: actor.user.name, transport }));
        await deps.audit.record(tx, {
          actorUserId: actor.user.id,
          action: 'launch.test_email',
          subjectType: 'mail',
          subjectId: to,
          ip: actor.ip ?? null,
          details: { to, transport: config.smtpUrl ? smtpServer(config.smtpUrl) : 'local mailbox' },
        });
      });
      return { to };
    },

    /** Removes the sample data through the sample-data service (which audits it). */
    async removeSampleData(actor: StaffActor, input: { keepCatalogue: boolean }): Promise<unknown> {
      assertCan(actor, 'settings.manage', 'Only admins can remove the sample data.');
      return deps.sampleData.remove({ keepCatalogue: input.keepCatalogue, actor });
    },

    /**
     * A request arrived on `host` (the Host header as Fastify reads it). On PUBLIC_URL's host it is
     * remembered, and written to the settings at most once a minute per process (cheap: no
     * database work on the request's path, the write is not awaited).
     */
    sawRequest(host: string | undefined): void {
      if (!host || host.toLowerCase() !== publicHost) return;
      const at = now();
      hostSeenAt = at;
      if (at - hostWrittenAt < PUBLIC_HOST_WRITE_EVERY_MS) return;
      hostWrittenAt = at;
      deps.content.recordFact(PUBLIC_HOST_SEEN_KEY, new Date(at).toISOString()).catch((error: unknown) => {
        hostWrittenAt = Number.NEGATIVE_INFINITY;
        log.warn({ err: error }, 'could not record the last request on the public address');
      });
    },
  };
}
