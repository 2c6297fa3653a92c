// Bad input (issue 16, ADR 048): a quick pass of the property-based fuzzer over every /api/v1
// operation of the OpenAPI document and every POST form the pages render, as a guest, a shopper
// and an admin; then the database's invariants. The seed is random unless FUZZ_SEED is set, and
// is printed on a failure: `FUZZ_SEED=<seed> npx vitest run tests/integration/fuzz.test.ts`, or
// `FUZZ_SEED=<seed> npm run fuzz` for the long pass. Each bug the fuzzer found is pinned first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '#core/contract/errors.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import {
  edgeUnits,
  type FuzzWorld,
  formatReport,
  prepareWorld,
  runFuzz,
  unlimitedRateLimits,
} from '#tests/helpers/fuzz.ts';
import { checkIntegrity } from '#tests/helpers/integrity.ts';
import { COVERAGE_EXCLUSIONS, coverageUnits, rolesFor, uncoveredRoutes } from '#tests/helpers/route-table.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The sweep (every route-and-role, every route's edge probes) and 200 drawn requests, unless set. */
const requestsFor = (world: FuzzWorld) =>
  Number(process.env.FUZZ_REQUESTS ?? world.coverage.units.length + edgeUnits(world.edges).length + 200);

let shop: TestShop;
let world: FuzzWorld;
beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { rateLimits: unlimitedRateLimits() } });
  world = await prepareWorld(shop);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** The one error body of the API, with the request's id. */
function expectErrorBody(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  const body = ErrorBodySchema.parse(res.json());
  expect(body.requestId).toBe(res.headers['x-request-id']);
  return body;
}

