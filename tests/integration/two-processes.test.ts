// Two real shop processes on one PostgreSQL behave as one shop (issue 16, ADR 051): started
// together on a fresh database they settle it once; a session, a cart and the abuse counters made
// on one are the other's too; an admin's price change through one reaches the other's kept pages at
// once (the cache bus, LISTEN/NOTIFY); checkouts raced across both sell exactly the stock; the mail
// outbox and the background jobs (holds, back-in-stock, abandoned carts, pruning) do each thing
// once, not once per process — every email is counted as it arrives at a real SMTP server; a photo
// uploaded through one is served by the other from the shared media folder.
//
// PGlite is one process by construction: this runs in the PostgreSQL pass of `npm test` only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { formatPrice } from '#core/money.ts';
import { field } from '#core/product-draft.ts';
import { type Database, openDatabase, queryRows } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/accounts.ts';
import { productVariants } from '#server/db/schema/catalog.ts';
import { carts, orderStatusHistory, orders } from '#server/db/schema/commerce.ts';
import { MIGRATIONS_DIR } from '#server/paths.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import {
  HttpClient,
  productFormFields,
  type ShopProcess,
  staffSignIn,
  startShopProcess,
} from '#tests/helpers/shop-process.ts';
import { checkoutForm } from '#tests/helpers/shopping.ts';
import { createScratchDatabase, type ScratchDatabase, usingPostgres } from '#tests/helpers/test-db.ts';

const OWNER = { email: 'owner@crown-two.example', password: 'harmattan morning walk' };

interface Delivered {
  to: string;
  subject: string;
}

