// The audit trail on the order and user detail pages (<AuditTrail>, ADR 024): each page shows its
// own entries, newest first, with who did it, from which address, and what changed (before →
// after) — every admin write on those screens recorded with the change it describes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories/accounts.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

const STAFF_ADDRESS = '203.0.113.7';
const ADMIN_ADDRESS = '198.51.100.23';

let shop: TestShop;
let staff: TestClient;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const staffUser = await createUser(shop.database.db, { role: 'staff', name: 'Bisi Floor' });
  const adminUser = await createUser(shop.database.db, { role: 'admin', name: 'Femi Owner' });
  staff = (
    await signInAndEnrol(shop.app, staffUser, new TestClient(shop.app, { remoteAddress: STAFF_ADDRESS }))
  ).client;
  admin = (
    await signInAndEnrol(shop.app, adminUser, new TestClient(shop.app, { remoteAddress: ADMIN_ADDRESS }))
  ).client;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

interface ShownEntry {
  action: string;
  /** What happened, in words. */
  heading: string;
  text: string;
}

/** The list named "Audit entries" (empty when the page shows none). */
function entriesOf(html: string): string {
  return html.match(/<ol[^>]*aria-label="Audit entries"[^>]*>([\s\S]*?)<\/ol>/)?.[1] ?? '';
}

