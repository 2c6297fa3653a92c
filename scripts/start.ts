// npm start: build the pages if the build is missing or older than the source, then run the shop.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildMarker = path.join(root, 'build/server/index.js');
const sources = ['app', 'core', 'public', 'vite.config.ts', 'react-router.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const stale =
  !existsSync(buildMarker) || Math.max(...sources.map(newestMtime)) > statSync(buildMarker).mtimeMs;
if (stale) {
  console.log('Building the storefront…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/http/server.ts');
