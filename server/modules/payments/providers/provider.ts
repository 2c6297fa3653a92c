// The face every payment provider shows the payments service. Paystack (real), the sandbox
// (a local stand-in with the same code paths), and the offline methods (pay on delivery, bank
// transfer) that need no provider at all.

export interface InitializePaymentInput {
  /** Our unique reference for this attempt (letters, digits, - . =). */
  reference: string;
  /** Integer kobo. */
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /** Where the shopper's browser comes back to, with ?reference=… appended by the provider. */
  callbackUrl: string;
  /** e.g. ['card', 'bank', 'ussd', 'bank_transfer']. */
  channels: string[];
  metadata?: Record<string, string | number>;
}

export interface InitializedPayment {
  reference: string;
  /**
   * The hosted payment page to send the shopper to (single use): absolute for a provider's own
   * site (Paystack), a path for a page of this shop (the sandbox), so it stays on the host the
   * shopper opened (ADR 061).
   */
  authorizationUrl: string;
  accessCode: string | null;
}

export type ProviderPaymentStatus = 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed';

/** What the provider says happened to a payment, read from the provider (never from the browser). */
export interface VerifiedPayment {
  reference: string;
  status: ProviderPaymentStatus;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  /** The provider's own transaction id, for support and refunds. */
  providerTransactionId: string | null;
  /** Provider's message (gateway_response), for the logs and the admin. */
  message: string | null;
}

/** A webhook whose signature checked out. */
export interface WebhookEvent {
  /** e.g. charge.success */
  event: string;
  reference: string | null;
  data: Record<string, unknown>;
}

/** A refund the provider took (Refund API): on its way, or (rarely at once) done or failed. */
export interface ProviderRefund {
  /** The provider's own refund id (Paystack's `id`): webhooks and status checks name it. */
  providerRefundId: string;
  status: 'pending' | 'processed' | 'failed';
  message: string | null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may work (network trouble, 5xx). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Starts a payment; throws PaymentProviderError when the provider refuses or cannot be reached. */
  initialize(input: InitializePaymentInput): Promise<InitializedPayment>;
  /** Asks the provider what happened; throws PaymentProviderError when it cannot be reached. */
  verify(reference: string): Promise<VerifiedPayment>;
  /**
   * Checks a webhook's signature over the exact raw body and parses it; null when the signature
   * is missing or wrong, or the body is not an event (the route answers 401).
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | null;
  /**
   * Gives back `amountKobo` of a paid transaction (ADR 097); throws PaymentProviderError when the
   * provider refuses or cannot be reached. The outcome usually comes later, by webhook.
   */
  refund(input: { transactionReference: string; amountKobo: number }): Promise<ProviderRefund>;
  /** Asks the provider where a refund stands (the fallback when its webhook never comes). */
  fetchRefund(providerRefundId: string): Promise<ProviderRefund>;
}