const cookieOf = (role: 'guest' | 'shopper' | 'admin') =>
  [...world.clients[role].cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('the bugs the fuzzer found stay fixed', () => {
  it('refuses a page POST that is not a form with a 4xx, not a 500 from the action', async () => {
    const cases: [Record<string, string>, string, number][] = [
      [{ 'content-type': 'application/json' }, '{"intent":"add","variantId":1}', 415],
      [{ 'content-type': 'text/plain' }, 'intent=add&variantId=1', 415],
      [{}, 'intent=add&variantId=1', 415],
      [{ 'content-type': 'multipart/form-data' }, 'intent=add', 415],
      [
        { 'content-type': 'multipart/form-data; boundary=b' },
        '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
        400,
      ],
    ];
    for (const [headers, payload, status] of cases) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/cart',
        payload,
        headers: { ...headers, cookie: cookieOf('shopper') },
      });
      expect(res.statusCode, `${JSON.stringify(headers)} ${payload}`).toBe(status);
    }
    // A proper form still reaches the action.
    const fine = await world.clients.shopper.post('/cart', { intent: 'clear' });
    expect(fine.statusCode).toBeLessThan(400);
  });

  it('refuses text holding a NUL (PostgreSQL text cannot store it) before it reaches a query', async () => {
    const order = await createOrder(shop);
    const path = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/%00/status',
      payload: { status: 'confirmed' },
      headers: { cookie: cookieOf('admin') },
    });
    expect(expectErrorBody(path, 400).message).toMatch(/NUL/);
    const body = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.trackingNumber}/status`,
      payload: { status: 'confirmed', note: 'a\u0000b' },
      headers: { cookie: cookieOf('admin') },
    });
    expectErrorBody(body, 400);
    const media = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media?alt=a%00b',
      payload: Buffer.from('GIF89a'),
      headers: { cookie: cookieOf('admin'), 'content-type': 'image/gif' },
    });
    expectErrorBody(media, 400);
    const form = await world.clients.admin.post('/admin/settings/pages/returns', {
      intent: 'save',
      title: 'a\u0000b',
      intro: 'x',
      body: 'y',
    });
    expect(form.statusCode).toBe(400);
    // The order did not move.
    const tracked = await shop.app.inject({
      url: `/api/v1/orders/${order.trackingNumber}`,
      headers: { cookie: cookieOf('admin') },
    });
    expect(tracked.json()).toMatchObject({ status: order.order.status });
  });

  it('answers an address the router cannot decode with the one error body', async () => {
    const res = await shop.app.inject('/api/v1/products/%');
    expect(expectErrorBody(res, 400).error).toBe('bad_url');
  });

  it('treats ids beyond the integer column as no such row, not a database error', async () => {
    const tooBig = 2 ** 31;
    const cartLine = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cart/lines',
      payload: { variantId: tooBig },
    });
    expect(expectErrorBody(cartLine, 400).fieldErrors).toHaveProperty('variantId');
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff/9007199254740967/two-factor/reset',
      headers: { cookie: cookieOf('admin') },
    });
    expectErrorBody(reset, 404);
    const setQuantity = await world.clients.guest.post('/cart', {
      intent: 'set',
      variantId: '8857520808906728',
      quantity: '2',
    });
    expect(setQuantity.statusCode).toBe(400);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 0 }] });
    const backInStock = await world.clients.shopper.post(`/collections/${product.slug}-${product.id}`, {
      intent: 'back-in-stock',
      variantId: String(tooBig),
    });
    expect(backInStock.statusCode).toBe(400);
    for (const intent of ['delete', 'toggle']) {
      const res = await world.clients.admin.post('/admin/discounts', {
        intent,
        id: '8508898104847124',
        active: 'true',
      });
      expect(res.statusCode, intent).toBe(404);
    }
    // The discount dialog's product picker with an id no product can have: shown, not a 500.
    const picker = await world.clients.admin.post('/admin/discounts', {
      intent: 'find-products',
      productIds: '-45',
    });
    expect(picker.statusCode).toBe(200);
  });
});

describe('the bugs the fuzzer found in addresses, hosts and paging stay fixed (issue 29)', () => {
  it('sends an address with an empty first segment to the same address with one slash, never a 500', async () => {
    const cases: [string, string][] = [
      ['//', '/'],
      ['//a:b', '/a:b'],
      ['//a:b?page=2', '/a:b?page=2'],
      // Never a protocol-relative Location: that would send the visitor to another site.
      ['///evil.example/x', '/evil.example/x'],
      ['//collections', '/collections'],
      ['//api/v1/products', '/api/v1/products'],
    ];
    for (const [url, location] of cases) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // A form sent there is not followed (its method would change): the page is not found.
    const post = await world.clients.guest.post('//a:b', { email: 'x@example.ng' });
    expect(post.statusCode).toBe(404);
  });

  it('renders pages whatever the Host header holds', async () => {
    const hosts = [
      'a b',
      '[::1',
      'shop.test:99999',
      'shop.test:abc',
      '',
      ' ',
      'user@evil.example',
      'x'.repeat(300),
    ];
    for (const [i, host] of hosts.entries()) {
      // A page rendered for this request (not one kept for everyone), and a form sent to one.
      const res = await shop.app.inject({ url: `/collections?host=${i}`, headers: { host } });
      expect(res.statusCode, JSON.stringify(host)).toBeLessThan(500);
      const form = await world.clients.guest.post(
        '/newsletter',
        { email: 'not an email' },
        { headers: { host } },
      );
      expect(form.statusCode, JSON.stringify(host)).toBeLessThan(500);
    }
  });

  it('shows the mailbox, page and API, for a page number past any the database takes', async () => {
    for (const page of ['99999999999999999999', '2147483648', '9007199254740993', '-5', '1e21', 'abc']) {
      const html = await world.clients.admin.get(`/admin/mailbox?page=${page}`);
      expect(html.statusCode, page).toBe(200);
      const json = await shop.app.inject({
        url: `/api/v1/admin/mailbox?page=${page}`,
        headers: { cookie: cookieOf('admin') },
      });
      expect(json.statusCode, page).toBe(200);
      // Past the end: an empty page (the last the table could ever fill); not a number: the first.
      const { items, page: shown } = json.json() as { items: unknown[]; page: number };
      if (page.length > 8) expect(items, page).toEqual([]);
      else expect(shown, page).toBe(1);
    }
  });
});

describe('what the integrity check found', () => {
  it('gives a promo use back once when an admin corrects a cancelled order to payment failed', async () => {
    const code = `ONCE${Date.now() % 100_000}`;
    await createPromoCode(shop.database.db, { code });
    const admin = { id: world.users.admin.id, role: 'admin' as const };
    await createOrder(shop, { promoCode: code, email: 'keeps@example.ng', paymentMethod: 'bank_transfer' });
    const ended = await createOrder(shop, {
      promoCode: code,
      email: 'ends@example.ng',
      paymentMethod: 'bank_transfer',
      status: 'cancelled',
      actor: admin,
    });
    await shop.services.orders.setStatus(
      ended.trackingNumber,
      { status: 'payment_failed', note: 'It was the payment that failed.', correction: true },
      admin,
    );
    const problems = await checkIntegrity(shop.database.db);
    expect(problems.filter((p) => p.includes(code))).toEqual([]);
  });
});

describe('the bugs the fuzzer found in the loaders stay fixed', () => {
  it('answers a price filter past the price column with a 400, not a failed query', async () => {
    const res = await shop.app.inject('/api/v1/products?minPrice=100000000&sort=popular');
    expect(expectErrorBody(res, 400).fieldErrors).toHaveProperty('minPrice');
    // The largest filter that fits still lists (nothing that dear).
    const fits = await shop.app.inject('/api/v1/products?minPrice=21474836');
    expect(fits.statusCode).toBe(200);
    const page = await world.clients.guest.get('/collections?minPrice=100000000');
    expect(page.statusCode).toBe(200);
  });

  it('shows the admin lists for a search longer than they take, instead of failing', async () => {
    const long = encodeURIComponent('ẞ'.repeat(150));
    for (const list of ['/admin/complaints', '/admin/reviews', '/admin/users']) {
      const res = await world.clients.admin.get(`${list}?q=${long}`);
      expect(res.statusCode, list).toBe(200);
    }
  });
});

describe('the shop under drawn bad input', () => {
  it('answers every drawn request without a 5xx, refusing in the one error shape, and keeps its invariants', async () => {
    expect(world.api.length).toBeGreaterThanOrEqual(17);
    // The crawl found the forms of the storefront, the account and the admin.
    const roles = new Set(world.forms.map((f) => f.role));
    expect([...roles].sort()).toEqual(['admin', 'guest', 'shopper']);
    expect(world.forms.length).toBeGreaterThan(60);

    const REQUESTS = requestsFor(world);
    const report = await runFuzz(world, { seed: SEED, requests: REQUESTS });
    const summary = `seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/integration/fuzz.test.ts)\n${formatReport(report)}`;
    expect(report.problems, summary).toEqual([]);
    expect(report.integrity, summary).toEqual([]);
    expect(report.sent).toBe(REQUESTS);
    // The handlers behind the checks were reached, not only refused at the door.
    expect(report.byClass['2xx'] ?? 0, summary).toBeGreaterThan(REQUESTS / 20);
    const apiRoutes = new Set(
      Object.keys(report.byRoute)
        .map((r) => r.slice(8))
        .filter((r) => r.includes('/api/v1/')),
    );
    expect(apiRoutes.size, summary).toBeGreaterThanOrEqual(world.api.length - 2);

    // Every route of the route table that changes something was sent at least one same-site
    // request by each role that matters: a new action or server route nobody fuzzes fails here.
    const uncovered = uncoveredRoutes(world.coverage.units, Object.keys(report.reached));
    expect(
      uncovered,
      `${summary}\nNever sent a request (give the crawl a page that shows its form, or teach route-table.ts its fields):`,
    ).toEqual([]);
    // Every route, pages and server routes with GET ones, had its address bent (with an odd Host)
    // and, if it answers GET, its paging pushed past any column and made odd (issue 29).
    const unsent = edgeUnits(world.edges).filter((unit) => !report.edges[unit]);
    expect(unsent, `${summary}\nEdge probes never sent (FUZZ_REQUESTS below the sweep?):`).toEqual([]);
  }, 240_000);
});

describe('the route table the fuzzer covers', () => {
  it('is read from the shop itself: every page action and every non-GET server route', () => {
    const actions = world.coverage.actions.map((a) => a.id);
    // Pages with forms of each kind: storefront, account, admin; and a route without a page form.
    expect(actions).toEqual(
      expect.arrayContaining([
        'routes/cart',
        'routes/dashboard',
        'routes/admin.orders.$trackingNumber',
        'routes/admin.mail',
        'routes/pay.sandbox.$reference',
      ]),
    );
    // A page without an action is not in it.
    expect(actions).not.toContain('routes/collections');
    expect(world.coverage.serverRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/cart/lines',
        'POST /api/webhooks/:provider',
        'POST /api/v1/admin/media',
      ]),
    );
    expect(world.coverage.serverRoutes.every((r) => !r.startsWith('GET '))).toBe(true);
  });

  it('holds every route for the edge probes: pages and server routes, GET ones too', () => {
    const routes = world.edges.map((t) => `${t.route} as ${t.role}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /admin/mailbox as admin',
        'GET /api/v1/admin/mailbox as admin',
        'GET /collections/:slug as shopper',
        'GET /api/v1/products as shopper',
        'POST /api/webhooks/:provider as guest',
        'GET /* as shopper',
      ]),
    );
    // Their addresses are real ones: no parameter left unfilled.
    expect(world.edges.filter((t) => /\/:|\*/.test(t.path))).toEqual([]);
    expect(edgeUnits(world.edges)).toEqual(
      expect.arrayContaining([
        'huge paging GET /admin/mailbox as admin',
        'address POST /api/v1/cart/lines as shopper',
      ]),
    );
  });

  it('names a route nobody sent a request to', () => {
    const newRoute = { id: 'routes/gift-cards', path: '/gift-cards', file: 'app/routes/gift-cards.tsx' };
    const units = coverageUnits([...world.coverage.actions, newRoute], ['DELETE /api/v1/cart/lines/:id']);
    const reached = world.coverage.units.map((u) => `${u.route} as ${u.role}`);
    expect(uncoveredRoutes(units, reached)).toEqual([
      'routes/gift-cards as guest',
      'routes/gift-cards as shopper',
      'DELETE /api/v1/cart/lines/:id as guest',
      'DELETE /api/v1/cart/lines/:id as shopper',
    ]);
    expect(rolesFor('/admin/discounts')).toEqual(['admin']);
  });

  it('leaves out only routes that still exist, each for a stated reason', () => {
    const existing = new Set([...world.coverage.actions.map((a) => a.id), ...world.coverage.serverRoutes]);
    for (const exclusion of COVERAGE_EXCLUSIONS) {
      expect(existing.has(exclusion.route), `${exclusion.route} is excluded but gone`).toBe(true);
      // Only a role the route would otherwise need is left out, and others still cover it.
      expect(rolesFor(world.coverage.actions.find((a) => a.id === exclusion.route)?.path ?? '')).toContain(
        exclusion.role,
      );
      expect(exclusion.why.length).toBeGreaterThan(10);
    }
  });
});

