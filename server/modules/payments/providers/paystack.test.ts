// The Paystack adapter against a local fake of Paystack's HTTP API whose requests and answers are
// checked against Paystack's OpenAPI description. Nothing in the adapter is mocked.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getPaystackValidators,
  type PaystackFake,
  signPaystackBody,
  startPaystackFake,
} from '#tests/fakes/paystack-fake.ts';
import { createPaystackProvider } from './paystack.ts';
import { type InitializePaymentInput, type PaymentProvider, PaymentProviderError } from './provider.ts';

const SECRET_KEY = `sk_test_${randomBytes(20).toString('hex')}`;
const schemas = getPaystackValidators();

let fake: PaystackFake;
let paystack: PaymentProvider;
beforeAll(async () => {
  fake = await startPaystackFake({ secretKey: SECRET_KEY });
  paystack = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: fake.baseUrl });
});
afterAll(async () => {
  await fake.close();
});

let counter = 0;
function paymentInput(overrides: Partial<InitializePaymentInput> = {}): InitializePaymentInput {
  counter += 1;
  return {
    reference: `CRN-${Date.now().toString(36)}-${counter}`,
    amountKobo: 4_575_050,
    currency: 'NGN',
    email: `ada${counter}@example.ng`,
    callbackUrl: 'https://shop.example.ng/payment/return',
    channels: ['card', 'bank', 'ussd', 'bank_transfer'],
    metadata: { orderNumber: `CH-${counter}`, lines: 2 },
    ...overrides,
  };
}

