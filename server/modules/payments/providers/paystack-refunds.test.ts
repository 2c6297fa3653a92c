// Paystack's Refund API as the provider calls it (ADR 097): POST /refund with the transaction's
// reference and the amount in kobo; GET /refund/{id} as the status check. A stub answers with the
// shapes of ../shared/reference/paystack-openapi.yaml (RefundCreateResponse, RefundFetchResponse).
import { describe, expect, it } from 'vitest';
import { createPaystackProvider } from './paystack.ts';
import { PaymentProviderError } from './provider.ts';

function stub(answer: { status: number; body: unknown }) {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : null,
      auth: new Headers(init.headers).get('authorization'),
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof globalThis.fetch;
  return {
    calls,
    provider: createPaystackProvider({ secretKey: 'sk_test_x', baseUrl: 'https://paystack.test', fetch }),
  };
}

describe('Paystack refunds', () => {
  it('creates a refund with the transaction reference and the amount in kobo, and reads its id and status', async () => {
    const { calls, provider } = stub({
      status: 200,
      body: {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          id: 3018284,
          status: 'pending',
          amount: 250000,
          currency: 'NGN',
          transaction: { reference: 'CH1-AB' },
        },
      },
    });
    const refund = await provider.refund({ transactionReference: 'CH1-AB', amountKobo: 250_000 });
    expect(refund).toEqual({ providerRefundId: '3018284', status: 'pending', message: 'pending' });
    expect(calls).toEqual([
      {
        url: 'https://paystack.test/refund',
        method: 'POST',
        body: { transaction: 'CH1-AB', amount: 250_000 },
        auth: 'Bearer sk_test_x',
      },
    ]);
  });

  it('passes on a refusal (more than the transaction), not retryable; refuses fractional kobo without calling', async () => {
    const { calls, provider } = stub({
      status: 400,
      body: { status: false, message: 'Refund amount cannot be more than transaction amount' },
    });
    const error = await provider
      .refund({ transactionReference: 'CH1-AB', amountKobo: 9_999_999 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({
      retryable: false,
      message: 'Refund amount cannot be more than transaction amount',
    });
    await expect(provider.refund({ transactionReference: 'CH1-AB', amountKobo: 1.5 })).rejects.toThrow(
      'positive whole',
    );
    expect(calls).toHaveLength(1);
  });

  it('the status check reads processed and failed as final, anything else as on its way', async () => {
    for (const [given, expected] of [
      ['processed', 'processed'],
      ['failed', 'failed'],
      ['needs-attention', 'pending'],
      ['processing', 'pending'],
    ] as const) {
      const { calls, provider } = stub({
        status: 200,
        body: { status: true, message: 'ok', data: { id: 7, status: given } },
      });
      expect((await provider.fetchRefund('7')).status).toBe(expected);
      expect(calls[0]).toMatchObject({ url: 'https://paystack.test/refund/7', method: 'GET' });
    }
  });
});
