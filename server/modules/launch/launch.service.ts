// The launch checklist (/admin/launch, ADR 071): what stands between the shop and taking real
// money, each step read from the real configuration (the environment the process started with,
// the database, the backups folder) — never a tick the owner sets. Each step says what to do
// next in plain words, with the exact command or setting. Admins only (settings.manage).
//
// Facts the shop records for it live in the settings table: when each settings section was last
// saved (the settings service writes it) and when this shop last answered a request on
// PUBLIC_URL's host (recorded here, at most once a minute per process).
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { launchTestMail } from './launch-mail.tsx';
import { createLaunchSteps } from './launch-steps.ts';
import {
  type LaunchChecklist,
  type LaunchDeps,
  PUBLIC_HOST_SEEN_KEY,
  PUBLIC_HOST_WRITE_EVERY_MS,
  smtpServer,
} from './launch-types.ts';

export function createLaunchService(deps: LaunchDeps) {
  const { config, db, log } = deps;
  const now = deps.now ?? Date.now;
  const publicHost = new URL(config.publicUrl).host.toLowerCase();
  /** The newest request this process answered on PUBLIC_URL's host, and when it last wrote one. */
  let hostSeenAt: number | null = null;
  let hostWrittenAt = Number.NEGATIVE_INFINITY;
  const steps = createLaunchSteps({ ...deps, hostSeenAt: () => hostSeenAt });
  const checklist = () => steps.checklist();

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