describe('checkIntegrity', () => {
  it('names what is broken: a promo count that drifted, an order without history, an orphan line', async () => {
    const own = await createTestShop();
    try {
      const db = own.database.db;
      const promo = await createPromoCode(db, { code: 'DRIFT5' });
      const order = await createOrder(own, { promoCode: 'DRIFT5' });
      expect(await checkIntegrity(db)).toEqual([]);

      await db.execute(sql`UPDATE discounts SET used_count = used_count + 1 WHERE id = ${promo.id}`);
      await db.execute(sql`DELETE FROM order_status_history WHERE order_id = ${order.order.id}`);
      // An orphan can only appear where a foreign key went missing: take it away, as a bad
      // migration would.
      await db.execute(sql`ALTER TABLE cart_lines DROP CONSTRAINT IF EXISTS cart_lines_cart_id_carts_id_fk`);
      const variant = (await createProduct(db)).variants[0]!;
      await db.execute(
        sql`INSERT INTO cart_lines (cart_id, variant_id, quantity, seen_price_kobo) VALUES (999999, ${variant.id}, 1, 100)`,
      );
      const problems = await checkIntegrity(db);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/use count.*DRIFT5: used_count 2 but 1 redemptions/),
          expect.stringMatching(new RegExp(`order ${order.trackingNumber} .* no status history`)),
          expect.stringMatching(
            /no cart_lines row points at a missing carts row: cart_lines.cart_id = 999999/,
          ),
        ]),
      );
      expect(problems).toHaveLength(3);
    } finally {
      await own.close();
    }
  });
});
