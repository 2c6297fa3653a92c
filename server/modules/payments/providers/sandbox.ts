// The sandbox provider: a stand-in for Paystack that runs inside the shop, so the whole purchase
// works on one machine. Its hosted page is /pay/sandbox/{reference} (Pay or Cancel); its ledger
// is the sandbox_transactions table; it signs its webhooks like Paystack (HMAC-SHA512 of the raw
// body) with a secret of its own. The shop talks to it only through the PaymentProvider face.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  findSandboxTransaction,
  insertSandboxTransaction,
  type SandboxTransaction,
  settleSandboxTransaction,
} from '../payments.repository.ts';
import {
  findSandboxRefund,
  insertSandboxRefund,
  listSandboxRefundsOf,
  settleSandboxRefund,
} from '../refunds.repository.ts';
import {
  type InitializedPayment,
  type InitializePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type VerifiedPayment,
  type WebhookEvent,
} from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the hosted page shows. */
  transaction(reference: string): Promise<SandboxTransaction | null>;
  /**
   * The shopper pressed Pay or Cancel on the hosted page: settles the transaction and returns
   * the signed webhook the sandbox sends for it (null when it was already settled), and where the
   * shopper's browser goes next: the callback's path and query on this shop.
   */
  settle(
    reference: string,
    /** 'failed': the bank declined it (tests; the sandbox's page offers Pay and Cancel). */
    outcome: 'success' | 'abandoned' | 'failed',
  ): Promise<{
    webhook: { body: Buffer; headers: Record<string, string> } | null;
    redirectTo: string;
  } | null>;
  /**
   * Settles a refund the sandbox took (processed, or failed as a bank may fail it) and returns the
   * signed refund.processed / refund.failed webhook it sends, as Paystack's; null when it was
   * already settled or is unknown.
   */
  settleRefund(
    providerRefundId: string,
    outcome: 'processed' | 'failed',
  ): Promise<{ body: Buffer; headers: Record<string, string> } | null>;
  /** 'at-once': the shop settles each sandbox refund as processed as soon as it is taken (the default); 'by-hand': tests settle them. */
  readonly refundSettling: 'at-once' | 'by-hand';
}

const SANDBOX_REFUND_PREFIX = 'sandbox-refund-';

