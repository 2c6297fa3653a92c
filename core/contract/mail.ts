// The local mailbox as the staff API returns it.
import { z } from 'zod';

export const MailboxSummarySchema = z.object({
  id: z.number().int(),
  outboxId: z.number().int().nullable(),
  fromAddress: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  createdAt: z.date().describe('ISO 8601 date-time in JSON'),
});

export const MailboxMessageSchema = MailboxSummarySchema.extend({
  textBody: z.string(),
  htmlBody: z.string(),
  masked: z
    .boolean()
    .describe(
      'Every token in the bodies is masked (always for mail to staff; for everyone outside demo mode). ADR 017.',
    ),
});

export const MailboxPageSchema = z.object({
  items: z.array(MailboxSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
