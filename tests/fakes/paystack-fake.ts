// A local stand-in for Paystack's HTTP API (initialize, verify, the hosted checkout page and
// signed webhooks), checked against Paystack's own OpenAPI description: requests that do not fit
// `TransactionInitialize` are refused, and every answer is validated before it is sent.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse as parseYaml } from 'yaml';

// ---------------------------------------------------------------------------------------------
// The schemas, from the OpenAPI description

/** Paystack's OpenAPI description (MIT, PaystackOSS), kept beside this file. */
const SPEC_CANDIDATES = [path.join(import.meta.dirname, 'paystack-openapi.yaml')];

export interface PaystackValidators {
  /** Request body of POST /transaction/initialize. */
  transactionInitialize: ValidateFunction;
  /** 200 answer of POST /transaction/initialize. */
  transactionInitializeResponse: ValidateFunction;
  /** 200 answer of GET /transaction/verify/{reference}. */
  verifyResponse: ValidateFunction;
}

let validators: PaystackValidators | undefined;

/** Compiled once per process (the YAML is large); shared by the fake and the tests. */
export function getPaystackValidators(): PaystackValidators {
  if (validators) return validators;
  const specPath = SPEC_CANDIDATES.find((p) => existsSync(p));
  if (!specPath)
    throw new Error(`Paystack's OpenAPI description not found in ${SPEC_CANDIDATES.join(' or ')}`);
  const doc = parseYaml(readFileSync(specPath, 'utf8')) as { components: { schemas: unknown } };

  // strict: false lets OpenAPI's annotations (example, x-*, discriminator) through; the
  // validation keywords are all still enforced.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  for (const format of [
    'date-time',
    'date',
    'email',
    'uri',
    'url',
    'binary',
    'byte',
    'password',
    'float',
    'double',
  ]) {
    ajv.addFormat(format, true);
  }
  // Refs in the document read '#/components/schemas/X'; resolve them inside this one schema.
  ajv.addSchema({ $id: 'paystack', components: { schemas: openApiToJsonSchema(doc.components.schemas) } });
  const get = (name: string) => {
    const validate = ajv.getSchema(`paystack#/components/schemas/${name}`);
    if (!validate) throw new Error(`No schema ${name} in Paystack's OpenAPI description`);
    return validate;
  };
  validators = {
    transactionInitialize: get('TransactionInitialize'),
    transactionInitializeResponse: get('TransactionInitializeResponse'),
    verifyResponse: get('VerifyResponse'),
  };
  return validators;
}

/**
 * OpenAPI 3.0's `nullable: true` is not JSON Schema (and Ajv refuses it without `type`): turn it
 * into `type: [t, 'null']`, or `anyOf: [schema, {type: 'null'}]` when there is no single type.
 */
function openApiToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApiToJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = openApiToJsonSchema(value);
  if (typeof out.nullable !== 'boolean') return out;
  const nullable = out.nullable;
  delete out.nullable;
  if (!nullable) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** Ajv's errors as one line: "/amount must be integer; /channels/0 must be equal to …". */
