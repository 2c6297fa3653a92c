// The admin reviews screen over HTTP: the queue puts reviews waiting for approval first and filters
// by stars, state and words (a customer's email too) from the URL; approving publishes a review on
// the product page at once, bulk approval publishes the ticked ones, a public reply shows under the
// review; deleting is an admin's (staff get 403) and the audit log keeps what was deleted.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let clients: RoleVisitors['clients'];
let product: Awaited<ReturnType<typeof createProduct>>;
/** Review ids by the author's first name. */
const reviewOf: Record<string, number> = {};
const authors: Record<string, Awaited<ReturnType<typeof createUser>>> = {};

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  ({ clients } = await visitorsPerRole(shop, 'Moderation'));
  const db = shop.database.db;
  product = await createProduct(db, { name: 'Moderated Body Wave Wig', category: 'wigs' });
  const written: [string, number, string][] = [
    ['Chiamaka Eze', 5, 'Beautiful wave pattern, it held after washing.'],
    ['Bisi Adeyemi', 2, 'Shedding a lot after one week of wearing it.'],
    ['Zainab Bello', 4, 'Very soft hair and quick delivery to Kano.'],
  ];
  for (const [name, rating, comment] of written) {
    const user = await createUser(db, { name });
    await createOrder(shop, {
      account: user,
      lines: [{ variantId: product.variants[0]!.id }],
      status: 'delivered',
    });
    const { review } = await shop.services.reviews.submit(
      { id: user.id, name: user.name, email: user.email, role: 'customer', emailVerified: true },
      { productId: product.id, rating, comment },
    );
    const first = name.split(' ')[0]!;
    reviewOf[first] = review.id;
    authors[first] = user;
  }
});
afterAll(async () => {
  await shop.close();
});

async function page(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.body;
}

function listedIds(html: string): number[] {
  // Each card's forms (approve, hide, reply, delete) name their review: one id per card, in order.
  return [
    ...new Set([...html.matchAll(/<input type="hidden" name="id" value="(\d+)"/g)].map((m) => Number(m[1]))),
  ];
}

async function auditOf(id: number) {
  return queryRows<{
    action: string;
    actor_user_id: number;
    ip: string | null;
    details: Record<string, unknown>;
  }>(
    shop.database.db,
    sql`SELECT action, actor_user_id, ip, details FROM audit_events
        WHERE subject_type = 'review' AND subject_id = ${String(id)} ORDER BY id`,
  );
}

async function storefront() {
  return page(new TestClient(shop.app), productPath(product));
}

describe('the reviews queue', () => {
  it('lists every review waiting for approval with its author, order and the summary', async () => {
    const html = await page(clients.staff, '/admin/reviews');
    expect(listedIds(html).sort()).toEqual(Object.values(reviewOf).sort());
    expect(html).toContain(authors.Chiamaka!.email);
    expect(html).toMatch(/href="\/admin\/orders\/[A-Z0-9-]+"/);
    expect(html).toContain('Waiting for approval');
    expect(html).toMatch(/<table[^>]*><caption[^>]*>All reviews by number of stars<\/caption>/);
  });

  it('filters by stars, state and words from the URL, a customer’s email included', async () => {
    expect(listedIds(await page(clients.staff, '/admin/reviews?rating=2'))).toEqual([reviewOf.Bisi]);
    expect(
      listedIds(await page(clients.staff, `/admin/reviews?q=${encodeURIComponent(authors.Zainab!.email)}`)),
    ).toEqual([reviewOf.Zainab]);
    expect(listedIds(await page(clients.staff, '/admin/reviews?q=wave%20pattern'))).toEqual([
      reviewOf.Chiamaka,
    ]);
    const none = await page(clients.staff, '/admin/reviews?status=approved');
    expect(none).toContain('No reviews match these filters');
  });
});

