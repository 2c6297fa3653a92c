// Lint rule of the house: code under app/ (which ships to the browser) never imports server
// code at runtime. Type-only imports are fine; *.server.ts files under app/ may import server code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const IMPORT = /^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm;
const SERVER_SPECIFIER = /^(#server\/|(\.\.\/)+server\/)/;

for (const file of [...walk(path.join(root, 'app')), ...walk(path.join(root, 'core'))]) {
  const relative = path.relative(root, file);
  if (relative.startsWith('app/') && /\.server\.tsx?$/.test(file)) continue;
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const [, typeOnly, specifier] = match;
    if (!specifier || typeOnly) continue;
    if (SERVER_SPECIFIER.test(specifier) || /(^|\/)[^/]+\.server(\.tsx?)?$/.test(specifier)) {
      if (
        (relative.startsWith('app/routes/') || relative === 'app/root.tsx') &&
        /\.server(\.tsx?)?$/.test(specifier)
      )
        continue;
      problems.push(`${relative}: imports server code at runtime from '${specifier}'`);
    }
    if (
      relative.startsWith('core/') &&
      /^(react|react-router|fastify|drizzle-orm|pg|sharp|node:)/.test(specifier)
    ) {
      problems.push(`${relative}: core/ must stay pure TypeScript, but imports '${specifier}'`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Boundary check failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Boundary check passed: no client code imports server code.');
