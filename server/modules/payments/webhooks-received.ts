// The payments module's answer to "has the provider reached us?" — the port the launch checklist
// asks (ADR 071): the newest webhook event the shop applied from a provider, and when.
import type { Queryable } from '#server/db/client.ts';
import { newestPaymentEvent } from './webhooks-received.repository.ts';

export interface WebhooksReceivedPort {
  /** The newest webhook event recorded from `provider` ('paystack', 'sandbox'), or null. */
  last(q: Queryable, provider: string): Promise<{ event: string; receivedAt: Date } | null>;
}

export const webhooksReceived: WebhooksReceivedPort = {
  last: (q, provider) => newestPaymentEvent(q, provider),
};
