// One way an error becomes a page (issue 31, ADR 074): every route of app/routes.ts with a
// parameter in its path — each admin, account and storefront detail page — asked by a visitor who
// may open it for an id that does not exist and for a malformed one answers 404 or 400 inside the
// shop's chrome (the admin shell for admin pages, the storefront's header for the shop's), never
// 500. The routes are read from the route table, so a new detail route without a row below FAILS.
// And a fault that is not a refusal still is one: 500 with the error page, not a quiet 404.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { createTestShop, LogCapture, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

type Who = 'anonymous' | 'customer' | 'admin';
/** What surrounds the answer: the admin shell, the storefront's header, or nothing (a photo, a slip). */
type Chrome = 'admin' | 'storefront' | 'none';

interface Row {
  who: Who;
  chrome: Chrome;
  /** An address of the route for a row that does not exist. */
  missing: string;
  /** An address whose parameter could never name a row. */
  malformed: string;
}

const CHROME_MARK: Record<Exclude<Chrome, 'none'>, string> = {
  admin: 'aria-label="Admin"',
  storefront: 'aria-label="Categories"',
};

/** Every parametrised route, by its pattern in app/routes.ts. */
const ROWS: Record<string, Row> = {
  '/collections/:slug': {
    who: 'anonymous',
    chrome: 'storefront',
    missing: '/collections/no-such-wig',
    malformed: '/collections/%E2%9C%93%20not%20a%20slug!',
  },
  '/pay/sandbox/:reference': {
    who: 'anonymous',
    chrome: 'storefront',
    missing: '/pay/sandbox/CH-SBX-000000',
    malformed: '/pay/sandbox/..%2F..',
  },
  '/support/t/:token': {
    who: 'anonymous',
    chrome: 'storefront',
    missing: `/support/t/${'a'.repeat(43)}`,
    malformed: '/support/t/not%20a%20token!',
  },
  '/support/t/:token/photos/:id': {
    who: 'anonymous',
    chrome: 'none',
    missing: `/support/t/${'a'.repeat(43)}/photos/999999`,
    malformed: `/support/t/${'a'.repeat(43)}/photos/not-a-photo`,
  },
  '/support/photos/:id': {
    who: 'customer',
    chrome: 'none',
    missing: '/support/photos/999999',
    malformed: '/support/photos/99999999999999999999',
  },
  '/admin/orders/:trackingNumber/layaway': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/orders/CH000000000000/layaway',
    malformed: '/admin/orders/%20%3Cb%3E/layaway',
  },
  '/admin/orders/:trackingNumber/refund': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/orders/CH000000000000/refund',
    malformed: '/admin/orders/%20%3Cb%3E/refund',
  },
  '/admin/orders/:trackingNumber/packing-slip': {
    who: 'admin',
    chrome: 'none',
    missing: '/admin/orders/CH000000000000/packing-slip',
    malformed: '/admin/orders/%20%3Cb%3E/packing-slip',
  },
  '/admin/orders/:trackingNumber/receipt': {
    who: 'admin',
    chrome: 'none',
    missing: '/admin/orders/CH000000000000/receipt',
    malformed: '/admin/orders/%20%3Cb%3E/receipt',
  },
  '/admin/orders/:trackingNumber/receipt.pdf': {
    who: 'admin',
    chrome: 'none',
    missing: '/admin/orders/CH000000000000/receipt.pdf',
    malformed: '/admin/orders/%20%3Cb%3E/receipt.pdf',
  },
  '/track-order/:trackingNumber/receipt': {
    who: 'anonymous',
    chrome: 'storefront',
    missing: '/track-order/CH000000000000/receipt',
    malformed: '/track-order/%20%3Cb%3E/receipt',
  },
  '/track-order/:trackingNumber/receipt.pdf': {
    who: 'anonymous',
    chrome: 'none',
    missing: '/track-order/CH000000000000/receipt.pdf',
    malformed: '/track-order/%20%3Cb%3E/receipt.pdf',
  },
  '/admin/orders/:trackingNumber': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/orders/CH000000000000',
    malformed: '/admin/orders/%20%3Cb%3E',
  },
  '/admin/mailbox/:id': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/mailbox/999999',
    malformed: '/admin/mailbox/1e3',
  },
  '/admin/users/:id': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/users/999999',
    malformed: '/admin/users/not-a-number',
  },
  '/admin/staff/:id/reset-two-factor': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/staff/999999/reset-two-factor',
    malformed: '/admin/staff/-1/reset-two-factor',
  },
  '/admin/products/:id': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/products/999999',
    malformed: '/admin/products/99999999999',
  },
  '/admin/complaints/:id': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/complaints/999999',
    malformed: '/admin/complaints/0x10',
  },
  '/admin/settings/pages/:slug': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/settings/pages/no-such-page',
    malformed: '/admin/settings/pages/%E2%9C%93',
  },
  '/admin/newsletter/campaigns/:id': {
    who: 'admin',
    chrome: 'admin',
    missing: '/admin/newsletter/campaigns/999999',
    malformed: '/admin/newsletter/campaigns/1.5',
  },
  '/pages/:slug': {
    who: 'anonymous',
    chrome: 'storefront',
    missing: '/pages/no-such-page',
    malformed: '/pages/%E2%9C%93',
  },
};

