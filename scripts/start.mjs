// npm start: build the storefront and the server bundle if missing or older than the source,
// then run the shop in this very process (plain Node: signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const serverBundle = path.join(root, 'build/server-app/main.js');
const pagesBundle = path.join(root, 'build/server/index.js');
const sources = [
  'app',
  'core',
  'server',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build-islands.mjs',
  'package.json',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = [serverBundle, pagesBundle].every((f) => existsSync(f));
const builtAt = built ? Math.min(statSync(serverBundle).mtimeMs, statSync(pagesBundle).mtimeMs) : 0;
if (!built || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the shop…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(serverBundle).href);
