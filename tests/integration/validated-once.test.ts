// Validated once (ADR 094): a JSON route's body is parsed by its route schema and handed to the
// service as it is. The API answers the refusals it answered when the service parsed it again
// (same status, message and field errors), and the service acts on the parsed value (trimmed,
// `correction` a boolean).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterSubscribeInput, NewsletterTokenInput } from '#core/contract/newsletter.ts';
import { SetOrderStatusInput } from '#core/contract/orders.ts';
import { validationErrorFrom } from '#server/platform/validation.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const clients = {} as Record<'staff' | 'admin', TestClient>;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  Object.assign(clients, await clientPerRole(shop, 'Once'));
}, 60_000);
afterAll(async () => {
  await shop.close();
});

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

function post(url: string, payload: unknown, client?: TestClient) {
  return shop.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: client ? { cookie: cookieOf(client) } : {},
  });
}

/** The 400 a service's parseInput gave for this input: the one the API still answers. */
function refusalOf(schema: { safeParse(input: unknown): { error?: unknown } }, input: unknown) {
  const { error } = schema.safeParse(input);
  expect(error).toBeDefined();
  const expected = validationErrorFrom(error as Parameters<typeof validationErrorFrom>[0]);
  return { error: 'validation_failed', message: expected.message, fieldErrors: expected.fieldErrors };
}

describe('the newsletter API, its bodies parsed once', () => {
  it('refuses a bad sign-up or confirm body with the same 400 as before', async () => {
    for (const body of [{ email: 'not an email' }, { email: '' }, {}]) {
      const res = await post('/api/v1/newsletter', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(refusalOf(NewsletterSubscribeInput, body));
    }
    for (const body of [{ token: '' }, { token: 'x'.repeat(201) }, {}]) {
      const res = await post('/api/v1/newsletter/confirm', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(refusalOf(NewsletterTokenInput, body));
    }
  });

  it('signs up the trimmed address, and answers any malformed unsubscribe token with the 404', async () => {
    const res = await post('/api/v1/newsletter', { email: '  Once.Trimmed@Example.ng  ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ email: 'once.trimmed@example.ng' });
    for (const body of [{ token: '' }, { token: 'x'.repeat(201) }, { token: 7 }, []]) {
      const gone = await post('/api/v1/newsletter/unsubscribe', body);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({
        error: 'not_found',
        message: 'This unsubscribe link is not valid.',
      });
    }
  });
});

describe('the order status API, its body parsed once', () => {
  it('refuses a bad status with the same 400 as before', async () => {
    const { trackingNumber } = await createOrder(shop);
    const body = { status: 'lost-in-the-post' };
    const res = await post(`/api/v1/admin/orders/${trackingNumber}/status`, body, clients.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalOf(SetOrderStatusInput, body));
  });

  it('reads `correction` as sent by a form ("true") and its reason trimmed', async () => {
    const { trackingNumber } = await createOrder(shop, { paymentMethod: 'online', status: 'shipped' });
    const url = `/api/v1/admin/orders/${trackingNumber}/status`;
    const byStaff = await post(url, { status: 'confirmed', correction: 'true', note: 'Why' }, clients.staff);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toMatchObject({
      message: 'Only an admin can correct an order outside its usual steps.',
    });
    const noReason = await post(url, { status: 'confirmed', correction: 'true', note: '   ' }, clients.admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      error: 'validation_failed',
      message: 'Say why this correction is needed.',
      fieldErrors: { note: ['Say why this correction is needed.'] },
    });
    const fixed = await post(
      url,
      { status: 'confirmed', correction: 'true', note: '  Shipped the wrong order  ' },
      clients.admin,
    );
    expect(fixed.statusCode).toBe(200);
    const order = fixed.json();
    expect(order.status).toBe('confirmed');
    expect(order.history.at(-1).note).toContain('Shipped the wrong order');
    expect(order.history.at(-1).note).not.toMatch(/^\s|\s$/);
  });
});
