// The admin shell (issue 12): the sidebar by role, the honest coming-soon pages, the one-time
// flash toast (shown once, never cached), and the audit log: staff sign-ins and failed second
// factors recorded with the address, /admin/audit filtered by the URL in Lagos days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { type EnrolledStaff, signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let admin: EnrolledStaff & { id: number };
let staff: EnrolledStaff & { id: number; email: string; password: string };

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const a = await createUser(shop.database.db, { role: 'admin', name: 'Adaeze Admin' });
  admin = { ...(await signInAndEnrol(shop.app, a)), id: a.id };
  const s = await createUser(shop.database.db, { role: 'staff', name: 'Segun Staff' });
  staff = { ...(await signInAndEnrol(shop.app, s)), id: s.id, email: s.email, password: s.password };
});
afterAll(async () => {
  await shop.close();
});

describe('the sidebar', () => {
  it('lists the sections in the spec’s order and marks the current one', async () => {
    const page = await admin.client.get('/admin/audit');
    expect(page.statusCode).toBe(200);
    const nav = page.body.match(/<nav aria-label="Admin">([\s\S]*?)<\/nav>/)![1]!;
    const labels = [...nav.matchAll(/<span>([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Discounts',
      'Users',
      'Reviews',
      'Newsletter',
      'Complaints',
      'Banners',
      'Launch checklist',
      'Settings',
      'Audit log',
      'Mailbox',
      'Mail queue',
      'Staff',
      'Two-factor',
    ]);
    expect(nav).toMatch(
      /aria-current="page"[^>]*href="\/admin\/audit"|href="\/admin\/audit"[^>]*aria-current="page"/,
    );
    // The phone menu is a <details> disclosure: it opens without JavaScript.
    expect(page.body).toMatch(/<details[^>]*><summary[^>]*><svg[\s\S]*?<\/svg> ?Menu<\/summary>/);
    expect(page.body).toContain('>View Store');
    expect(page.body).toContain('Adaeze Admin');
  });

  it('hides from staff what only admins may use', async () => {
    const page = await staff.client.get('/admin/dashboard');
    const nav = page.body.match(/<nav aria-label="Admin">([\s\S]*?)<\/nav>/)![1]!;
    expect(nav).toContain('Orders');
    expect(nav).toContain('Audit log');
    for (const adminOnly of ['Discounts', 'Banners', 'Launch checklist', 'Settings'])
      expect(nav).not.toContain(`<span>${adminOnly}</span>`);
  });

  it('leads every section to its built screen (the last coming-soon page, complaints, is built)', async () => {
    const page = await admin.client.get('/admin/complaints');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('data-testid="admin-coming-soon"');
    expect(page.body).toMatch(/<nav[^>]*aria-label="Complaints by status"[\s\S]*?>Pending</);
    // No sidebar entry still says "soon".
    expect(page.body).not.toMatch(/>soon</);
    expect(page.body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect((await staff.client.get('/admin/settings')).statusCode).toBe(403);
  });
});

describe('what the browser hydrates from', () => {
  // React Router encodes a page's data for the browser only when the page carries its scripts
  // (patches/react-router+*.patch, ADR 058): the admin, hydrated, still gets every route's data.
  it('streams the admin page’s loader data, under the page’s nonce, and none into a storefront page', async () => {
    const page = await admin.client.get('/admin/audit');
    expect(page.statusCode).toBe(200);
    const nonce = String(page.headers['content-security-policy']).match(/'nonce-([^']+)'/)![1]!;
    const stream = page.body.match(
      /<script nonce="([^"]+)">window\.__reactRouterContext\.streamController\.enqueue\(([\s\S]*?)\);<\/script>/,
    );
    expect(stream?.[1]).toBe(nonce);
    // The shell's and the page's data: the signed-in name and the audit entries' route.
    expect(stream?.[2]).toContain('Adaeze Admin');
    expect(stream?.[2]).toContain('routes/admin.audit');
    expect(page.body).toContain('window.__reactRouterContext.streamController.close();');

    // Moving between admin pages, the browser asks the data endpoint; the loader reads the page's
    // own address, without `.data` or React Router's parameters.
    const next = await admin.client.get('/admin/audit.data?_routes=routes%2Fadmin.audit');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('routes/admin.audit');
    expect(next.body).not.toContain('_routes');

    const storefront = await new TestClient(shop.app).get('/pages/shipping');
    expect(storefront.statusCode).toBe(200);
    expect(storefront.body).not.toContain('__reactRouterContext');
  });
});