/** The error a promise rejects with, asserting it is a PaymentProviderError. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a PaymentProviderError, but the call succeeded');
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  const providerError = error as PaymentProviderError;
  // Whatever went wrong, the key is not in what we would log.
  expect(`${providerError.message} ${providerError.stack}`).not.toContain(SECRET_KEY);
  return providerError;
}

/** Calls the fake directly, as Paystack's API, to look at the raw answers. */
async function rawPaystack(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${init.key ?? SECRET_KEY}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('initialize', () => {
  it('sends the documented request and returns the hosted page', async () => {
    const input = paymentInput();
    const before = fake.requests.length;

    const payment = await paystack.initialize(input);

    expect(fake.requests).toHaveLength(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/transaction/initialize');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      email: input.email,
      amount: 4_575_050,
      reference: input.reference,
      callback_url: input.callbackUrl,
      currency: 'NGN',
      channels: ['card', 'bank', 'ussd', 'bank_transfer'],
      metadata: { orderNumber: input.metadata!.orderNumber, lines: 2 },
    });
    // Integer kobo, not "4575050" and not naira.
    expect(sent.rawBody).toContain('"amount":4575050');
    expect(schemas.transactionInitialize(sent.body)).toBe(true);

    const tx = fake.transactions.get(input.reference)!;
    expect(payment).toEqual({
      reference: input.reference,
      authorizationUrl: `${fake.baseUrl}/checkout/${tx.accessCode}`,
      accessCode: tx.accessCode,
    });
    expect(tx).toMatchObject({ amount: 4_575_050, currency: 'NGN', email: input.email });

    // The hosted page is there for a browser to follow.
    const page = await fetch(payment.authorizationUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('₦45,750.50');
  });

  it('brings the shopper back to callback_url with the reference after paying on the hosted page', async () => {
    const input = paymentInput();
    const { authorizationUrl } = await paystack.initialize(input);

    const back = await fetch(`${authorizationUrl}/pay`, { method: 'POST', redirect: 'manual' });

    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(input.callbackUrl);
    expect(location.searchParams.get('reference')).toBe(input.reference);
    expect(location.searchParams.get('trxref')).toBe(input.reference);
    expect((await paystack.verify(input.reference)).status).toBe('success');
  });

  it('leaves metadata out when there is none', async () => {
    const { metadata: _, ...input } = paymentInput();
    await paystack.initialize(input);
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('metadata');
  });

  it('is answered with a body that fits TransactionInitializeResponse, and a wrong shape would be caught', async () => {
    const input = paymentInput();
    const res = await rawPaystack('/transaction/initialize', {
      method: 'POST',
      body: { email: input.email, amount: input.amountKobo, reference: input.reference },
    });
    expect(res.status).toBe(200);
    expect(schemas.transactionInitializeResponse(res.body)).toBe(true);

    const data = res.body.data as Record<string, unknown>;
    const { authorization_url: _, ...withoutUrl } = data;
    expect(schemas.transactionInitializeResponse({ ...res.body, data: withoutUrl })).toBe(false);
    expect(schemas.transactionInitializeResponse({ ...res.body, status: 'true' })).toBe(false);
    expect(schemas.transactionInitializeResponse({ ...res.body, data: { ...data, access_code: 42 } })).toBe(
      false,
    );
  });

  it('is refused by the fake when the body breaks the TransactionInitialize schema', async () => {
    const valid = { email: 'ada@example.ng', amount: 500_000 };
    expect(schemas.transactionInitialize(valid)).toBe(true);

    for (const body of [
      { amount: 500_000 }, // email is required
      { ...valid, amount: 5000.5 }, // neither an integer nor a string
      { ...valid, channels: ['cash'] }, // not a Paystack channel
      { ...valid, currency: 'NAIRA' },
      { ...valid, email: ['ada@example.ng'] },
    ]) {
      const res = await rawPaystack('/transaction/initialize', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe(false);
      expect(res.body.message).toMatch(/^Invalid request: /);
    }
  });

  it('passes on what Paystack says when it refuses the request', async () => {
    const error = await providerError(paystack.initialize(paymentInput({ channels: ['cash'] })));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/\/channels\/0 must be equal to one of the allowed values/);
  });

  it("passes on Paystack's refusal of less than ₦50", async () => {
    const error = await providerError(paystack.initialize(paymentInput({ amountKobo: 4_999 })));
    expect(error).toMatchObject({ message: 'Invalid Amount Sent', retryable: false });
  });

  it('refuses a reference used before with "Duplicate Transaction Reference"', async () => {
    const input = paymentInput();
    await paystack.initialize(input);
    const error = await providerError(paystack.initialize({ ...input, email: 'someone.else@example.ng' }));
    expect(error).toMatchObject({ message: 'Duplicate Transaction Reference', retryable: false });
  });

  it('refuses fractional kobo and references Paystack would refuse, without calling it', async () => {
    const before = fake.requests.length;
    for (const input of [
      paymentInput({ amountKobo: 4_575_050.5 }),
      paymentInput({ amountKobo: 0 }),
      paymentInput({ reference: 'order/12' }),
      paymentInput({ reference: '' }),
    ]) {
      const error = await providerError(paystack.initialize(input));
      expect(error.retryable).toBe(false);
    }
    expect(fake.requests).toHaveLength(before);
  });
});

describe('verify', () => {
  async function initialized(overrides: Partial<InitializePaymentInput> = {}) {
    const input = paymentInput(overrides);
    await paystack.initialize(input);
    return input;
  }

  it('asks with the reference in the path and the secret key in the header', async () => {
    const { reference } = await initialized({ reference: `CRN.${counter}=a-b` });
    await paystack.verify(reference);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe(`/transaction/verify/${encodeURIComponent(reference)}`);
    expect(sent.url).toContain('%3D');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('reports a payment made on the hosted page as success, with amount, currency, time and channel', async () => {
    const { reference } = await initialized();
    const tx = fake.pay(reference, { channel: 'bank_transfer' });

    const payment = await paystack.verify(reference);

    expect(payment).toEqual({
      reference,
      status: 'success',
      amountKobo: 4_575_050,
      currency: 'NGN',
      paidAt: new Date(tx.paidAt!),
      channel: 'bank_transfer',
      providerTransactionId: String(tx.id),
      message: 'Successful',
    });
  });

  it('reports a transaction nobody has paid yet as abandoned, as Paystack does', async () => {
    const { reference } = await initialized();
    const payment = await paystack.verify(reference);
    expect(payment).toMatchObject({ status: 'abandoned', paidAt: null, amountKobo: 4_575_050 });
  });

  it('reports a declined payment as failed, with the gateway response', async () => {
    const { reference } = await initialized();
    fake.fail(reference, 'Declined by issuer');
    expect(await paystack.verify(reference)).toMatchObject({
      status: 'failed',
      paidAt: null,
      message: 'Declined by issuer',
    });
  });

  it('reports reversed as reversed, and statuses still moving (ongoing, pending) as pending', async () => {
    const { reference } = await initialized();
    fake.pay(reference);
    fake.setStatus(reference, 'reversed');
    expect((await paystack.verify(reference)).status).toBe('reversed');
    fake.setStatus(reference, 'ongoing');
    expect((await paystack.verify(reference)).status).toBe('pending');
    fake.setStatus(reference, 'pending');
    expect((await paystack.verify(reference)).status).toBe('pending');
  });

  it('reports the amount and currency Paystack holds, so the service can compare them with the order', async () => {
    const { reference } = await initialized();
    fake.pay(reference, { amount: 100_000 });
    expect(await paystack.verify(reference)).toMatchObject({ status: 'success', amountKobo: 100_000 });
  });

  it('is answered with bodies that fit VerifyResponse, and a wrong shape would be caught', async () => {
    const { reference } = await initialized();
    const unpaid = await rawPaystack(`/transaction/verify/${reference}`);
    expect(unpaid.status).toBe(200);
    expect(schemas.verifyResponse(unpaid.body)).toBe(true);

    fake.pay(reference);
    const paid = await rawPaystack(`/transaction/verify/${reference}`);
    expect(schemas.verifyResponse(paid.body)).toBe(true);

    const data = paid.body.data as Record<string, unknown>;
    const { customer: _, ...withoutCustomer } = data;
    for (const wrong of [
      { ...data, amount: '4575050' },
      { ...data, paidAt: Date.now() },
      { ...data, id: 'abc' },
      withoutCustomer,
      { ...data, customer: { ...(data.customer as object), email: null } },
      { ...data, plan_object: { id: 1 } },
    ]) {
      expect(schemas.verifyResponse({ ...paid.body, data: wrong })).toBe(false);
    }
    // OpenAPI's nullable is honoured, not ignored.
    expect(schemas.verifyResponse({ ...paid.body, data: { ...data, paid_at: null, metadata: null } })).toBe(
      true,
    );
  });

  it('the fake will not send an answer that breaks VerifyResponse', async () => {
    const { reference } = await initialized();
    fake.transactions.get(reference)!.amount = 4_575_050.5;
    const error = await providerError(paystack.verify(reference));
    expect(error.message).toMatch(/breaks the schema: \/data\/amount must be integer/);
  });

  it.each([400, 404] as const)(
    'throws, not retryable, for a reference Paystack does not know (HTTP %i)',
    async (status) => {
      const other = await startPaystackFake({ secretKey: SECRET_KEY, unknownReferenceStatus: status });
      try {
        const provider = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: other.baseUrl });
        const error = await providerError(provider.verify('CRN-never-initialized'));
        expect(error).toMatchObject({ message: 'Transaction reference not found', retryable: false });
      } finally {
        await other.close();
      }
    },
  );

  it('refuses an empty reference without calling Paystack', async () => {
    const before = fake.requests.length;
    const error = await providerError(paystack.verify(''));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(before);
  });
});

describe('when Paystack refuses or cannot be reached', () => {
  it('passes on "Invalid key" for a wrong secret key, not retryable', async () => {
    const wrongKey = 'sk_test_wrong0000000000000000000000000000';
    const provider = createPaystackProvider({ secretKey: wrongKey, baseUrl: fake.baseUrl });

    const initError = await providerError(provider.initialize(paymentInput()));
    expect(initError).toMatchObject({ message: 'Invalid key', retryable: false });
    expect(initError.message).not.toContain(wrongKey);

    const input = paymentInput();
    await paystack.initialize(input);
    const verifyError = await providerError(provider.verify(input.reference));
    expect(verifyError).toMatchObject({ message: 'Invalid key', retryable: false });
  });

  it('the fake refuses a request without the key', async () => {
    const res = await fetch(`${fake.baseUrl}/transaction/verify/anything`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: false, message: 'Invalid key' });
  });

  it.each([500, 502, 503, 429])('HTTP %i is retryable, and the next try goes through', async (status) => {
    const input = paymentInput();
    fake.failNext(1, status);
    const error = await providerError(paystack.initialize(input));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Service temporarily unavailable');

    await expect(paystack.initialize(input)).resolves.toMatchObject({ reference: input.reference });

    fake.failNext(1, status);
    expect((await providerError(paystack.verify(input.reference))).retryable).toBe(true);
  });

  it('a Paystack that does not answer in time is retryable', async () => {
    const provider = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: fake.baseUrl, timeoutMs: 150 });
    const input = paymentInput();
    fake.stallNext(1);
    const started = Date.now();
    const error = await providerError(provider.initialize(input));
    expect(error).toMatchObject({ message: 'Paystack did not answer within 150 ms', retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);

    fake.stallNext(1);
    expect((await providerError(provider.verify(input.reference))).retryable).toBe(true);
  });

  it('a verify, which a shopper waits on, gives up sooner than other calls', async () => {
    const provider = createPaystackProvider({
      secretKey: SECRET_KEY,
      baseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      verifyTimeoutMs: 150,
    });
    const input = paymentInput();
    await provider.initialize(input);
    fake.stallNext(1);
    const started = Date.now();
    const error = await providerError(provider.verify(input.reference));
    expect(error).toMatchObject({ message: 'Paystack did not answer within 150 ms', retryable: true });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a Paystack that cannot be reached is retryable', async () => {
    const gone = await startPaystackFake({ secretKey: SECRET_KEY });
    await gone.close();
    const provider = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: gone.baseUrl });
    const error = await providerError(provider.verify('CRN-1'));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Could not reach Paystack \(ECONNREFUSED\)$/);
  });

  it('will not start without a secret key (an empty key would accept forged webhooks)', () => {
    expect(() => createPaystackProvider({ secretKey: '' })).toThrow(/secret key/);
  });
});

