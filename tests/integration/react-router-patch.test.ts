// The leash on patches/react-router+7.18.4.patch (ADR 058): fails as soon as the patch stops taking
// effect in the server the shop ships (the built pages bundle, which carries React Router's
// production build), whether a React Router upgrade, a re-derived patch or a build change lost it.
// - Route tree once: React Router's `ServerRouter` built its routes from every route module of the
//   build on every render (`createServerRoutes`, then `createStaticRouter`'s data routes). Patched,
//   the tree is made by the first render and kept; a later render reads only its own routes' modules.
// - Loader data encoded lazily: React Router encoded every document's loader data for the browser
//   (turbo-stream) before the page rendered, though only `<Scripts>` sends it. Patched, a page
//   without `<Scripts>` (ADR 039, 046) never encodes it; a hydrated page still does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, loadServerBuild, type TestShop } from '#tests/helpers/test-app.ts';

/** Which route modules were read from, by route id (reset before each render measured). */
const moduleReads = new Map<string, number>();
/** The props each route's page component was last rendered with, by route id. */
const lastProps = new Map<string, unknown>();
/** Each route's page component, wrapped once (the same function every time it is read). */
const pageComponents = new Map<string, (props: object) => unknown>();
/** How many times something read the root loader's data through and through, as an encoder does. */
let rootDataWalked = 0;
const LEASH_KEY = '__reactRouterPatchLeash';

/** Root loader data with one more key, whose getter counts the reads: only a walk over every key reads it. */
function marked(result: unknown): unknown {
  const target =
    result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit'
      ? (result as { data: unknown }).data
      : result;
  if (target && typeof target === 'object' && !(target instanceof Response)) {
    Object.defineProperty(target, LEASH_KEY, {
      enumerable: true,
      configurable: true,
      get() {
        rootDataWalked += 1;
        return 'leash';
      },
    });
  }
  return result;
}

let shop: TestShop;
let pageRouteIds: { cart: string; auth: string };

beforeAll(async () => {
  // The very build the test shop renders with (one module instance per test file): each route
  // module is watched, and the root loader's data carries the counting key.
  const build = await loadServerBuild();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module as unknown as Record<PropertyKey, unknown>;
    route.module = new Proxy(module, {
      get(target, key) {
        moduleReads.set(id, (moduleReads.get(id) ?? 0) + 1);
        const value = Reflect.get(target, key);
        if (id === 'root' && key === 'loader' && typeof value === 'function') {
          return async (...args: unknown[]) => marked(await (value as (...a: unknown[]) => unknown)(...args));
        }
        if (id !== 'root' && key === 'default' && typeof value === 'function') {
          // React Router makes each route's element from its component when it converts the routes
          // to data routes; the props a page is rendered with are that element's.
          let page = pageComponents.get(id);
          if (!page) {
            page = (props: object) => {
              lastProps.set(id, props);
              return (value as (props: object) => unknown)(props);
            };
            pageComponents.set(id, page);
          }
          return page;
        }
        return value;
      },
    }) as unknown as typeof route.module;
  }
  const idOf = (path: string) => {
    const found = Object.values(build.routes).find((route) => route?.path === path);
    if (!found) throw new Error(`no route for /${path}`);
    return found.id;
  };
  pageRouteIds = { cart: idOf('cart'), auth: idOf('auth') };
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop?.close();
});

/** Renders a page for a new visitor and says which route modules the render read from. */
async function render(url: string) {
  moduleReads.clear();
  rootDataWalked = 0;
  const res = await new TestClient(shop.app).get(url);
  expect(res.statusCode).toBe(200);
  // Rendered now, not served from the page cache (ADR 038).
  expect(res.headers['x-page-cache']).toBeUndefined();
  expect(res.headers['server-timing']).toMatch(/^render;dur=/);
  return {
    body: res.body,
    modulesRead: new Set(moduleReads.keys()),
    rootDataWalked,
    lastProps: new Map(lastProps),
  };
}

describe('the React Router patch (ADR 058) still takes effect in the built server', () => {
  it('two renders build the route tree once: the second reads only its own routes’ modules, and renders the same elements', async () => {
    const routeCount = Object.keys((await loadServerBuild()).routes).length;
    const first = await render('/cart');
    // The first render of the process built the tree from every route module of the build.
    expect(first.modulesRead.size).toBe(routeCount);
    const second = await render('/cart');
    expect([...second.modulesRead].sort()).toEqual(['root', pageRouteIds.cart].sort());
    // … and converted them to data routes once: the page's element, so its props, are the same.
    expect(first.lastProps.get(pageRouteIds.cart)).toBeDefined();
    expect(second.lastProps.get(pageRouteIds.cart)).toBe(first.lastProps.get(pageRouteIds.cart));
    // Another page, too: the tree is the build's, not the page's.
    const other = await render('/auth');
    expect([...other.modulesRead].sort()).toEqual(['root', pageRouteIds.auth].sort());
    expect(second.body).toContain('</html>');
  });

  it('a page without <Scripts> never encodes its loader data; a hydrated page still does', async () => {
    const staticPage = await render('/cart');
    expect(staticPage.body).not.toContain('__reactRouterContext');
    expect(staticPage.rootDataWalked).toBe(0);

    // The control: the same root data on a hydrated page is encoded and sent, counting key and all.
    const hydrated = await render('/auth');
    expect(hydrated.body).toContain('__reactRouterContext');
    expect(hydrated.rootDataWalked).toBeGreaterThan(0);
    expect(hydrated.body).toContain(LEASH_KEY);
  });
});