/** A real SMTP server on a local port: every message both processes send is counted here. */
async function smtpSink(): Promise<{ port: number; received: Delivered[]; close(): Promise<void> }> {
  const received: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const subject = header.match(/^Subject: (.*)$/im)?.[1] ?? '';
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The price a product page shows for its chosen variant. */
function priceOn(html: string): string | undefined {
  return html.match(/<h1[\s\S]*?<data value="\d+"[^>]*>([^<]+)</)?.[1];
}

let a: ShopProcess;
let b: ShopProcess;
let database: Database;
let mail: Awaited<ReturnType<typeof smtpSink>>;
let scratch: ScratchDatabase | undefined;
let dataDir = '';
let owner: HttpClient;

describe.skipIf(!usingPostgres)(
  'two shop processes on one PostgreSQL (PostgreSQL pass only: PGlite is one process)',
  () => {
    beforeAll(async () => {
      scratch = await createScratchDatabase('shop_two');
      const url = scratch.url;
      dataDir = mkdtempSync(path.join(tmpdir(), 'shop-two-'));
      mail = await smtpSink();
      const env = {
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '8',
        // One media folder for both, as one volume mounted into every container.
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_POLL_MS: '200',
        BACKGROUND_JOBS_EVERY_MS: '250',
        RATE_LIMITS:
          'track:ip=6/15m,checkout:ip=1000,checkout:session=1000,cart:ip=10000,back-in-stock:ip=1000',
      };
      // Started together on an empty database: both want to migrate and create the admin.
      const started = await Promise.allSettled([
        startShopProcess({ name: 'A', env }),
        startShopProcess({ name: 'B', env }),
      ]);
      const [first, second] = started;
      if (first.status === 'fulfilled') a = first.value;
      if (second.status === 'fulfilled') b = second.value;
      // afterAll stops whichever started.
      if (first.status === 'rejected') throw first.reason;
      if (second.status === 'rejected') throw second.reason;
      database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
      owner = await staffSignIn(a, OWNER);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.close();
      await mail?.close();
      await scratch?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    it('started together on an empty database, they migrated it once and made one admin', async () => {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const [applied] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBe(journal.entries.length);
      const admins = await queryRows<{ email: string }>(
        database.db,
        sql`SELECT email FROM users WHERE role = 'admin'`,
      );
      expect(admins.map((r) => r.email)).toEqual([OWNER.email]);
    });

    it('a session made on A works on B, and signing out on A ends it on B', async () => {
      const user = await createUser(database.db);
      const browser = new HttpClient();
      const signIn = await browser.post(a, '/auth', {
        intent: 'signin',
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(signIn.status, signIn.body.slice(0, 300)).toBe(302);
      const onB = await browser.get(b, '/api/v1/account');
      expect(onB.status).toBe(200);
      expect(JSON.parse(onB.body).email).toBe(user.email);

      const stolenCopy = new HttpClient();
      for (const [k, v] of browser.cookies) stolenCopy.cookies.set(k, v);
      expect((await browser.post(a, '/auth/sign-out', {})).status).toBe(302);
      expect((await stolenCopy.get(b, '/api/v1/account')).status).toBe(401);
    });

    it('a cart filled on A is the same cart on B', async () => {
      const product = await createProduct(database.db, { variants: [{ stock: 9 }] });
      const guest = new HttpClient();
      const added = await guest.post(a, '/cart', {
        intent: 'add',
        variantId: String(product.variants[0]!.id),
        quantity: '2',
      });
      expect(added.status, added.body.slice(0, 300)).toBe(302);
      const onB = JSON.parse((await guest.get(b, '/api/v1/cart')).body) as {
        lines: { variantId: number; quantity: number }[];
      };
      expect(onB.lines.map((l) => [l.variantId, l.quantity])).toEqual([[product.variants[0]!.id, 2]]);
    });

    it('the abuse limits are counted once for both: half on A, half on B, then refused on either', async () => {
      const client = new HttpClient();
      for (const shop of [a, a, a, b, b, b])
        expect((await client.get(shop, '/api/v1/orders/CH00000000')).status).toBe(404);
      expect((await client.get(a, '/api/v1/orders/CH00000000')).status).toBe(429);
      expect((await client.get(b, '/api/v1/orders/CH00000000')).status).toBe(429);
    });

    it("an admin's price change through A is on B's kept product page at once", async () => {
      const product = await createProduct(database.db, {
        name: 'Two Process Wig',
        variants: [{ stock: 5, priceKobo: 2_500_000 }],
      });
      const page = productPath(product);
      const visitor = new HttpClient();
      expect((await visitor.get(b, page)).status).toBe(200);
      const kept = await visitor.get(b, page);
      expect(kept.headers.get('x-page-cache')).toBe('hit');
      expect(priceOn(kept.body)).toBe(formatPrice(2_500_000));

      const form = productFormFields((await owner.get(a, `/admin/products/${product.id}`)).body);
      form[field.row(0, 'price')] = '31000';
      const saved = await owner.post(a, `/admin/products/${product.id}`, { ...form, intent: 'save' });
      expect(saved.status, saved.body.slice(0, 300)).toBe(302);

      // The notice travels A → PostgreSQL → B in milliseconds (a few hundred at most on a busy
      // machine running the whole suite); B's answers have the new price from then on.
      const started = Date.now();
      await waitFor(
        "B's page to change",
        async () => priceOn((await visitor.get(b, page)).body) === formatPrice(3_100_000),
        3000,
      );
      // A kept page lives a minute (PAGE_CACHE_MS): only the notice can have changed B's this soon.
      expect(Date.now() - started).toBeLessThan(3000);
    });

    const race = { winners: [] as string[], losers: [] as string[], variantId: 0, productId: 0, path: '' };

    it('checkouts raced across both processes for 4 in stock make exactly 4 orders', async () => {
      const product = await createProduct(database.db, { name: 'Raced Wig', variants: [{ stock: 4 }] });
      race.variantId = product.variants[0]!.id;
      race.productId = product.id;
      race.path = productPath(product);
      const shoppers = Array.from({ length: 10 }, (_, i) => ({
        client: new HttpClient(),
        email: `racer${i}@crown-two.example`,
        shop: i % 2 === 0 ? a : b,
      }));
      for (const s of shoppers)
        expect(
          (
            await s.client.post(s.shop === a ? b : a, '/cart', {
              intent: 'add',
              variantId: String(race.variantId),
            })
          ).status,
        ).toBe(302);
      const answers = await Promise.all(
        shoppers.map((s) =>
          s.client.post(
            s.shop,
            '/checkout',
            checkoutForm({ email: s.email, paymentMethod: 'pay_on_delivery' }),
          ),
        ),
      );
      answers.forEach((res, i) => {
        const placed = res.status === 302 && (res.location ?? '').startsWith('/payment-success');
        (placed ? race.winners : race.losers).push(shoppers[i]!.email);
      });
      expect(race.winners).toHaveLength(4);
      const sold = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.email, race.winners));
      expect(sold).toHaveLength(4);
      const [variant] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, race.variantId));
      expect(variant!.stock).toBe(0);
    });

    it('the outbox and the background jobs do each thing once, not once per process', async () => {
      // Someone waits for the sold-out wig (asked on B).
      const waiting = new HttpClient();
      const asked = await waiting.post(b, `${race.path}?variant=${race.variantId}`, {
        intent: 'back-in-stock',
        variantId: String(race.variantId),
        email: 'waiting@crown-two.example',
      });
      expect(asked.status, asked.body.slice(0, 300)).toBe(200);
      // The losers' carts have waited a day: each is due its one reminder.
      await database.db
        .update(carts)
        .set({ updatedAt: sql`now() - interval '25 hours'` })
        .where(inArray(carts.email, race.losers));
      // A session ran out: pruning removes it.
      const sleeper = await createUser(database.db);
      const sleeperBrowser = new HttpClient();
      await sleeperBrowser.post(b, '/auth', {
        intent: 'signin',
        email: sleeper.email,
        password: TEST_PASSWORD,
      });
      await database.db
        .update(sessions)
        .set({
          idleExpiresAt: sql`now() - interval '1 minute'`,
          absoluteExpiresAt: sql`now() - interval '1 minute'`,
        })
        .where(eq(sessions.userId, sleeper.id));
      // The winners' pay-on-delivery holds run out: the orders end and the stock comes back.
      await database.db
        .update(orders)
        .set({ reservedUntil: sql`now() - interval '1 minute'` })
        .where(inArray(orders.email, race.winners));

      const count = (to: string, subject: RegExp) =>
        mail.received.filter((m) => m.to === to && subject.test(m.subject)).length;
      const expected = () =>
        race.winners.every(
          (to) => count(to, /placed: pay on delivery/) >= 1 && count(to, /has been cancelled$/) >= 1,
        ) &&
        race.losers.every((to) => count(to, /You left something/) >= 1) &&
        count('waiting@crown-two.example', /back in stock/) >= 1;
      await waitFor('every email', expected, 20_000);
      // Let both processes tick several more times: nothing is sent again.
      await new Promise((r) => setTimeout(r, 1500));

      for (const to of race.winners) {
        expect(
          mail.received.filter((m) => m.to === to).map((m) => m.subject.replace(/CH\w+/, 'CH…')),
        ).toEqual(['Order CH… placed: pay on delivery', 'Your Crown Hair order CH… has been cancelled']);
      }
      for (const to of race.losers)
        expect(mail.received.filter((m) => m.to === to).map((m) => m.subject)).toEqual([
          'You left something in your Crown Hair cart',
        ]);
      expect(mail.received.filter((m) => m.to === 'waiting@crown-two.example')).toHaveLength(1);

      const ended = await database.db
        .select({ orderId: orderStatusHistory.orderId })
        .from(orderStatusHistory)
        .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
        .where(and(inArray(orders.email, race.winners), eq(orderStatusHistory.status, 'cancelled')));
      expect(ended).toHaveLength(4);
      const [variant] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, race.variantId));
      expect(variant!.stock).toBe(4);
      expect(await database.db.select().from(sessions).where(eq(sessions.userId, sleeper.id))).toEqual([]);
    }, 40_000);

    it('a photo uploaded through A is served by B from the shared media folder', async () => {
      const upload = await owner.postBytes(
        a,
        '/api/v1/admin/media?alt=Shared',
        await jpegPhoto(),
        'image/jpeg',
      );
      expect(upload.status, upload.body.slice(0, 300)).toBe(201);
      const { id } = JSON.parse(upload.body) as { id: string };
      const onB = await fetch(`${b.url}/media/${id}/320.webp`);
      expect(onB.status).toBe(200);
      expect(onB.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await onB.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      // A serves the rendition B made (one store), byte for byte.
      const onA = Buffer.from(await (await fetch(`${a.url}/media/${id}/320.webp`)).arrayBuffer());
      expect(onA.equals(bytes)).toBe(true);
    });
  },
);