/** The entries of a page's audit trail, in the order shown. */
function trailOf(html: string): ShownEntry[] {
  const section = html.match(/<section[^>]*aria-labelledby="audit-trail-heading"[\s\S]*?<\/section>/)?.[0];
  if (!section) throw new Error('No audit trail on the page');
  return [...entriesOf(section).matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({
    action: m[1]!.match(/<code[^>]*>([^<]+)<\/code>/)?.[1] ?? '',
    heading: m[1]!.match(/<strong[^>]*>([^<]+)<\/strong>/)?.[1] ?? '',
    text: m[1]!
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

describe('the order page', () => {
  it("shows the order's own entries, newest first: who, from where, before → after", async () => {
    const { trackingNumber } = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    const other = await createOrder(shop);
    const here = `/admin/orders/${trackingNumber}`;
    const steps: [TestClient, Record<string, string>][] = [
      [staff, { intent: 'note', body: 'Asked for a receipt' }],
      [staff, { intent: 'confirm-payment' }],
      [admin, { intent: 'status', status: 'packaged', note: 'Packed' }],
      [staff, { intent: 'resend' }],
      [admin, { intent: 'status', status: 'confirmed', correction: 'true', note: 'Packed the wrong order' }],
      [staff, { intent: 'cancel', note: 'She changed her mind' }],
    ];
    for (const [client, fields] of steps) {
      const res = await client.post(here, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(302);
    }
    await staff.post(`/admin/orders/${other.trackingNumber}`, { intent: 'note', body: 'Not this one' });

    const page = await staff.get(here);
    const trail = trailOf(page.body);
    expect(trail.map((e) => e.action)).toEqual([
      'order.status_changed',
      'order.status_corrected',
      'order.confirmation_resent',
      'order.status_changed',
      'order.payment_confirmed',
      'order.note_added',
    ]);
    expect(trail.map((e) => e.heading)).toEqual([
      'Order status changed',
      'Order status corrected',
      'Confirmation sent again',
      'Order status changed',
      'Payment confirmed',
      'Note added',
    ]);
    const [cancelled, corrected, resent, packaged, paid, noted] = trail;
    // Field names in words and values as words, never the recorded keys or JSON.
    for (const entry of trail) {
      expect(entry.text).not.toMatch(
        /[{}[\]"]|&quot;|paidAt|noteId|awaiting_transfer|\bfrom\b [a-z]+ \bto\b/,
      );
    }
    expect(noted!.text).toContain('Note Asked for a receipt');
    expect(noted!.text).not.toContain('→');
    expect(cancelled!.text).toContain(`by Bisi Floor from ${STAFF_ADDRESS}`);
    expect(cancelled!.text).toContain('Status confirmed → changed to cancelled');
    expect(cancelled!.text).toContain('She changed her mind');
    expect(corrected!.text).toContain(`by Femi Owner from ${ADMIN_ADDRESS}`);
    expect(corrected!.text).toContain('Status packaged → changed to confirmed');
    expect(corrected!.text).toContain('Packed the wrong order');
    expect(resent!.text).toContain(`by Bisi Floor from ${STAFF_ADDRESS}`);
    expect(packaged!.text).toContain('Status confirmed → changed to packaged');
    expect(paid!.text).toContain('Status awaiting transfer → changed to confirmed');
    expect(paid!.text).toMatch(/Paid at — → changed to \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    expect(noted!.text).toContain('Asked for a receipt');
    expect(page.body).not.toContain('Not this one');
    expect(page.body).toContain(`/admin/audit?subjectType=order&amp;subjectId=${trackingNumber}`);
  });
});

describe('the user page', () => {
  it("shows the account's own entries, newest first: suspend, reactivate, role, email", async () => {
    const customer = await createUser(shop.database.db, { name: 'Ada Customer' });
    const bystander = await createUser(shop.database.db, { name: 'Someone Else' });
    const here = `/admin/users/${customer.id}`;
    expect((await staff.post(here, { intent: 'suspend', reason: 'Chargeback fraud' })).statusCode).toBe(302);
    expect((await staff.post(here, { intent: 'reactivate' })).statusCode).toBe(302);
    expect((await admin.post(here, { intent: 'role', role: 'staff' })).statusCode).toBe(302);
    expect(
      (await staff.post(here, { intent: 'email', subject: 'Your refund', message: 'It is on its way.' }))
        .statusCode,
    ).toBe(302);
    await staff.post(`/admin/users/${bystander.id}`, { intent: 'suspend', reason: 'Not on this page' });

    const page = await admin.get(here);
    expect(page.statusCode).toBe(200);
    const trail = trailOf(page.body);
    expect(trail.map((e) => e.action)).toEqual([
      'user.emailed',
      'user.role_changed',
      'user.reactivated',
      'user.suspended',
    ]);
    const [emailed, role, reactivated, suspended] = trail;
    expect(emailed!.text).toContain(`by Bisi Floor from ${STAFF_ADDRESS}`);
    expect(emailed!.text).toContain('Your refund');
    expect(role!.text).toContain(`by Femi Owner from ${ADMIN_ADDRESS}`);
    expect(role!.text).toContain('Role customer → changed to staff');
    expect(reactivated!.text).toContain('Active no → changed to yes');
    expect(suspended!.text).toContain('Active yes → changed to no');
    expect(suspended!.text).toContain('Chargeback fraud');
    expect(page.body).not.toContain('Not on this page');
  });
});

describe('the audit log', () => {
  it('reads a product change and a settings change as field names and before → after, never JSON', async () => {
    const db = shop.database.db;
    await shop.services.audit.record(db, {
      actorUserId: null,
      action: 'product.update',
      subjectType: 'product',
      subjectId: 424242,
      details: {
        name: 'Audit Body Wave Bundle',
        before: {
          variants: [{ sku: 'ABW-12', priceKobo: 2_500_000, compareAtPriceKobo: null }],
          isFeatured: false,
        },
        after: {
          variants: [{ sku: 'ABW-12', priceKobo: 3_000_000, compareAtPriceKobo: 3_500_000 }],
          isFeatured: true,
        },
      },
    });
    await shop.services.audit.record(db, {
      actorUserId: null,
      action: 'settings.update',
      subjectType: 'settings',
      subjectId: 'delivery',
      details: {
        before: { deliveryFeesKobo: { Lagos: 200_000, Kano: 0 }, freeDeliveryFromKobo: null },
        after: { deliveryFeesKobo: { Lagos: 250_000, Kano: 0 }, freeDeliveryFromKobo: 10_000_000 },
      },
    });
    const page = await admin.get('/admin/audit');
    expect(page.statusCode).toBe(200);
    const entries = [...entriesOf(page.body).matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
      m[1]!
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    const product = entries.find((t) => t.includes('424242'))!;
    const settings = entries.find((t) => t.includes('settings delivery'))!;
    expect(product).toContain('Product changed');
    expect(product).toContain(
      'Variants (SKU: ABW-12, Price: ₦25,000, Was price: —) → changed to (SKU: ABW-12, Price: ₦30,000, Was price: ₦35,000)',
    );
    expect(product).toContain('Featured no → changed to yes');
    expect(settings).toContain('Settings changed');
    expect(settings).toContain('Delivery fees › Lagos ₦2,000 → changed to ₦2,500');
    expect(settings).not.toContain('Kano'); // unchanged parts of a group are left out
    expect(settings).toContain('Free delivery from — → changed to ₦100,000');
    for (const text of [product, settings]) {
      expect(text).not.toMatch(/[{}"]|&quot;|priceKobo|deliveryFeesKobo|isFeatured/);
    }
  });
});
