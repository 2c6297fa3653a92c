// One pricing path, end to end: for random baskets, promo codes, delivery fees and ways to pay,
// the cart (API and page), the checkout page, the order row and its lines, the payment, the
// tracking API and the order email all show the figures core/pricing.ts's priceBasket gives.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '#core/catalog.ts';
import type { CartView } from '#core/contract/cart.ts';
import { formatPrice } from '#core/money.ts';
import type { PaymentMethod } from '#core/order-status.ts';
import {
  type DiscountRule,
  discountApplies,
  type PricingLine,
  priceBasket,
  type Totals,
} from '#core/pricing.ts';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    // Many orders from one address in a few seconds: not what these limits are about.
    config: {
      rateLimits: {
        'checkout:ip': { limit: 1000 },
        'checkout:session': { limit: 1000 },
        'promo:ip': { limit: 1000 },
        'promo:session': { limit: 1000 },
        'cart:ip': { limit: 1000 },
        'cart:session': { limit: 1000 },
        'track:ip': { limit: 1000 },
        'track:session': { limit: 1000 },
      },
    },
  });
});
afterAll(async () => {
  await shop.close();
});

const arbBasket = fc.record({
  lines: fc.array(
    fc.record({
      category: fc.constantFrom(...CATEGORY_SLUGS),
      // Kobo that do not round to whole naira, and large amounts (up to ₦1.5 million a unit: the
      // order's money columns are 32-bit integers, so one order stays below ₦21.4 million).
      priceKobo: fc.oneof(
        fc.integer({ min: 100, max: 9_000_000 }),
        fc.integer({ min: 100, max: 150_000_000 }),
      ),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  promo: fc.option(
    fc.record({
      type: fc.constantFrom('percentage' as const, 'fixed' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      fixedKobo: fc.integer({ min: 1, max: 200_000_000 }),
      scope: fc.constantFrom('global' as const, 'category' as const, 'product' as const),
      category: fc.constantFrom(...CATEGORY_SLUGS),
      productIndex: fc.nat(3),
    }),
    { nil: null },
  ),
  state: fc.constantFrom('Lagos', 'Kano', 'Rivers', 'FCT (Abuja)'),
  feeKobo: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500_000 })),
  method: fc.constantFrom<PaymentMethod>('online', 'bank_transfer', 'pay_on_delivery'),
});

/** The text inside the element with this data-testid (tags dropped). */
/** The figure the "Order summary" shows for a term (Subtotal, Discount, Shipping, Total), as text. */
function summaryFigure(html: string, term: string): string | null {
  const summary = html.match(/<aside[^>]*aria-label="Order summary"[\s\S]*?<\/aside>/)?.[0] ?? '';
  const match = summary.match(new RegExp(`<dt>${term}\\b[\\s\\S]*?</dt>\\s*<dd[^>]*>([\\s\\S]*?)</dd>`));
  return match ? match[1]!.replace(/<[^>]*>/g, '').trim() : null;
}

let run = 0;

describe('one pricing path', () => {
  it('the cart, checkout page, order, payment, tracking and email show the same figures (property)', async () => {
    await fc.assert(
      fc.asyncProperty(arbBasket, async (basket) => {
        run += 1;
        const db = shop.database.db;
        await db.execute(
          sql`UPDATE delivery_rates SET fee_kobo = ${basket.feeKobo} WHERE state = ${basket.state}`,
        );
        // Written behind the settings screen's back: forget the cached rates as it would (ADR 045).
        shop.services.content.invalidate();
        const products = [];
        for (const line of basket.lines) {
          products.push(
            await createProduct(db, {
              category: line.category,
              variants: [{ priceKobo: line.priceKobo, stock: 20 }],
            }),
          );
        }
        const client = new TestClient(shop.app);
        for (const [i, line] of basket.lines.entries()) {
          const added = await addToCart(client, products[i]!.variants[0]!.id, line.quantity);
          expect(added.statusCode, added.body.slice(-600)).toBe(302);
        }

        let rule: DiscountRule | null = null;
        if (basket.promo) {
          const p = basket.promo;
          const productId = products[p.productIndex % products.length]!.id;
          rule = {
            type: p.type,
            value: p.type === 'percentage' ? p.percent : p.fixedKobo,
            scope: p.scope,
            categorySlugs: p.scope === 'category' ? [p.category] : [],
            productIds: p.scope === 'product' ? [productId] : [],
          };
          const code = `AGREE${run}`;
          await db.execute(
            sql`INSERT INTO discounts (code, type, value, scope, category_slugs, product_ids)
                VALUES (${code}, ${rule.type}, ${rule.value}, ${rule.scope},
                        ${`{${rule.categorySlugs.join(',')}}`}::text[], ${`{${rule.productIds.join(',')}}`}::integer[])`,
          );
          await client.post('/cart', { intent: 'promo', code: code.toLowerCase() });
        }

        // The cart API: its line order is the order the lines are priced and written in.
        const view = (await client.get('/api/v1/cart')).json() as CartView;
        const byVariant = new Map(products.map((p, i) => [p.variants[0]!.id, { product: p, i }]));
        const pricing: PricingLine[] = view.lines.map((l) => {
          const { product, i } = byVariant.get(l.variantId)!;
          return {
            productId: product.id,
            categorySlug: product.categorySlug,
            unitPriceKobo: basket.lines[i]!.priceKobo,
            quantity: basket.lines[i]!.quantity,
          };
        });
        const applies = rule !== null && view.promo?.applied === true;
        // The code is refused only when it applies to no line.
        if (rule) expect(applies).toBe(pricing.some((l) => discountApplies(rule, l)));
        const expected: Totals = priceBasket(pricing, {
          discount: applies ? rule : null,
          deliveryFeeKobo: basket.feeKobo,
        });
        const cartTotal = expected.subtotalKobo - expected.discountKobo;
        expect(view).toMatchObject({
          subtotalKobo: expected.subtotalKobo,
          discountKobo: expected.discountKobo,
          totalKobo: cartTotal,
        });
        expect(view.lines.map((l) => l.subtotalKobo)).toEqual(expected.lines.map((l) => l.subtotalKobo));

        // The cart page.
        const cartPage = (await client.get('/cart')).body;
        expect(summaryFigure(cartPage, 'Subtotal')).toBe(formatPrice(expected.subtotalKobo));
        expect(summaryFigure(cartPage, 'Discount')).toBe(
          expected.discountKobo > 0 ? `−${formatPrice(expected.discountKobo)}` : null,
        );
        expect(summaryFigure(cartPage, 'Total')).toBe(formatPrice(cartTotal));

        // The checkout page, with the state chosen (a refused form shows it as typed).
        const email = `agree${run}@example.ng`;
        const refused = await client.post(
          '/checkout',
          checkoutForm({ email, shipState: basket.state, phone: '12' }),
        );
        expect(refused.statusCode).toBe(400);
        expect(summaryFigure(refused.body, 'Shipping')).toBe(
          basket.feeKobo > 0 ? formatPrice(basket.feeKobo) : 'Free',
        );
        expect(summaryFigure(refused.body, 'Total')).toBe(formatPrice(expected.totalKobo));

        // The order: pay on delivery only where it runs; a card payment of nothing is not a thing.
        let method = basket.method;
        if (method === 'pay_on_delivery' && !['Lagos', 'FCT (Abuja)'].includes(basket.state))
          method = 'bank_transfer';
        if (method === 'online' && expected.totalKobo === 0) method = 'bank_transfer';
        const { reference } = await placeOrder(
          client,
          checkoutForm({ email, shipState: basket.state, paymentMethod: method }),
        );
        if (method === 'online') await sandboxPay(client, reference);
        const order = (await firstRow<{
          id: number;
          tracking_number: string;
          subtotal_kobo: number;
          discount_kobo: number;
          delivery_fee_kobo: number;
          total_kobo: number;
          amount_kobo: number;
        }>(
          db,
          sql`SELECT o.*, p.amount_kobo FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
        ))!;
        expect(order).toMatchObject({
          subtotal_kobo: expected.subtotalKobo,
          discount_kobo: expected.discountKobo,
          delivery_fee_kobo: expected.deliveryFeeKobo,
          total_kobo: expected.totalKobo,
          amount_kobo: expected.totalKobo,
        });
        const lines = await queryRows<{
          unit_price_kobo: number;
          quantity: number;
          discount_kobo: number;
          total_kobo: number;
        }>(
          db,
          sql`SELECT unit_price_kobo, quantity, discount_kobo, total_kobo FROM order_lines WHERE order_id = ${order.id} ORDER BY id`,
        );
        expect(lines.map((l) => ({ discountKobo: l.discount_kobo, totalKobo: l.total_kobo }))).toEqual(
          expected.lines.map((l) => ({ discountKobo: l.discountKobo, totalKobo: l.totalKobo })),
        );

        // The tracking API (a stranger's view still shows the money).
        const tracked = (await client.get(`/api/v1/orders/${order.tracking_number}`)).json() as {
          subtotalKobo: number;
          discountKobo: number;
          deliveryFeeKobo: number;
          totalKobo: number;
          lines: { discountKobo: number; totalKobo: number }[];
        };
        expect(tracked).toMatchObject({
          subtotalKobo: expected.subtotalKobo,
          discountKobo: expected.discountKobo,
          deliveryFeeKobo: expected.deliveryFeeKobo,
          totalKobo: expected.totalKobo,
        });
        expect(tracked.lines.map((l) => l.totalKobo)).toEqual(expected.lines.map((l) => l.totalKobo));

        // The order email in the outbox.
        const mails = await shop.mailTo(email);
        const placed = mails.find(
          (m) => m.textBody.includes(order.tracking_number) && m.textBody.includes('Total:'),
        );
        expect(placed, mails.map((m) => m.subject).join(' | ')).toBeDefined();
        const text = placed!.textBody;
        expect(text).toContain(`Subtotal: ${formatPrice(expected.subtotalKobo)}`);
        if (expected.discountKobo > 0)
          expect(text).toContain(`Discount: −${formatPrice(expected.discountKobo)}`);
        else expect(text).not.toContain('Discount:');
        expect(text).toContain(
          `Delivery: ${expected.deliveryFeeKobo > 0 ? formatPrice(expected.deliveryFeeKobo) : 'Free'}`,
        );
        expect(text).toContain(`Total: ${formatPrice(expected.totalKobo)}`);
        for (const line of expected.lines) expect(text).toContain(`: ${formatPrice(line.totalKobo)}`);
      }),
      // No shrinking: each run is a dozen requests, and the first failure is the one to read.
      { numRuns: 15, endOnFailure: true },
    );
  }, 120_000);
});