function sign(body: Buffer, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** The path and query of a callback address (absolute, as Paystack is given it, or a path). */
function pathOf(callbackUrl: string): string {
  const url = new URL(callbackUrl, 'http://shop.invalid');
  return safeRedirectPath(`${url.pathname}${url.search}`, '/payment-success');
}

export function createSandboxProvider(deps: {
  db: Queryable;
  secret: string;
  refundSettling?: 'at-once' | 'by-hand';
}): SandboxProvider {
  const { db, secret } = deps;
  if (!secret) throw new Error('The sandbox needs a signing secret');

  function verified(tx: SandboxTransaction): VerifiedPayment {
    return {
      reference: tx.reference,
      status:
        tx.status === 'success'
          ? 'success'
          : tx.status === 'failed'
            ? 'failed'
            : tx.status === 'abandoned'
              ? 'abandoned'
              : 'pending',
      amountKobo: tx.amountKobo,
      currency: tx.currency,
      paidAt: tx.paidAt,
      channel: tx.status === 'success' ? 'card' : null,
      providerTransactionId: `sandbox-${tx.reference}`,
      message:
        tx.status === 'success'
          ? 'Approved (sandbox)'
          : tx.status === 'pending'
            ? null
            : 'Cancelled by the shopper (sandbox)',
    };
  }

  function refundIdOf(providerRefundId: string): number | null {
    if (!providerRefundId.startsWith(SANDBOX_REFUND_PREFIX)) return null;
    const id = Number(providerRefundId.slice(SANDBOX_REFUND_PREFIX.length));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  return {
    name: 'sandbox',
    refundSettling: deps.refundSettling ?? 'at-once',

    async refund({ transactionReference, amountKobo }): Promise<ProviderRefund> {
      const tx = await findSandboxTransaction(db, transactionReference);
      if (tx?.status !== 'success')
        throw new PaymentProviderError('Transaction not found or not paid', false);
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
        throw new PaymentProviderError('Refund amount must be a positive whole number of kobo', false);
      }
      // As Paystack: never more than the transaction, across every refund of it.
      const given = (await listSandboxRefundsOf(db, transactionReference))
        .filter((r) => r.status !== 'failed')
        .reduce((a, r) => a + r.amountKobo, 0);
      if (given + amountKobo > tx.amountKobo) {
        throw new PaymentProviderError(
          'Refund amount cannot be more than the transaction amount left',
          false,
        );
      }
      const row = await insertSandboxRefund(db, { transactionReference, amountKobo });
      return { providerRefundId: `${SANDBOX_REFUND_PREFIX}${row.id}`, status: 'pending', message: null };
    },

    async fetchRefund(providerRefundId: string): Promise<ProviderRefund> {
      const id = refundIdOf(providerRefundId);
      const row = id ? await findSandboxRefund(db, id) : null;
      if (!row) throw new PaymentProviderError('Refund not found', false);
      const status =
        row.status === 'processed' ? 'processed' : row.status === 'failed' ? 'failed' : 'pending';
      return {
        providerRefundId,
        status,
        message: status === 'failed' ? 'Declined by the bank (sandbox)' : null,
      };
    },

    async settleRefund(providerRefundId, outcome) {
      const id = refundIdOf(providerRefundId);
      const row = id ? await settleSandboxRefund(db, id, outcome) : null;
      if (!row) return null;
      const body = Buffer.from(
        JSON.stringify({
          event: outcome === 'processed' ? 'refund.processed' : 'refund.failed',
          data: {
            id: providerRefundId,
            // Paystack's refund events carry the refunded transaction's reference.
            transaction_reference: row.transactionReference,
            amount: row.amountKobo,
            currency: 'NGN',
            status: outcome,
            refunded_at: outcome === 'processed' ? new Date().toISOString() : null,
            merchant_note: outcome === 'failed' ? 'Declined by the bank (sandbox)' : null,
          },
        }),
      );
      return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: sign(body, secret) } };
    },

    async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
      const created = await insertSandboxTransaction(db, {
        reference: input.reference,
        email: input.email,
        amountKobo: input.amountKobo,
        currency: input.currency,
        callbackUrl: input.callbackUrl,
      });
      if (!created) throw new PaymentProviderError('Duplicate Transaction Reference', false);
      return {
        reference: input.reference,
        authorizationUrl: `/pay/sandbox/${encodeURIComponent(input.reference)}`,
        accessCode: null,
      };
    },

    async verify(reference: string): Promise<VerifiedPayment> {
      const tx = await findSandboxTransaction(db, reference);
      if (!tx) throw new PaymentProviderError('Transaction reference not found', false);
      return verified(tx);
    },

    parseWebhook(rawBody: Buffer, headers): WebhookEvent | null {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string') return null;
      const expected = Buffer.from(sign(rawBody, secret));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      try {
        const parsed = JSON.parse(rawBody.toString('utf8')) as {
          event?: unknown;
          data?: Record<string, unknown>;
        };
        if (typeof parsed.event !== 'string' || typeof parsed.data !== 'object' || parsed.data === null)
          return null;
        const reference = typeof parsed.data.reference === 'string' ? parsed.data.reference : null;
        return { event: parsed.event, reference, data: parsed.data };
      } catch {
        return null;
      }
    },

    transaction(reference: string) {
      return findSandboxTransaction(db, reference);
    },

    async settle(reference, outcome) {
      const existing = await findSandboxTransaction(db, reference);
      if (!existing) return null;
      const back = pathOf(existing.callbackUrl);
      const redirectTo = `${back}${back.includes('?') ? '&' : '?'}reference=${encodeURIComponent(reference)}`;
      const settled = await settleSandboxTransaction(db, reference, outcome);
      if (!settled || outcome !== 'success') return { webhook: null, redirectTo };
      const payload = verified(settled);
      const body = Buffer.from(
        JSON.stringify({
          event: 'charge.success',
          data: {
            id: payload.providerTransactionId,
            reference,
            status: 'success',
            amount: settled.amountKobo,
            currency: settled.currency,
            channel: 'card',
            paid_at: settled.paidAt?.toISOString() ?? null,
            gateway_response: payload.message,
            customer: { email: settled.email },
          },
        }),
      );
      return { webhook: { body, headers: { [SANDBOX_SIGNATURE_HEADER]: sign(body, secret) } }, redirectTo };
    },
  };
}
