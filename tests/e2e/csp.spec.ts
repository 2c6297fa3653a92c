// The Content-Security-Policy (ADR 018) in real Chromium: every page a shopper or staff member
// meets — home, collections, a product, the cart, checkout with the sandbox card payment and the
// way back, sign-up and the emailed confirmation, the dashboard, the admin sign-in, dashboard and
// mailbox — is used with JavaScript on, still hydrates and works, and the browser reports no
// policy violation (no `securitypolicyviolation` event, no "Content Security Policy" console line).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { type PaystackFake, startPaystackFake } from '#tests/fakes/paystack-fake.ts';
import {
  Mailbox,
  mailboxMessages,
  mailText,
  newShopper,
  signUpAndConfirm,
  uniqueEmail,
} from './accounts-helpers.ts';
import { openPage, setupBrowser } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { freePort } from './free-port.ts';
import {
  type ApiProduct,
  addToCart,
  addToCartButton,
  addToCartStatus,
  checkoutForm,
  fillCheckout,
  lagosDelivery,
  naira,
  PAYMENT,
  pickProduct,
  productUrl,
  waitForPath,
} from './shop-helpers.ts';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample?: string;
}

const violations: Violation[] = [];
const watched = new WeakSet<BrowserContext>();

/** Reports every CSP violation in this browser context's pages (every navigation, every tab). */
async function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
    violations.push(v);
  });
  // Init scripts are injected by the browser itself, not by the page: the policy does not apply.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void })
        .__reportCspViolation;
      report?.({
        page: location.pathname + location.search,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|Refused to (execute|load|apply|connect|frame|send form)/i.test(text)) {
        violations.push({ page: page.url(), directive: 'console', blocked: text });
      }
    });
  for (const page of context.pages()) listen(page);
  context.on('page', listen);
}