export function describeSchemaErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`).join('; ');
}

// ---------------------------------------------------------------------------------------------
// The fake

export type FakeTransactionStatus = 'abandoned' | 'ongoing' | 'pending' | 'success' | 'failed' | 'reversed';

export interface FakePaystackTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** Kobo, as Paystack reports it (pay({ amount }) can change it to test a mismatch). */
  amount: number;
  currency: string;
  channels: string[] | null;
  callbackUrl: string | null;
  metadata: unknown;
  status: FakeTransactionStatus;
  channel: string;
  gatewayResponse: string;
  createdAt: string;
  paidAt: string | null;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent (still percent-encoded). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or null when there was no body or it was not JSON. */
  body: unknown;
  rawBody: string;
}

export interface PaystackFake {
  /** e.g. http://127.0.0.1:41234 — pass to createPaystackProvider({ baseUrl }). */
  baseUrl: string;
  /** By reference. */
  transactions: Map<string, FakePaystackTransaction>;
  /** The API requests received (/transaction/…), oldest first; the checkout page is not recorded. */
  requests: RecordedRequest[];
  /** The shopper pays on the hosted page. */
  pay(
    reference: string,
    options?: { channel?: string; amount?: number; currency?: string },
  ): FakePaystackTransaction;
  /** The shopper's payment is declined. */
  fail(reference: string, gatewayResponse?: string): FakePaystackTransaction;
  /** Back to "not completed" (what Paystack reports for a transaction nobody has paid). */
  abandon(reference: string): FakePaystackTransaction;
  /** Any other status, e.g. 'ongoing' while Paystack waits for a bank transfer. */
  setStatus(reference: string, status: FakeTransactionStatus): FakePaystackTransaction;
  /** The `data` Paystack sends for this transaction in verify answers and charge.* webhooks. */
  transactionData(reference: string): Record<string, unknown>;
  /** A webhook as Paystack sends it: the exact body bytes and the headers, signed with the key. */
  signedWebhook(
    event: string,
    data: Record<string, unknown>,
  ): { body: Buffer; headers: Record<string, string> };
  /** Answer the next n API requests with this status (a Paystack outage), e.g. failNext(2, 503). */
  failNext(n: number, status?: number): void;
  /** Hold the next n API requests without answering (until close), for timeout tests. */
  stallNext(n: number): void;
  close(): Promise<void>;
}

export interface PaystackFakeOptions {
  secretKey: string;
  /**
   * Status for verifying an unknown reference. The live API answers 400 ("Transaction reference
   * not found", code transaction_not_found); the OpenAPI description documents 404.
   */
  unknownReferenceStatus?: 400 | 404;
}

/** Hex HMAC-SHA512 of the exact bytes, keyed with the secret key: Paystack's webhook signature. */
export function signPaystackBody(body: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Paystack's minimum for NGN: ₦50. */
const MIN_NGN_KOBO = 5000;

function randomCode(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Paystack's local-card fee: 1.5% + ₦100 (waived under ₦2,500), capped at ₦2,000. */
function feeFor(amount: number): number {
  const fee = Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

export async function startPaystackFake({
  secretKey,
  unknownReferenceStatus = 400,
}: PaystackFakeOptions): Promise<PaystackFake> {
  const schemas = getPaystackValidators();
  const transactions = new Map<string, FakePaystackTransaction>();
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  let stalls = 0;
  let nextId = 4_100_000_000;
  let baseUrl = '';

  function requireTransaction(reference: string): FakePaystackTransaction {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`The Paystack fake has no transaction ${reference}`);
    return tx;
  }

  function transactionData(reference: string): Record<string, unknown> {
    const tx = requireTransaction(reference);
    const paid = tx.status === 'success' || tx.status === 'reversed';
    const customerCode = `CUS_${createHmac('sha1', 'fake').update(tx.email).digest('hex').slice(0, 15)}`;
    return {
      id: tx.id,
      domain: secretKey.startsWith('sk_live_') ? 'live' : 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount: tx.amount,
      message: null,
      gateway_response: tx.gatewayResponse,
      paid_at: tx.paidAt,
      created_at: tx.createdAt,
      channel: tx.channel,
      currency: tx.currency,
      ip_address: paid ? '197.210.54.33' : null,
      metadata: tx.metadata ?? '',
      log: paid
        ? {
            start_time: Math.floor(Date.parse(tx.createdAt) / 1000),
            time_spent: 9,
            attempts: 1,
            errors: 0,
            success: true,
            mobile: false,
            input: [],
            history: [
              { type: 'action', message: `Attempted to pay with ${tx.channel}`, time: 5 },
              { type: 'success', message: `Successfully paid with ${tx.channel}`, time: 9 },
            ],
          }
        : null,
      fees: paid ? feeFor(tx.amount) : null,
      fees_split: null,
      authorization: paid
        ? tx.channel === 'card'
          ? {
              authorization_code: `AUTH_${randomCode(10)}`,
              bin: '408408',
              last4: '4081',
              exp_month: '12',
              exp_year: '2030',
              channel: 'card',
              card_type: 'visa ',
              bank: 'TEST BANK',
              country_code: 'NG',
              brand: 'visa',
              reusable: true,
              signature: `SIG_${randomCode(20)}`,
              account_name: null,
            }
          : {
              authorization_code: `AUTH_${randomCode(10)}`,
              bin: null,
              last4: '0000',
              exp_month: '12',
              exp_year: '9999',
              channel: tx.channel,
              card_type: '',
              bank: 'Test Bank',
              country_code: 'NG',
              brand: tx.channel,
              reusable: false,
              signature: '',
              account_name: null,
            }
        : {},
      customer: {
        id: 190_000_000 + (tx.id % 1_000_000),
        first_name: null,
        last_name: null,
        email: tx.email,
        customer_code: customerCode,
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt: tx.paidAt,
      createdAt: tx.createdAt,
      requested_amount: tx.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: tx.createdAt,
      plan_object: {},
      subaccount: {},
    };
  }

  function send(res: ServerResponse, status: number, body: unknown, validate?: ValidateFunction): void {
    // The fake must never teach the adapter a shape Paystack does not send.
    if (validate && !validate(body)) {
      status = 500;
      body = {
        status: false,
        message: `Paystack fake built an answer that breaks the schema: ${describeSchemaErrors(validate.errors)}`,
      };
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  function initialize(res: ServerResponse, body: unknown): void {
    if (!schemas.transactionInitialize(body)) {
      send(res, 400, {
        status: false,
        message: `Invalid request: ${describeSchemaErrors(schemas.transactionInitialize.errors)}`,
        type: 'validation_error',
      });
      return;
    }
    // What the schema cannot say but Paystack checks.
    const input = body as Record<string, unknown>;
    const email = String(input.email);
    const amount =
      typeof input.amount === 'string' && /^\d+$/.test(input.amount) ? Number(input.amount) : input.amount;
    const currency = typeof input.currency === 'string' ? input.currency : 'NGN';
    const reference = typeof input.reference === 'string' ? input.reference : randomCode(10);
    const refusal = (() => {
      if (!EMAIL.test(email)) return { message: 'Invalid Email Address Passed' };
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < MIN_NGN_KOBO) {
        return { message: 'Invalid Amount Sent' };
      }
      if (currency !== 'NGN') return { message: 'Currency not supported by merchant' };
      if (!REFERENCE.test(reference)) {
        return { message: 'Invalid transaction reference. Only -, ., = and alphanumeric characters allowed' };
      }
      if (transactions.has(reference)) {
        return {
          message: 'Duplicate Transaction Reference',
          meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
          code: 'duplicate_reference',
        };
      }
      return null;
    })();
    if (refusal || typeof amount !== 'number') {
      send(res, 400, { status: false, type: 'validation_error', ...refusal });
      return;
    }
    let metadata: unknown = input.metadata ?? null;
    if (typeof metadata === 'string') {
      try {
        metadata = JSON.parse(metadata);
      } catch {
        // Kept as the string it is.
      }
    }

    const tx: FakePaystackTransaction = {
      id: nextId++,
      reference,
      accessCode: randomCode(15),
      email,
      amount,
      currency,
      channels: Array.isArray(input.channels) ? (input.channels as string[]) : null,
      callbackUrl: typeof input.callback_url === 'string' ? input.callback_url : null,
      metadata,
      // What Paystack reports for a transaction nobody has paid yet.
      status: 'abandoned',
      channel: 'card',
      gatewayResponse: 'The transaction was not completed',
      createdAt: new Date().toISOString(),
      paidAt: null,
    };
    transactions.set(reference, tx);
    send(
      res,
      200,
      {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${baseUrl}/checkout/${tx.accessCode}`,
          access_code: tx.accessCode,
          reference,
        },
      },
      schemas.transactionInitializeResponse,
    );
  }

  function verify(res: ServerResponse, reference: string): void {
    if (!transactions.has(reference)) {
      send(res, unknownReferenceStatus, {
        status: false,
        message: 'Transaction reference not found',
        meta: {
          nextStep:
            "Ensure that you're passing the reference of a transaction that exists on this integration",
        },
        type: 'validation_error',
        code: 'transaction_not_found',
      });
      return;
    }
    send(
      res,
      200,
      { status: true, message: 'Verification successful', data: transactionData(reference) },
      schemas.verifyResponse,
    );
  }

  function pay(reference: string, options: { channel?: string; amount?: number; currency?: string } = {}) {
    const tx = requireTransaction(reference);
    tx.status = 'success';
    tx.channel = options.channel ?? 'card';
    if (options.amount !== undefined) tx.amount = options.amount;
    if (options.currency !== undefined) tx.currency = options.currency;
    tx.gatewayResponse = 'Successful';
    tx.paidAt = new Date().toISOString();
    return tx;
  }

  function fail(reference: string, gatewayResponse = 'Declined') {
    const tx = requireTransaction(reference);
    tx.status = 'failed';
    tx.gatewayResponse = gatewayResponse;
    tx.paidAt = null;
    return tx;
  }

  function setStatus(reference: string, status: FakeTransactionStatus) {
    const tx = requireTransaction(reference);
    tx.status = status;
    if (status === 'abandoned') tx.gatewayResponse = 'The transaction was not completed';
    if (status === 'reversed') tx.gatewayResponse = 'Reversed';
    if (status === 'ongoing' || status === 'pending') tx.gatewayResponse = 'Transaction in progress';
    if (status !== 'success' && status !== 'reversed') tx.paidAt = null;
    return tx;
  }

  /** The hosted page, small enough for a browser test to click through. */
  function checkoutPage(res: ServerResponse, tx: FakePaystackTransaction): void {
    const naira = (tx.amount / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Paystack Checkout (fake)</title></head>
<body>
<h1>Pay ₦${escapeHtml(naira)}</h1>
<p>${escapeHtml(tx.email)} · reference ${escapeHtml(tx.reference)}</p>
<form method="post" action="/checkout/${tx.accessCode}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${tx.accessCode}/decline"><button type="submit">Decline</button></form>
</body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  /** After paying, Paystack sends the browser to callback_url?trxref=…&reference=…. */
  function backToShop(res: ServerResponse, tx: FakePaystackTransaction): void {
    if (!tx.callbackUrl) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Transaction ${tx.status}`);
      return;
    }
    const url = new URL(tx.callbackUrl);
    url.searchParams.set('trxref', tx.reference);
    url.searchParams.set('reference', tx.reference);
    res.writeHead(302, { location: url.toString() });
    res.end();
  }

  function handle(req: IncomingMessage, res: ServerResponse, rawBody: string): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';

    const checkout = /^\/checkout\/([a-z0-9]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (checkout) {
      const tx = [...transactions.values()].find((t) => t.accessCode === checkout[1]);
      if (!tx) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('This payment link is not valid');
        return;
      }
      if (!checkout[2] && method === 'GET') {
        checkoutPage(res, tx);
        return;
      }
      if (checkout[2] && method === 'POST') {
        if (checkout[2] === 'pay') pay(tx.reference);
        else fail(tx.reference);
        backToShop(res, tx);
        return;
      }
    }

    if (!url.pathname.startsWith('/transaction/')) {
      send(res, 404, { status: false, message: 'Route not found' });
      return;
    }

    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      // Recorded as null; initialize refuses it below.
    }
    requests.push({ method, url: req.url ?? '/', headers: { ...req.headers }, body, rawBody });

    if (stalls > 0) {
      stalls--;
      return; // never answered; close() ends the connection
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      send(res, failure, { status: false, message: 'Service temporarily unavailable' });
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(res, 401, { status: false, message: 'Invalid key' });
      return;
    }

    if (method === 'POST' && url.pathname === '/transaction/initialize') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json') || body === null) {
        send(res, 400, { status: false, message: 'Invalid request: expected a JSON body' });
        return;
      }
      initialize(res, body);
      return;
    }
    const verifyPath = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && verifyPath) verify(res, decodeURIComponent(verifyPath[1]!));
    else send(res, 404, { status: false, message: 'Route not found' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    transactions,
    requests,
    pay,
    fail,
    abandon: (reference) => setStatus(reference, 'abandoned'),
    setStatus,
    transactionData,
    signedWebhook(event, data) {
      const body = Buffer.from(JSON.stringify({ event, data }), 'utf8');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(body, secretKey),
        },
      };
    },
    failNext(n, status = 503) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    stallNext(n) {
      stalls += n;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
