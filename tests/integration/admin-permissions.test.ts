// The permission matrix (issue 12): every admin page in app/routes.ts and every /api/v1/admin/*
// route Fastify knows × (anonymous, customer, suspended customer, staff, admin) → the answer the
// permission table (core/permissions.ts) calls for. The routes are read from the route tables, so
// a new admin route without a rule below FAILS this test: add its rule (its permission) here.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { can, type Permission } from '#core/permissions.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { type Visitor, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const WHO = ['anonymous', 'customer', 'suspended', 'staff', 'admin'] as const satisfies readonly Visitor[];
type Who = (typeof WHO)[number];
/** One status, or any of several (a suspended customer is refused: signed out or forbidden). */
type Answer = number | readonly number[];
type Expectation = Record<Who, Answer>;

interface Fixture {
  staffId: number;
}

interface Rule {
  /** A concrete address for the route's pattern. */
  sample: (f: Fixture) => string;
  expect: Expectation;
  /** JSON body for API writes (a harmless one: the target does not exist). */
  body?: unknown;
}

const REFUSED_SUSPENDED = [401, 403] as const;

/** The usual answer of a page or route guarded by `permission`; `ok` is what an allowed role gets. */
function guarded(
  permission: Permission | 'any staff',
  ok: Answer = 200,
  sample?: string,
): Omit<Rule, 'sample'> & { sample?: string } {
  const allowed = (role: 'staff' | 'admin') =>
    permission === 'any staff' || can(role, permission) ? ok : 403;
  return {
    sample,
    expect: {
      anonymous: 401,
      customer: 403,
      suspended: REFUSED_SUSPENDED,
      staff: allowed('staff'),
      admin: allowed('admin'),
    },
  };
}

function rule(sample: string | ((f: Fixture) => string), base: Omit<Rule, 'sample'>, body?: unknown): Rule {
  return { ...base, sample: typeof sample === 'string' ? () => sample : sample, body };
}

/**
 * Pages outside the admin layout, refused by status alone: the second-factor step, the CSV download
 * and the print-only packing slip (no shell, so no sign-in form around them).
 */
const OUTSIDE_THE_SHELL = new Set([
  '/admin/two-factor',
  '/admin/orders.csv',
  '/admin/orders/:trackingNumber/packing-slip',
  '/admin/newsletter.csv',
  '/admin/orders/:trackingNumber/receipt',
  '/admin/orders/:trackingNumber/receipt.pdf',
]);