/** A browser whose new contexts (the mailbox's own) are watched too. */
function watchedBrowser(browser: () => Browser): () => Browser {
  return () =>
    new Proxy(browser(), {
      get(target, property, receiver) {
        if (property === 'newContext') {
          return async (...args: Parameters<Browser['newContext']>) => {
            const context = await target.newContext(...args);
            await watch(context);
            return context;
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
}

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

describe('Content-Security-Policy in Chromium (JavaScript on)', () => {
  const t = setupBrowser();
  const mailbox = new Mailbox(
    watchedBrowser(() => t.browser),
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());
  beforeEach(async () => {
    violations.length = 0;
    await watch(t.context);
  });
  afterEach(() => {
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });

  it('the response carries the policy and its nonce, and the page works under it', async () => {
    const { page } = t;
    // /auth is rendered for each visitor: a fresh nonce, carried by every inline script.
    const response = await openPage(page, '/auth');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    await hydrated(page);
    // The browser hides nonces from the page's scripts; every inline script ran (hydration did).
    expect(await page.locator('script[nonce]').count()).toBeGreaterThan(0);
    expect(
      await page
        .locator('script:not([src])')
        .evaluateAll((scripts) =>
          scripts.filter((s) => !(s as HTMLScriptElement).nonce).map((s) => s.outerHTML.slice(0, 80)),
        ),
    ).toEqual([]);
  });

  it('a page kept for every anonymous visitor allows its inline blocks by their hashes (ADR 038)', async () => {
    const { page } = t;
    // The home page has no inline script at all: its one script is the islands file (ADR 039).
    await openPage(page, '/');
    const home = await openPage(page, '/');
    expect(home?.headers()['x-page-cache']).toBe('hit');
    const homePolicy = home?.headers()['content-security-policy'] ?? '';
    expect(homePolicy).not.toContain("'nonce-");
    expect(homePolicy).toMatch(/script-src 'self'(;|$| 'sha256-)/);
    await hydrated(page);
    // A product page carries its JSON-LD inline: allowed by hash, the same bytes for everyone.
    const { product } = await pickProduct({ variants: 1, minStock: 1 });
    await openPage(page, productUrl(product));
    const kept = await openPage(page, productUrl(product));
    expect(kept?.headers()['x-page-cache']).toBe('hit');
    const policy = kept?.headers()['content-security-policy'] ?? '';
    expect(policy).not.toContain("'nonce-");
    expect(policy).toContain("'sha256-");
    // The page's scripts ran under the hash policy, with no violation reported (afterEach checks).
    await hydrated(page);
  });

  it('a guest browses, adds to the cart, checks out and pays by card in the sandbox, and comes back', async () => {
    const { page } = t;
    await openPage(page, '/');
    // Collections, then a product through a client-side link.
    await openPage(page, '/collections');
    await page.locator('main a[href^="/collections/"]').first().click();
    await page.waitForURL((url) => /^\/collections\/.+/.test(url.pathname));
    await hydrated(page);

    const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
    const variant = inStock[0]!;
    // The product page's Add to Cart works in place (JavaScript) and the header badge follows.
    await addToCart(page, product, variant, 1, 1);

    await openPage(page, '/cart');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await waitForPath(page, '/checkout');
    await hydrated(page);
    const email = uniqueEmail('csp');
    await fillCheckout(page, lagosDelivery(email));
    const form = checkoutForm(page);
    await form.getByRole('radio', { name: PAYMENT.online }).check();
    await form.locator('button[type="submit"]').click();

    // The sandbox's payment page (where Paystack's would be), then back to the shop.
    await waitForPath(page, /^\/pay\/sandbox\/[^/]+$/);
    await hydrated(page);
    const total = naira(variant.priceKobo);
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await waitForPath(page, '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await hydrated(page);
  });

  it('a shopper signs up, confirms by the emailed link (read in the admin mailbox) and uses the dashboard', async () => {
    const { page } = t;
    await openPage(page, '/auth');
    // The tabs switch in place.
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const shopper = newShopper('csp-account');
    await signUpAndConfirm(page, mailbox, shopper);
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard' && url.searchParams.get('tab') === 'settings',
    );
    // The mailbox showed the email in its sandboxed preview (inline styles allowed, nothing else).
    expect(await mailbox.message(shopper.email, 'Confirm your email address for Crown Hair')).toBeTruthy();
  });

  it('staff sign in to the admin portal and open the dashboard and the mailbox', async () => {
    const { page } = t;
    await openPage(page, '/admin/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await hydrated(page);
    await openPage(page, '/admin/mailbox');
    const first = mailboxMessages(page).first();
    if ((await first.count()) > 0) {
      await first.click();
      await mailText(page).waitFor();
      await page.locator('iframe[title="Email as the customer sees it"]').waitFor();
    }
  });
});

/**
 * A second shop, with Paystack (the local fake standing in for it) instead of the sandbox: the
 * checkout form ends on the provider's hosted page, on another origin, and comes back.
 */
describe.each([
  { javaScriptEnabled: true, label: 'JavaScript on' },
  { javaScriptEnabled: false, label: 'JavaScript off' },
])('Content-Security-Policy with the Paystack redirect ($label)', ({ javaScriptEnabled }) => {
  const shop = { baseUrl: '', child: undefined as ChildProcess | undefined, dataDir: '' };
  let fake: PaystackFake;
  let browser: Browser;

  beforeAll(async () => {
    const secretKey = 'sk_test_csp0000000000000000000000000000';
    fake = await startPaystackFake({ secretKey });
    shop.dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-paystack-'));
    const port = await freePort();
    shop.baseUrl = `http://127.0.0.1:${port}`;
    const log = createWriteStream(path.join(shop.dataDir, 'server.log'));
    shop.child = spawn(
      process.execPath,
      [path.resolve(import.meta.dirname, '../../build/server-app/main.js')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: shop.dataDir,
          DATABASE_URL: '',
          PUBLIC_URL: shop.baseUrl,
          PAYSTACK_SECRET_KEY: secretKey,
          PAYSTACK_BASE_URL: fake.baseUrl,
          ALLOW_LOCAL_MAILBOX: '1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    shop.child.stdout?.pipe(log);
    shop.child.stderr?.pipe(log);
    const deadline = Date.now() + 110_000;
    for (;;) {
      if (shop.child.exitCode !== null)
        throw new Error(`The Paystack shop exited; see ${shop.dataDir}/server.log`);
      if (Date.now() > deadline) throw new Error('The Paystack shop did not start');
      const ok = await fetch(`${shop.baseUrl}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS, headless: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (shop.child && shop.child.exitCode === null) {
      const exited = new Promise((r) => shop.child!.once('exit', r));
      shop.child.kill('SIGTERM');
      await exited;
    }
    await fake?.close();
    if (shop.dataDir) rmSync(shop.dataDir, { recursive: true, force: true });
  });

  it('checkout sends the shopper to the hosted payment page and back, with no policy violation', async () => {
    violations.length = 0;
    const context = await browser.newContext({ baseURL: shop.baseUrl, javaScriptEnabled });
    await watch(context);
    try {
      const page = await context.newPage();
      const products = (await (await fetch(`${shop.baseUrl}/api/v1/products?pageSize=60`)).json()) as {
        items: ApiProduct[];
      };
      const product = products.items.find((p) => p.variants.some((v) => v.stock >= 2))!;
      const variant = product.variants.find((v) => v.stock >= 2)!;
      await page.goto(`/collections/${product.slug}-${product.id}?variant=${variant.id}`);
      if (javaScriptEnabled) await hydrated(page);
      await addToCartButton(page).click();
      if (javaScriptEnabled) {
        await addToCartStatus(page).filter({ hasText: 'added' }).waitFor();
        await page.goto('/checkout');
        await hydrated(page);
      } else {
        await waitForPath(page, '/cart');
        await page.goto('/checkout');
      }
      await fillCheckout(
        page,
        lagosDelivery(uniqueEmail(`csp-paystack-${javaScriptEnabled ? 'js' : 'nojs'}`)),
      );
      const form = checkoutForm(page);
      await form.getByRole('radio', { name: PAYMENT.online }).check();
      await form.locator('button[type="submit"]').click();

      // Paystack's hosted page (another origin: form-action allows the provider).
      await page.waitForURL((url) => url.origin === fake.baseUrl && url.pathname.startsWith('/checkout/'));
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.origin === shop.baseUrl && url.pathname === '/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      if (javaScriptEnabled) await hydrated(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
