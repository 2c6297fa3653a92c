// The admin newsletter screens (/admin/newsletter, ADR 036): the subscriber list's filters (all in
// the URL), its rows and counts, and the campaign forms staff post. Browser code imports only
// types and the zod-free helpers from here (ADR 009).
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';

export const ADMIN_SUBSCRIBERS_PAGE_SIZE = 25;
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 20_000;

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
};

/** Where a sign-up came from: the footer form, the API, or an account's settings. */
export const SUBSCRIBER_SOURCES = ['footer', 'api', 'account'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];
export const SUBSCRIBER_SOURCE_LABELS: Record<SubscriberSource, string> = {
  footer: 'Footer form',
  api: 'API',
  account: 'Account settings',
};

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/**
 * The subscriber list's filters: `q` (part of the address), `status`, `source`, `from`/`to`
 * (signed up on these Lagos days, both included), `page`. A value that makes no sense is dropped.
 */
export const AdminSubscribersQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).catch(undefined),
  status: z.preprocess(blankIsAbsent, z.enum(SUBSCRIBER_STATUSES).optional()).catch(undefined),
  source: z.preprocess(blankIsAbsent, z.enum(SUBSCRIBER_SOURCES).optional()).catch(undefined),
  from: z.preprocess(blankIsAbsent, day.optional()).catch(undefined),
  to: z.preprocess(blankIsAbsent, day.optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminSubscribersQuery = z.infer<typeof AdminSubscribersQuery>;

/** The filters back as a query string (empty values left out), for links, pages and the CSV. */
export function adminSubscribersQuery(
  filters: Partial<AdminSubscribersQuery>,
  change: Partial<AdminSubscribersQuery> = {},
): string {
  const merged = { ...filters, ...change };
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'source', 'from', 'to'] as const) {
    const value = merged[key];
    if (value) params.set(key, value);
  }
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  return params.toString();
}

export interface AdminSubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  source: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface AdminSubscribersPage {
  items: AdminSubscriberRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Over every address, whatever the filter. */
  counts: Record<SubscriberStatus, number>;
}

export const CampaignInput = z.object({
  subject: z
    .string({ error: 'Give the email a subject.' })
    .trim()
    .min(1, 'Give the email a subject.')
    .max(CAMPAIGN_SUBJECT_MAX, `Keep the subject under ${CAMPAIGN_SUBJECT_MAX} characters.`),
  body: z
    .string({ error: 'Write the email first.' })
    .trim()
    .min(1, 'Write the email first.')
    .max(CAMPAIGN_BODY_MAX, `Keep the email under ${CAMPAIGN_BODY_MAX.toLocaleString('en-NG')} characters.`),
});
export type CampaignInput = z.infer<typeof CampaignInput>;

export const CampaignIdInput = z.object({
  id: z.coerce.number({ error: 'Choose a campaign.' }).int().positive('Choose a campaign.').max(MAX_ROW_ID),
});

export interface CampaignSummary {
  id: number;
  subject: string;
  status: CampaignStatus;
  recipientCount: number;
  sentCount: number;
  createdByName: string | null;
  createdAt: string;
  sendStartedAt: string | null;
  sentAt: string | null;
}

export interface CampaignDetail extends CampaignSummary {
  body: string;
  /** The email as a subscriber gets it (the shop's frame, the unsubscribe footer). */
  previewHtml: string;
  updatedAt: string;
}
