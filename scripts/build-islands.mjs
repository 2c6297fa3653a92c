// Builds the storefront's islands (app/islands/main.ts, ADR 039): the small scripts that enhance
// the pages served without React in the browser (home, listings, product and content pages).
// One hashed, minified module in build/client/assets (cached for a year like Vite's files) and
// build/client/islands.json naming it, read by the server at start (server/http/islands.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'build/client/assets');
const result = await build({
  entryPoints: { islands: path.join(root, 'app/islands/main.ts') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'islands-chunk-[hash]',
  outdir,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const [output] = Object.entries(result.metafile.outputs)
  .filter(([, meta]) => meta.entryPoint)
  .map(([file]) => file);
if (!output) throw new Error('the islands build wrote no script');
const href = `/assets/${path.basename(output)}`;
writeFileSync(path.join(root, 'build/client/islands.json'), `${JSON.stringify({ href })}\n`);
