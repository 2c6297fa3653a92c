// The launch checklist's eight steps (ADR 071), each read from the real configuration (the
// environment the process started with, the database, the backups folder) — never a tick the owner
// sets — with what to do next in plain words, the exact command or setting.
import { execFile } from 'node:child_process';
import type { SettingsSection } from '#core/contract/admin-settings.ts';
import { backupsDir } from '#server/db/scheduled-backups.ts';
import { isLoopbackHost } from '#server/platform/loopback.ts';
import { TEST_EMAIL_TEMPLATE } from './launch-mail.tsx';
import {
  type Fact,
  type Instruction,
  type LaunchChecklist,
  type LaunchDeps,
  type LaunchStep,
  PAYSTACK_WEBHOOK_PATH,
  PUBLIC_HOST_SEEN_KEY,
  REVIEWED_SECTIONS,
  SAMPLE_KIND_LABELS,
  smtpServer,
} from './launch-types.ts';

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

/**
 * The checklist's reader. `hostSeenAt`: the newest request this process answered on PUBLIC_URL's
 * host (kept in memory by the service between its writes to the settings).
 */
export function createLaunchSteps(deps: LaunchDeps & { hostSeenAt: () => number | null }) {
  const { config, db } = deps;
  const webhookUrl = `${config.publicUrl}${PAYSTACK_WEBHOOK_PATH}`;
  let pgDump: Promise<boolean> | null = null;

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
    const seen = Math.max(Number.isNaN(storedAt) ? 0 : storedAt, deps.hostSeenAt() ?? 0);
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

  return { checklist };
}