/** Every full path pattern in the route table with a `:parameter` in it. */
function parametrisedPatterns(entries: RouteConfigEntry[], parent = ''): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
    const full = `/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    if (full.includes(':')) found.push(full);
    if (entry.children) found.push(...parametrisedPatterns(entry.children, path));
  }
  return [...new Set(found)];
}

let shop: TestShop;
const logs = new LogCapture();
const clients = {} as Record<Who, TestClient>;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, logs });
  const db = shop.database.db;
  clients.anonymous = new TestClient(shop.app);
  const customer = await createUser(db, { name: 'Page Errors Customer' });
  clients.customer = await signedInClient(shop, customer.email);
  const admin = await createUser(db, { role: 'admin', name: 'Page Errors Admin' });
  clients.admin = (await signInAndEnrol(shop.app, admin)).client;
});
afterAll(async () => {
  await shop.close();
});

describe('every detail route has a row', () => {
  it('each parametrised path in app/routes.ts is in ROWS, and ROWS names no other', () => {
    const patterns = parametrisedPatterns(routes as RouteConfigEntry[]);
    expect(patterns.length).toBeGreaterThan(10);
    const missing = patterns.filter((p) => !ROWS[p]);
    expect(missing.map((p) => `add a row for ${p} to ROWS`)).toEqual([]);
    const stale = Object.keys(ROWS).filter((p) => !patterns.includes(p));
    expect(stale.map((p) => `ROWS has ${p}, which app/routes.ts no longer has`)).toEqual([]);
  });
});

describe('a missing or malformed id', () => {
  it.each(Object.entries(ROWS))('%s: 404 or 400 in the right chrome, never 500', async (pattern, row) => {
    const wrong: string[] = [];
    for (const kind of ['missing', 'malformed'] as const) {
      const url = row[kind];
      const res = await clients[row.who].get(url);
      const allowed = kind === 'missing' ? [404] : [400, 404];
      if (!allowed.includes(res.statusCode)) {
        wrong.push(`${kind} ${url}: ${res.statusCode}, expected ${allowed.join(' or ')}`);
        continue;
      }
      if (row.chrome !== 'none' && !res.body.includes(CHROME_MARK[row.chrome])) {
        wrong.push(`${kind} ${url}: ${res.statusCode} without the ${row.chrome} chrome`);
      }
      if (res.body.includes('Something went wrong')) wrong.push(`${kind} ${url}: says something went wrong`);
    }
    expect(wrong, pattern).toEqual([]);
  });

  it('says what was wrong: a malformed id is a 400 that says so, a missing row a 404 inside the shell', async () => {
    const malformed = await clients.admin.get('/admin/users/not-a-number');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('That address does not name an account.');
    const missing = await clients.admin.get('/admin/complaints/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(CHROME_MARK.admin);
    expect(missing.body).toContain('No such ticket.');
    // Any other admin address is the same not-found page, in the shell too.
    const nowhere = await clients.admin.get('/admin/no-such-page');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toContain(CHROME_MARK.admin);
    expect(nowhere.body).toContain('There is no admin page at this address.');
  });
});

describe('a fault is not a refusal', () => {
  it('a loader that throws a plain error answers 500 with the error page, in the shell, and is logged', async () => {
    const users = shop.services.adminUsers;
    const detail = users.detail;
    users.detail = async () => {
      throw new TypeError('a bug in the users screen');
    };
    try {
      const res = await clients.admin.get('/admin/users/1');
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('Something went wrong');
      expect(res.body).toContain(CHROME_MARK.admin);
      expect(res.body).not.toContain('a bug in the users screen');
      // Logged as the fault it is, for the operator (ADR 050): not a quiet refusal.
      const logged = logs.lines.find((l) => l.msg === 'error in a loader or action');
      expect(logged?.level).toBe(50);
      expect(JSON.stringify(logged)).toContain('a bug in the users screen');
    } finally {
      users.detail = detail;
    }
  });
});