describe('moderating', () => {
  it('approves one: it shows on the product page at once, and the audit log says who and from where', async () => {
    expect(await storefront()).toContain('No reviews yet');
    const res = await clients.staff.post('/admin/reviews', {
      intent: 'approve',
      id: String(reviewOf.Chiamaka),
    });
    expect(res.statusCode).toBe(302);
    const html = await storefront();
    expect(html).toContain('Beautiful wave pattern');
    expect(html).toContain('Rated 5 out of 5');
    const [entry] = await auditOf(reviewOf.Chiamaka!);
    expect(entry).toMatchObject({ action: 'review.approved', ip: expect.any(String) });
    expect(entry!.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
    // Published reviews come after the ones still waiting.
    const queue = listedIds(await page(clients.staff, '/admin/reviews'));
    expect(queue[queue.length - 1]).toBe(reviewOf.Chiamaka);
  });

  it('approves the ticked reviews together', async () => {
    const res = await clients.staff.post('/admin/reviews', {
      intent: 'bulk-approve',
      ids: String(reviewOf.Bisi),
    });
    expect(res.statusCode).toBe(302);
    // A second tick on the form: URLSearchParams repeats the key.
    const both = await shop.app.inject({
      method: 'POST',
      url: '/admin/reviews',
      payload: `intent=bulk-approve&ids=${reviewOf.Bisi}&ids=${reviewOf.Zainab}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...clients.staff.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'http://shop.test',
      },
    });
    expect(both.statusCode).toBe(302);
    const [row] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM reviews WHERE status = 'approved'`,
    );
    expect(row!.n).toBe(3);
    expect(await storefront()).toContain('3 reviews');
  });

  it('shows a public reply under the review, refuses one too long keeping the text, and takes it down when emptied', async () => {
    const long = await clients.staff.post('/admin/reviews', {
      intent: 'reply',
      id: String(reviewOf.Bisi),
      reply: `We are sorry. ${'x'.repeat(1000)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Keep the reply under 1000 characters.');
    expect(long.body).toContain('We are sorry.');

    const saved = await clients.staff.post('/admin/reviews', {
      intent: 'reply',
      id: String(reviewOf.Bisi),
      reply: 'We are sorry. Our team has called you to replace it.',
    });
    expect(saved.statusCode).toBe(302);
    expect(await storefront()).toContain('Our team has called you to replace it.');
    await clients.staff.post('/admin/reviews', { intent: 'reply', id: String(reviewOf.Bisi), reply: '' });
    expect(await storefront()).not.toContain('Our team has called you');
    expect((await auditOf(reviewOf.Bisi!)).map((e) => e.action)).toEqual([
      'review.approved',
      'review.replied',
      'review.reply_removed',
    ]);
  });

  it('leaves deleting to admins; the audit log keeps what was deleted and the figures follow', async () => {
    const refused = await clients.staff.post('/admin/reviews', {
      intent: 'delete',
      id: String(reviewOf.Bisi),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Only an admin can delete a review.');
    expect(await page(clients.staff, '/admin/reviews')).not.toContain('Delete review');

    const deleted = await clients.admin.post('/admin/reviews', {
      intent: 'delete',
      id: String(reviewOf.Bisi),
    });
    expect(deleted.statusCode).toBe(302);
    const [rating] = await queryRows<{ rating_count: number; rating_total: number }>(
      shop.database.db,
      sql`SELECT rating_count, rating_total FROM products WHERE id = ${product.id}`,
    );
    expect(rating).toEqual({ rating_count: 2, rating_total: 9 });
    const entries = await auditOf(reviewOf.Bisi!);
    expect(entries[entries.length - 1]).toMatchObject({
      action: 'review.deleted',
      details: { before: { comment: 'Shedding a lot after one week of wearing it.' }, after: null },
    });
    const html = await storefront();
    expect(html).not.toContain('Shedding a lot');
    expect(html).toContain('Rated 4.5 out of 5');

    const gone = await clients.admin.post('/admin/reviews', { intent: 'approve', id: String(reviewOf.Bisi) });
    expect(gone.statusCode).toBe(404);
  });

  it('takes a review off the page when unpublished', async () => {
    await clients.staff.post('/admin/reviews', { intent: 'unpublish', id: String(reviewOf.Zainab) });
    const html = await storefront();
    expect(html).not.toContain('quick delivery to Kano');
    expect(html).toContain('1 review');
  });
});