/** Admin pages, keyed by their path pattern in app/routes.ts. */
const PAGE_RULES: Record<string, Rule> = {
  '/admin': rule('/admin', guarded('any staff', 302)),
  '/admin/dashboard': rule('/admin/dashboard', guarded('dashboard.view')),
  '/admin/mailbox': rule('/admin/mailbox', guarded('mailbox.view')),
  '/admin/mailbox/:id': rule('/admin/mailbox/999999', guarded('mailbox.view', 404)),
  '/admin/mail': rule('/admin/mail', guarded('mail.outbox')),
  '/admin/staff': rule('/admin/staff', guarded('any staff')),
  '/admin/staff/:id/reset-two-factor': rule(
    (f) => `/admin/staff/${f.staffId}/reset-two-factor`,
    guarded('staff.manage'),
  ),
  '/admin/audit': rule('/admin/audit', guarded('audit.view')),
  '/admin/users': rule('/admin/users', guarded('customers.view')),
  '/admin/orders': rule('/admin/orders', guarded('orders.view')),
  '/admin/orders/layaway': rule('/admin/orders/layaway', guarded('orders.view')),
  '/admin/orders/:trackingNumber': rule('/admin/orders/CH000000000000', guarded('orders.view', 404)),
  '/admin/orders/:trackingNumber/refund': rule(
    '/admin/orders/CH000000000000/refund',
    guarded('orders.refund-request', 404),
  ),
  '/admin/orders.csv': rule('/admin/orders.csv', guarded('orders.view')),
  '/admin/orders/:trackingNumber/layaway': rule(
    '/admin/orders/CH000000000000/layaway',
    guarded('orders.view', 404),
  ),
  '/admin/orders/:trackingNumber/packing-slip': rule(
    '/admin/orders/CH000000000000/packing-slip',
    guarded('orders.view', 404),
  ),
  '/admin/orders/:trackingNumber/receipt': rule(
    '/admin/orders/CH000000000000/receipt',
    guarded('orders.view', 404),
  ),
  '/admin/orders/:trackingNumber/receipt.pdf': rule(
    '/admin/orders/CH000000000000/receipt.pdf',
    guarded('orders.view', 404),
  ),
  '/admin/users/:id': rule('/admin/users/999999', guarded('customers.view', 404)),
  '/admin/products': rule('/admin/products', guarded('products.view')),
  // Staff read a product's form read-only (ADR 030); adding one is an admin's.
  '/admin/products/new': rule('/admin/products/new', guarded('products.edit')),
  '/admin/products/:id': rule('/admin/products/999999', guarded('products.view', 404)),
  '/admin/discounts': rule('/admin/discounts', guarded('discounts.manage')),
  '/admin/reviews': rule('/admin/reviews', guarded('reviews.moderate')),
  '/admin/complaints': rule('/admin/complaints', guarded('complaints.handle')),
  '/admin/complaints/:id': rule('/admin/complaints/999999', guarded('complaints.handle', 404)),
  '/admin/banners': rule('/admin/banners', guarded('banners.manage')),
  '/admin/newsletter': rule('/admin/newsletter', guarded('newsletter.view')),
  '/admin/newsletter.csv': rule('/admin/newsletter.csv', guarded('newsletter.view')),
  // Staff read campaigns; writing and sending them is an admin's (ADR 036).
  '/admin/newsletter/campaigns/new': rule('/admin/newsletter/campaigns/new', guarded('newsletter.send')),
  '/admin/newsletter/campaigns/:id': rule(
    '/admin/newsletter/campaigns/999999',
    guarded('newsletter.view', 404),
  ),
  '/admin/settings': rule('/admin/settings', guarded('settings.manage')),
  // The launch checklist: admins only, as the settings it points to (ADR 071).
  '/admin/launch': rule('/admin/launch', guarded('settings.manage')),
  '/admin/settings/pages/:slug': rule('/admin/settings/pages/shipping', guarded('settings.manage')),
  // Any other admin address: outsiders meet the sign-in form, staff a not-found page.
  '/admin/*': rule('/admin/no-such-page', guarded('any staff', 404)),
  // The way in: open to everyone (signed-in staff are sent on to the dashboard).
  '/admin/sign-in': rule('/admin/sign-in', {
    expect: { anonymous: 200, customer: 200, suspended: [200, 302], staff: 302, admin: 302 },
  }),
  // The second-factor step: only for a session that owes one (or a member managing theirs).
  '/admin/two-factor': rule('/admin/two-factor', {
    expect: { anonymous: 302, customer: 302, suspended: [302, 401, 403], staff: 200, admin: 200 },
  }),
};

/** /api/v1/admin/* routes, keyed by "METHOD /url". */
const API_RULES: Record<string, Rule> = {
  'GET /api/v1/admin/mailbox': rule('/api/v1/admin/mailbox', guarded('mailbox.view')),
  'GET /api/v1/admin/mailbox/:id': rule('/api/v1/admin/mailbox/999999', guarded('mailbox.view', 404)),
  'GET /api/v1/admin/staff': rule('/api/v1/admin/staff', guarded('any staff')),
  'POST /api/v1/admin/staff/:id/two-factor/reset': rule(
    '/api/v1/admin/staff/999999/two-factor/reset',
    guarded('staff.manage', 404),
  ),
  // Photo uploads: for those who edit products or banners (admins); an empty body is refused.
  'POST /api/v1/admin/media': rule('/api/v1/admin/media', guarded('products.edit', 400)),
  'POST /api/v1/admin/orders/:trackingNumber/status': rule(
    '/api/v1/admin/orders/CH-NOPE/status',
    guarded('orders.update', 404),
    { status: 'shipped' },
  ),
  // Refunds (ADR 097): staff read and ask (orders.refund-request); only admins decide (orders.refund).
  'GET /api/v1/admin/orders/:trackingNumber/refunds': rule(
    '/api/v1/admin/orders/CH-NOPE/refunds',
    guarded('orders.refund-request', 404),
  ),
  'POST /api/v1/admin/orders/:trackingNumber/refunds': rule(
    '/api/v1/admin/orders/CH-NOPE/refunds',
    guarded('orders.refund-request', 404),
    { amountKobo: 100, reason: 'other' },
  ),
  ...Object.fromEntries(
    (['approve', 'reject', 'retry', 'check'] as const).map((action) => [
      `POST /api/v1/admin/orders/:trackingNumber/refunds/:refundId/${action}`,
      rule(`/api/v1/admin/orders/CH-NOPE/refunds/1/${action}`, guarded('orders.refund', 404), {}),
    ]),
  ),
};

