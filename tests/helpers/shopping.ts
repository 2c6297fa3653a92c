// Shopping steps for integration tests, as a browser without JavaScript takes them.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from './client.ts';

/** The shopper's contact and delivery details every test checkout uses unless told otherwise. */
export const SHOPPER_DETAILS = {
  phone: '0803 123 4567',
  shipName: 'Amaka Buyer',
  shipPhone: '0803 123 4567',
  shipState: 'Lagos',
  shipCity: 'Ikeja',
  shipStreet: '14 Allen Avenue',
  shipLandmark: 'Opposite the bank',
} as const;

export function checkoutForm(
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    idempotencyKey: crypto.randomUUID(),
    email: 'buyer@example.ng',
    ...SHOPPER_DETAILS,
    paymentMethod: 'online',
    ...overrides,
  };
}

export async function addToCart(
  client: TestClient,
  variantId: number,
  quantity = 1,
): Promise<LightMyRequestResponse> {
  return client.post('/cart', { intent: 'add', variantId: String(variantId), quantity: String(quantity) });
}

/** The path a redirect goes to (the shop's own pages only). */
export function pathOf(res: LightMyRequestResponse): string {
  const location = String(res.headers.location ?? '');
  const url = new URL(location, 'http://shop.test');
  return url.pathname + url.search;
}

/** Places the order; for card payments returns the sandbox page's path and the reference. */
export async function placeOrder(client: TestClient, form: Record<string, string | undefined>) {
  const res = await client.post('/checkout', form);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
  const next = pathOf(res);
  const reference = decodeURIComponent(
    next
      .match(/\/pay\/sandbox\/([^?]+)|reference=([^&]+)/)
      ?.slice(1)
      .find(Boolean) ?? '',
  );
  return { res, next, reference };
}

/** Presses Pay (or Cancel) on the sandbox's payment page; returns where the shopper is sent. */
export async function sandboxPay(client: TestClient, reference: string, intent: 'pay' | 'cancel' = 'pay') {
  const res = await client.post(`/pay/sandbox/${encodeURIComponent(reference)}`, { intent });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
  return pathOf(res);
}