describe('the flash toast', () => {
  it('shows once after a form post without JavaScript, and the page carrying it is not cached', async () => {
    const client = new TestClient(shop.app);
    const done = await client.post('/newsletter', { email: 'toast@example.ng', redirectTo: '/collections' });
    expect(done.statusCode).toBe(302);
    expect(done.headers['cache-control']).toBe('private, no-store');
    expect(String(done.headers['set-cookie'])).toContain('ch_flash=');
    const landed = await client.get('/collections');
    expect(landed.statusCode).toBe(200);
    expect(landed.headers['cache-control']).toBe('private, no-store');
    const toast = landed.body.match(/data-toast=""[\s\S]*?<\/p>/)?.[0] ?? '';
    expect(toast).toContain('data-kind="success"');
    expect(landed.body).toMatch(/role="status" aria-live="polite"[^>]*data-toasts=""/);
    // Read once: the next page has no toast and no flash cookie.
    const again = await client.get('/collections');
    expect(again.body).not.toContain('data-toast=""');
    expect(again.headers['cache-control'] ?? '').not.toContain('no-store');
  });
});

describe('the audit log', () => {
  it('records staff sign-ins and second factors with the address, and failed codes too', async () => {
    const client = new TestClient(shop.app, { remoteAddress: '203.0.113.7' });
    const signIn = await client.post('/admin/sign-in', { email: staff.email, password: staff.password });
    expect(signIn.statusCode).toBe(302);
    const wrong = await client.post('/admin/two-factor', { intent: 'verify', code: '000000' });
    expect([200, 400]).toContain(wrong.statusCode);
    const events = await shop.services.audit.search({ actor: String(staff.id) });
    const actions = events.items.map((e) => e.action);
    expect(actions).toContain('session.sign_in');
    expect(actions).toContain('session.second_factor');
    expect(actions).toContain('session.second_factor_failed');
    const failed = events.items.find((e) => e.action === 'session.second_factor_failed')!;
    expect(failed).toMatchObject({ ip: '203.0.113.7', subjectType: 'user', subjectId: String(staff.id) });
    expect(failed.actorName).toBe('Segun Staff');
  });

  it('lists entries on /admin/audit, filtered by the URL, in Lagos days', async () => {
    const all = await admin.client.get('/admin/audit');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('session.sign_in');
    const mine = await admin.client.get(`/admin/audit?actor=${admin.id}&action=session.sign_in`);
    expect(mine.body).toContain('Adaeze Admin');
    expect(mine.body).not.toContain('Segun Staff</span>');
    // Today in Lagos has entries; a day long past has none (the empty state says so).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const todays = await admin.client.get(`/admin/audit?from=${today}&to=${today}`);
    expect(todays.body).toMatch(/<ol[^>]*aria-label="Audit entries"[^>]*><li/);
    const past = await admin.client.get('/admin/audit?from=2020-01-01&to=2020-01-02');
    expect(past.body).toContain('No entries match these filters.');
    expect(past.body).not.toContain('aria-label="Audit entries"');
    // Rubbish in the URL is ignored, not an error.
    expect((await admin.client.get('/admin/audit?from=yesterday&page=-3&actor=x')).statusCode).toBe(200);
  });

  it('has no way to change an entry: the page takes no form posts', async () => {
    const res = await admin.client.post('/admin/audit', { id: '1' });
    expect(res.statusCode).toBe(405);
  });
});