/** Every admin page pattern in the route table: children of the `admin` layout and `admin/*` paths. */
function adminPagePatterns(entries: RouteConfigEntry[], parent = ''): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
    const full = `/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    if (full === '/admin' || full.startsWith('/admin/')) found.push(full);
    if (entry.children) found.push(...adminPagePatterns(entry.children, path));
  }
  return [...new Set(found)];
}

let shop: TestShop;
let clients: Record<Who, TestClient>;
const fixture = {} as Fixture;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const visitors = await visitorsPerRole(shop);
  clients = visitors.clients;
  fixture.staffId = visitors.users.staff.id;
});
afterAll(async () => {
  await shop.close();
});

function matches(status: number, answer: Answer): boolean {
  return typeof answer === 'number' ? status === answer : answer.includes(status);
}

describe('every admin route has a rule', () => {
  it('pages: each admin path in app/routes.ts is in PAGE_RULES', () => {
    const patterns = adminPagePatterns(routes as RouteConfigEntry[]);
    expect(patterns.length).toBeGreaterThan(5);
    const missing = patterns.filter((p) => !PAGE_RULES[p]);
    expect(missing.map((p) => `add a rule for the page ${p} to PAGE_RULES`)).toEqual([]);
    const stale = Object.keys(PAGE_RULES).filter((p) => !patterns.includes(p));
    expect(stale.map((p) => `PAGE_RULES has ${p}, which app/routes.ts no longer has`)).toEqual([]);
  });

  it('API: each /api/v1/admin/* route Fastify registered is in API_RULES', () => {
    const keys = shop.app.apiRoutes
      .filter((r) => r.url.startsWith('/api/v1/admin/'))
      .map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(2);
    const missing = keys.filter((k) => !API_RULES[k]);
    expect(missing.map((k) => `add a rule for ${k} to API_RULES`)).toEqual([]);
    const stale = Object.keys(API_RULES).filter((k) => !keys.includes(k));
    expect(stale.map((k) => `API_RULES has ${k}, which no longer exists`)).toEqual([]);
  });
});

describe('the matrix', () => {
  it.each(WHO)('admin pages answer %s as the permission table says', async (who) => {
    const wrong: string[] = [];
    for (const [pattern, r] of Object.entries(PAGE_RULES)) {
      const url = r.sample(fixture);
      const res = await clients[who].get(url);
      const want = r.expect[who];
      if (!matches(res.statusCode, want))
        wrong.push(`${pattern} (${url}): ${res.statusCode}, expected ${want}`);
      // A refusal shows the admin sign-in form, never the page.
      if ((res.statusCode === 401 || res.statusCode === 403) && !OUTSIDE_THE_SHELL.has(pattern)) {
        if (!res.body.includes('Admin sign in') && !res.body.includes('Only an admin')) {
          wrong.push(`${pattern}: refused without the sign-in form`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(WHO)('the admin API answers %s as the permission table says', async (who) => {
    const wrong: string[] = [];
    const session = clients[who].session;
    for (const [key, r] of Object.entries(API_RULES)) {
      const [method] = key.split(' ') as ['GET' | 'POST'];
      const url = r.sample(fixture);
      const res = await shop.app.inject({
        method,
        url,
        headers: {
          ...(session ? { cookie: `ch_session=${session}` } : {}),
          ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(r.body !== undefined ? { payload: JSON.stringify(r.body) } : {}),
      });
      const want = r.expect[who];
      if (!matches(res.statusCode, want)) wrong.push(`${key} (${url}): ${res.statusCode}, expected ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('docs/security.md', () => {
  it('shows the permission table as core/permissions.ts has it', async () => {
    const { readFileSync } = await import('node:fs');
    const { PERMISSIONS } = await import('#core/permissions.ts');
    const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `([a-z.-]+)` \| (yes|no) \| (yes|no) \| (.+) \|$/gm)].map((m) => [
        m[1]!,
        { staff: m[2] === 'yes', admin: m[3] === 'yes', summary: m[4]! },
      ]),
    );
    for (const [name, p] of Object.entries(PERMISSIONS)) {
      expect(rows.get(name), `docs/security.md lacks the row for ${name}`).toEqual({
        staff: p.staff,
        admin: true,
        summary: p.summary,
      });
    }
    expect([...rows.keys()].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });
});
