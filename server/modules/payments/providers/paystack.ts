// The Paystack adapter: hosted-page payments (initialize → redirect → verify) and signed webhooks,
// over Paystack's HTTP API. The secret key never leaves the Authorization header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type InitializedPayment,
  type InitializePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type VerifiedPayment,
  type WebhookEvent,
} from './provider.ts';

export interface PaystackProviderOptions {
  /** sk_test_… or sk_live_…; also the webhook signing key (Paystack has no separate one). */
  secretKey: string;
  baseUrl?: string;
  /** For the whole exchange, headers and body. */
  timeoutMs?: number;
  /**
   * For a verify, the shorter of this and `timeoutMs`: a shopper back from Paystack waits on it,
   * and a slow answer is better told as "Confirming your payment…" (the page asks again, and the
   * webhook and the sweep confirm it meanwhile) than by a page that hangs (ADR 050).
   */
  verifyTimeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** Paystack's rule for references: letters, digits, `-`, `.` and `=`. */
const REFERENCE = /^[A-Za-z0-9.=-]+$/;

const FINAL_STATUSES: ReadonlySet<string> = new Set<ProviderPaymentStatus>([
  'success',
  'failed',
  'abandoned',
  'reversed',
]);

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function createPaystackProvider({
  secretKey,
  baseUrl = 'https://api.paystack.co',
  timeoutMs = 15_000,
  verifyTimeoutMs = 6_000,
  fetch: fetchImpl = globalThis.fetch,
}: PaystackProviderOptions): PaymentProvider {
  // An empty key would make an empty-keyed HMAC "valid": anyone could forge webhooks.
  if (!secretKey) throw new Error('Paystack needs a secret key');
  const root = baseUrl.replace(/\/+$/, '');

  /** Belt and braces: whatever text reaches an error, the key does not. */
  function redact(text: string): string {
    return text.split(secretKey).join('[redacted]');
  }

  function refuse(message: string, retryable: boolean, cause?: unknown): PaymentProviderError {
    const error = new PaymentProviderError(redact(message), retryable);
    if (cause !== undefined) error.cause = cause;
    return error;
  }

  /** One call to Paystack; returns the envelope when Paystack answered 2xx with `status: true`. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    waitMs: number = timeoutMs,
  ): Promise<Json> {
    let text: string;
    let httpStatus: number;
    try {
      const res = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(waitMs),
      });
      httpStatus = res.status;
      // Inside the try: the timeout also covers a body that trickles in.
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const reason = timedOut
        ? `Paystack did not answer within ${waitMs} ms`
        : `Could not reach Paystack (${networkReason(err)})`;
      throw refuse(reason, true, err);
    }

    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = null;
    }
    // Rate limits and Paystack's own trouble pass; anything else (bad key, bad request, unknown
    // reference, a body we cannot read) will not get better by asking again.
    const retryable = httpStatus >= 500 || httpStatus === 429;
    const ok = httpStatus >= 200 && httpStatus < 300;
    if (!isRecord(envelope)) {
      throw refuse(`Paystack answered HTTP ${httpStatus} with a body that is not a JSON object`, retryable);
    }
    if (!ok || envelope.status !== true) {
      const message = optionalString(envelope.message) ?? `Paystack answered HTTP ${httpStatus}`;
      throw refuse(message, retryable);
    }
    return envelope;
  }

  /** A refund as Paystack answers it (create or fetch): its id and where it stands. */
  function refundFrom(data: unknown): ProviderRefund {
    if (!isRecord(data)) throw refuse('Paystack answered a refund without data', false);
    const id = data.id;
    if (!(typeof id === 'number' || (typeof id === 'string' && id !== ''))) {
      throw refuse('Paystack answered a refund without its id', false);
    }
    return {
      providerRefundId: String(id),
      status: refundStatusOf(data.status),
      message: optionalString(data.merchant_note) ?? optionalString(data.status),
    };
  }

  return {
    name: 'paystack',

    async initialize(input: InitializePaymentInput): Promise<InitializedPayment> {
      // Refuse here what Paystack would refuse, before anything leaves the building.
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
        throw refuse(`Amount must be a positive whole number of kobo, got ${input.amountKobo}`, false);
      }
      if (!REFERENCE.test(input.reference)) {
        throw refuse('A Paystack reference may hold only letters, digits, -, . and =', false);
      }

      const envelope = await call('POST', '/transaction/initialize', {
        email: input.email,
        // Integer kobo: the schema takes integer or string; an integer cannot be misread.
        amount: input.amountKobo,
        reference: input.reference,
        callback_url: input.callbackUrl,
        currency: input.currency,
        channels: input.channels,
        // A JSON object (the schema takes an object or stringified JSON); verify and webhooks
        // give it back as an object.
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });

      const data = envelope.data;
      if (!isRecord(data) || typeof data.authorization_url !== 'string' || data.authorization_url === '') {
        throw refuse('Paystack answered without an authorization_url', false);
      }
      if (data.reference !== undefined && data.reference !== input.reference) {
        throw refuse('Paystack answered for another reference', false);
      }
      return {
        reference: input.reference,
        authorizationUrl: data.authorization_url,
        accessCode: optionalString(data.access_code),
      };
    },

    async refund({ transactionReference, amountKobo }): Promise<ProviderRefund> {
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
        throw refuse(`A refund must be a positive whole number of kobo, got ${amountKobo}`, false);
      }
      if (!REFERENCE.test(transactionReference)) throw refuse('Not a Paystack transaction reference', false);
      // `transaction` takes the reference (or id); `amount` in kobo, never more than was paid.
      const envelope = await call('POST', '/refund', {
        transaction: transactionReference,
        amount: amountKobo,
      });
      return refundFrom(envelope.data);
    },

