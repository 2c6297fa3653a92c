// The production process loads the production builds of React and React Router (ADR 058). React
// picks its build from NODE_ENV, which server/main.ts settles before anything is loaded; React
// Router's package sends Node to its development build whatever NODE_ENV says, so the built server
// carries React Router's production build inside the pages bundle (vite.config.ts) and takes its
// request handler from there (server/http/ssr.ts): Node must never load React Router from
// node_modules. Checked on the real process (`npm start` without NODE_ENV), which notes every module
// Node resolves and every CommonJS module it ran. `npm run build` must have run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ShopProcess, startShopProcess } from '#tests/helpers/shop-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'shop-production-build-'));
const noted = path.join(folder, 'modules.txt');
const preload = path.join(folder, 'note-modules.mjs');
let shop: ShopProcess | undefined;

afterAll(async () => {
  await shop?.crash();
  rmSync(folder, { recursive: true, force: true });
});

// Loaded before the shop (NODE_OPTIONS=--import): notes each module Node resolves (ES modules; on
// Node ≥ 22.15 CommonJS too) and, at exit, each CommonJS module that ran (React's builds are CommonJS,
// chosen by a require at run time).
writeFileSync(
  preload,
  `import { appendFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
const out = ${JSON.stringify(noted)};
const note = (url) => appendFileSync(out, url + '\\n');
if (typeof module.registerHooks === 'function') {
  module.registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); note(found.url); return found; } });
} else {
  module.register('data:text/javascript,' + encodeURIComponent(
    "import { appendFileSync } from 'node:fs';" +
    "export async function resolve(specifier, context, next) {" +
    "  const found = await next(specifier, context); appendFileSync(" + JSON.stringify(out) + ", found.url + '\\\\n'); return found; }"));
}
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => { for (const [file, loaded] of Object.entries(cache)) if (loaded?.loaded) note('ran:' + file); });
`,
);

describe('the production process', () => {
  it('renders with the production builds of React and React Router, never their development builds', async () => {
    shop = await startShopProcess({
      name: 'production build',
      env: {
        DATA_DIR: path.join(folder, 'data'),
        SEED_ON_START: 'false',
        // As `npm start` without NODE_ENV: server/main.ts settles it to production.
        NODE_ENV: '',
        NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
      },
    });
    for (const url of ['/', '/cart', '/auth']) {
      const res = await fetch(`${shop.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('</html>');
    }
    await shop.stop();
    shop = undefined;

    const lines = readFileSync(noted, 'utf8').split('\n').filter(Boolean);
    const resolved = lines.filter((line) => !line.startsWith('ran:'));
    const ran = lines.filter((line) => line.startsWith('ran:')).map((line) => line.slice(4));
    // Node never loaded React Router (nor @react-router/node, which imports it) from node_modules …
    expect(resolved.filter((url) => /\/node_modules\/(react-router|@react-router)\//.test(url))).toEqual([]);
    // … it rendered with the one the pages bundle carries: React Router's production build.
    expect(resolved).toContain(pathToFileURL(path.join(root, 'build/server/index.js')).href);
    const bundle = readFileSync(path.join(root, 'build/server/index.js'), 'utf8');
    const carries = (build: string) => bundle.includes(`node_modules/react-router/dist/${build}/`);
    expect([carries('production'), carries('development')]).toEqual([true, false]);
    // React and React DOM ran their production builds only.
    const ranFile = (pattern: RegExp) => ran.some((file) => pattern.test(file));
    expect(ranFile(/\/node_modules\/react\/cjs\/react\.production\.js$/)).toBe(true);
    expect(ranFile(/\/node_modules\/react-dom\/cjs\/react-dom-server\.node\.production\.js$/)).toBe(true);
    expect(ran.filter((file) => /\/node_modules\/react(-dom)?\/.*development/.test(file))).toEqual([]);
  }, 120_000);
});
