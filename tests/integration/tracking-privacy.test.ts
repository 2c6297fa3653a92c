// The tracking page and API show a stranger with the tracking number a first name and the public
// timeline only; the signed-in owner still sees the full name and the staff's notes. Staff read
// them in the admin portal: on the storefront a staff account is just another account (ADR 049).
// Through HTTP, as a browser without JavaScript and as an API client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnerTrackedOrderSchema, PublicTrackedOrderSchema } from '#core/contract/orders.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

const STAFF_NOTES = [
  'Rider: call Mrs Okafor on 0803 555 0199 before dispatch',
  'Refund approved by Tunde after a fraud check',
];

async function orderWithStaffNotes() {
  const owner = await createUser(shop.database.db, { email: 'chiamaka.okafor@example.ng' });
  const product = await createProduct(shop.database.db, {
    name: 'Private Wig',
    variants: [{ priceKobo: 5_000_000, stock: 3 }],
  });
  const staff = await createUser(shop.database.db, { role: 'staff' });
  const { trackingNumber } = await createOrder(shop, {
    account: owner,
    lines: [{ variantId: product.variants[0]!.id }],
    form: { shipName: 'Chiamaka Adaeze Okafor' },
    steps: [
      { status: 'confirmed', note: STAFF_NOTES[0] },
      { status: 'cancelled', note: STAFF_NOTES[1] },
    ],
    actor: staff,
  });
  const client = new TestClient(shop.app);
  await client.post('/auth', { intent: 'signin', email: owner.email, password: TEST_PASSWORD });
  const { client: staffClient } = await signInAndEnrol(shop.app, {
    email: staff.email,
    password: TEST_PASSWORD,
  });
  return { trackingNumber, owner: client, staff: staffClient };
}

describe('tracking an order', () => {
  it('shows a stranger the first name and the public timeline, never the full name or staff notes', async () => {
    const { trackingNumber, owner, staff } = await orderWithStaffNotes();

    // The page, as anyone with the number (the header's pop-up goes to the same page).
    const page = await new TestClient(shop.app).get(`/track-order?id=${trackingNumber}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Chiamaka');
    expect(page.body).not.toContain('Okafor');
    expect(page.body).not.toContain('Adaeze');
    for (const note of STAFF_NOTES) expect(page.body).not.toContain(note);
    expect(page.body).not.toContain('0803 555 0199');
    expect(page.body).not.toContain('14 Allen Avenue');
    expect(page.body).toContain('We have received your order.');

    // The API: the public shape, and nothing more.
    const api = await shop.app.inject(`/api/v1/orders/${trackingNumber}`);
    expect(api.statusCode).toBe(200);
    const body = api.json() as Record<string, unknown>;
    expect(PublicTrackedOrderSchema.safeParse(body).success).toBe(true);
    expect(body.customerFirstName).toBe('Chiamaka');
    expect(body).not.toHaveProperty('customerName');
    expect(body).not.toHaveProperty('history');
    expect(api.body).not.toContain('Okafor');
    for (const note of STAFF_NOTES) expect(api.body).not.toContain(note);
    expect((body.timeline as unknown[]).length).toBe(5);

    // The signed-in owner sees the full name, the address and the notes.
    const mine = await owner.get(`/track-order?id=${trackingNumber}`);
    expect(mine.body).toContain('Chiamaka Adaeze Okafor');
    expect(mine.body).toContain('14 Allen Avenue');
    expect(mine.body).toContain(STAFF_NOTES[1]);
    const mineApi = await shop.app.inject({
      url: `/api/v1/orders/${trackingNumber}`,
      headers: { cookie: `ch_session=${owner.session}` },
    });
    const full = OwnerTrackedOrderSchema.parse(mineApi.json());
    expect(full.customerName).toBe('Chiamaka Adaeze Okafor');
    expect(full.history.map((h) => h.note)).toEqual(expect.arrayContaining(STAFF_NOTES));

    // Staff read the whole order in the admin portal; the storefront shows them the public shape.
    const staffView = await staff.get(`/track-order?id=${trackingNumber}`);
    expect(staffView.body).not.toContain('Okafor');
    for (const note of STAFF_NOTES) expect(staffView.body).not.toContain(note);
    const adminView = await staff.get(`/admin/orders/${trackingNumber}`);
    expect(adminView.body).toContain('Chiamaka Adaeze Okafor');
    expect(adminView.body).toContain(STAFF_NOTES[1]);

    // A different signed-in shopper is a stranger.
    const other = await createUser(shop.database.db);
    const otherClient = new TestClient(shop.app);
    await otherClient.post('/auth', { intent: 'signin', email: other.email, password: TEST_PASSWORD });
    const theirs = await otherClient.get(`/track-order?id=${trackingNumber}`);
    expect(theirs.body).not.toContain('Okafor');
    for (const note of STAFF_NOTES) expect(theirs.body).not.toContain(note);
  });

  it('the public contract cannot carry the private fields', () => {
    const leaky = {
      trackingNumber: 'CH123456789012',
      status: 'placed',
      paymentMethod: 'pay_on_delivery',
      createdAt: new Date().toISOString(),
      estimatedDelivery: 'soon',
      totalKobo: 100,
      itemNames: [],
      itemCount: 0,
      paid: false,
      subtotalKobo: 100,
      discountKobo: 0,
      deliveryFeeKobo: 0,
      storeCreditKobo: 0,
      promoCode: null,
      paidAt: null,
      lines: [],
      timeline: [],
      masked: true,
      customerFirstName: 'Chiamaka',
      email: 'ch•••@example.ng',
      address: 'Ikeja, Lagos',
    };
    expect(PublicTrackedOrderSchema.safeParse(leaky).success).toBe(true);
    expect(PublicTrackedOrderSchema.safeParse({ ...leaky, customerName: 'Chiamaka Okafor' }).success).toBe(
      false,
    );
    expect(PublicTrackedOrderSchema.safeParse({ ...leaky, history: [] }).success).toBe(false);
  });
});