    async fetchRefund(providerRefundId: string): Promise<ProviderRefund> {
      if (!/^\d+$/.test(providerRefundId)) throw refuse('Not a Paystack refund id', false);
      const envelope = await call(
        'GET',
        `/refund/${providerRefundId}`,
        undefined,
        Math.min(timeoutMs, verifyTimeoutMs),
      );
      return refundFrom(envelope.data);
    },

    async verify(reference: string): Promise<VerifiedPayment> {
      // `/transaction/verify/` with nothing after it is another endpoint with another error.
      if (!reference) throw refuse('A reference is required to verify a payment', false);

      // An unknown reference comes back 400 (what the live API does) or 404 (what the OpenAPI
      // description says) with "Transaction reference not found": both throw, non-retryable.
      // It is not "abandoned": it means Paystack never saw this reference (initialize did not
      // reach it, or the key is from the other mode), so nothing was paid under it, and
      // deciding what that means for the order is the payments service's business.
      const envelope = await call(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
        undefined,
        Math.min(timeoutMs, verifyTimeoutMs),
      );

      const data = envelope.data;
      if (!isRecord(data)) throw refuse('Paystack answered a verify without data', false);
      if (data.reference !== reference) throw refuse('Paystack answered for another reference', false);
      if (!Number.isSafeInteger(data.amount) || typeof data.currency !== 'string') {
        throw refuse('Paystack answered a verify without a whole amount and a currency', false);
      }

      const status =
        typeof data.status === 'string' && FINAL_STATUSES.has(data.status) ? data.status : 'pending';
      return {
        reference,
        status: status as ProviderPaymentStatus,
        amountKobo: data.amount as number,
        currency: data.currency,
        paidAt: parseDate(data.paid_at) ?? parseDate(data.paidAt),
        channel: optionalString(data.channel),
        providerTransactionId:
          typeof data.id === 'number' || (typeof data.id === 'string' && data.id !== '')
            ? String(data.id)
            : null,
        message: optionalString(data.gateway_response),
      };
    },

    parseWebhook(rawBody, headers): WebhookEvent | null {
      const signature = headerValue(headers, 'x-paystack-signature');
      if (!signature) return null;

      const expected = Buffer.from(createHmac('sha512', secretKey).update(rawBody).digest('hex'), 'utf8');
      const received = Buffer.from(signature, 'utf8');
      // timingSafeEqual throws on unequal lengths; the length of a hex SHA-512 is no secret.
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;

      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (!isRecord(body) || typeof body.event !== 'string' || body.event === '') return null;
      const data = isRecord(body.data) ? body.data : {};
      return { event: body.event, reference: optionalString(data.reference), data };
    },
  };
}

/** Paystack's refund statuses: processed and failed are final; pending, processing, needs-attention wait. */
export function refundStatusOf(status: unknown): ProviderRefund['status'] {
  return status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending';
}

/** Header names are case-insensitive; a repeated signature header is not one signature. */
function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.length === 1 ? (value[0] ?? null) : null;
    return value ?? null;
  }
  return null;
}

/** fetch says "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND…) is in the cause. */
function networkReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err.message;
}