describe('parseWebhook', () => {
  async function paidTransaction() {
    const input = paymentInput();
    await paystack.initialize(input);
    fake.pay(input.reference);
    return input.reference;
  }

  it('parses a webhook whose signature matches the raw body', async () => {
    const reference = await paidTransaction();
    const data = fake.transactionData(reference);
    const { body, headers } = fake.signedWebhook('charge.success', data);

    const event = paystack.parseWebhook(body, headers);

    expect(event).toEqual({ event: 'charge.success', reference, data: JSON.parse(JSON.stringify(data)) });
  });

  it('finds the signature header whatever its case, and in a one-element list', async () => {
    const reference = await paidTransaction();
    const { body, headers } = fake.signedWebhook('charge.success', fake.transactionData(reference));
    const signature = headers['x-paystack-signature']!;
    expect(paystack.parseWebhook(body, { 'X-Paystack-Signature': signature })?.reference).toBe(reference);
    expect(paystack.parseWebhook(body, { 'x-paystack-signature': [signature] })?.reference).toBe(reference);
    expect(paystack.parseWebhook(body, { 'x-paystack-signature': [signature, signature] })).toBeNull();
  });

  it('gives a null reference for an event without one', () => {
    const { body, headers } = fake.signedWebhook('customeridentification.success', {
      customer_code: 'CUS_1',
    });
    expect(paystack.parseWebhook(body, headers)).toEqual({
      event: 'customeridentification.success',
      reference: null,
      data: { customer_code: 'CUS_1' },
    });
  });

  it('refuses a missing, wrong or foreign signature, and a body changed by one byte', async () => {
    const reference = await paidTransaction();
    const { body, headers } = fake.signedWebhook('charge.success', fake.transactionData(reference));

    expect(paystack.parseWebhook(body, {})).toBeNull();
    expect(paystack.parseWebhook(body, { 'x-paystack-signature': undefined })).toBeNull();
    expect(
      paystack.parseWebhook(body, { 'x-paystack-signature': randomBytes(64).toString('hex') }),
    ).toBeNull();

    const otherKey = `sk_test_${randomBytes(20).toString('hex')}`;
    expect(
      paystack.parseWebhook(body, { 'x-paystack-signature': signPaystackBody(body, otherKey) }),
    ).toBeNull();

    // The amount 4575050 becomes 9575050: same length, same signature header, different body.
    const tampered = Buffer.from(body);
    const at = tampered.indexOf('4575050');
    expect(at).toBeGreaterThan(0);
    tampered[at] = '9'.charCodeAt(0);
    expect(paystack.parseWebhook(tampered, headers)).toBeNull();

    // Re-serialising the parsed body is not the raw body either.
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    expect(paystack.parseWebhook(reformatted, headers)).toBeNull();
  });

  it('refuses signatures of another length without throwing', () => {
    const { body, headers } = fake.signedWebhook('charge.success', { reference: 'CRN-1' });
    const signature = headers['x-paystack-signature']!;
    for (const wrong of [
      '',
      'abc',
      signature.slice(0, -1),
      `${signature}0`,
      signature.toUpperCase(),
      'é'.repeat(64),
    ]) {
      expect(() => paystack.parseWebhook(body, { 'x-paystack-signature': wrong })).not.toThrow();
      expect(paystack.parseWebhook(body, { 'x-paystack-signature': wrong })).toBeNull();
    }
  });

  it('refuses a correctly signed body that is not an event', () => {
    for (const text of [
      'not json',
      '[]',
      '{"data":{"reference":"CRN-1"}}',
      '{"event":"","data":{}}',
      'null',
    ]) {
      const body = Buffer.from(text);
      expect(
        paystack.parseWebhook(body, { 'x-paystack-signature': signPaystackBody(body, SECRET_KEY) }),
      ).toBeNull();
    }
  });
});
