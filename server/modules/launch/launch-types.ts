// The launch checklist's shapes (ADR 071): its steps as the page shows them, what the checklist
// reads of the configuration, and the port to the sample data. No rules here: launch-steps.ts reads
// each step's state, launch.service.ts is what the routes call.
import type { SettingsSection } from '#core/contract/admin-settings.ts';
import type { StaffMember } from '#core/contract/two-factor.ts';
import type { Db } from '#server/db/client.ts';
import type { LastBackup } from '#server/db/scheduled-backups.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import type { SettingsService } from '#server/modules/content/settings.service.ts';
import type { DeliveriesPort, DeliveryAttempt } from '#server/modules/mail/last-delivery.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { WebhooksReceivedPort } from '#server/modules/payments/webhooks-received.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { StaffActor } from '#server/platform/staff-actor.ts';

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

/** How the sample data's kinds (server/seed/sample-removal.ts) read on the page. */
export const SAMPLE_KIND_LABELS: Record<string, string> = {
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

/** What the checklist reads and writes through (wired in server/services.ts). */
export interface LaunchDeps {
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
}
