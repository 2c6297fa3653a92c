// Where the islands script lives (ADR 039): the pages served without React in the browser load
// it to enhance themselves. In production the build names its hashed file in
// build/client/islands.json; in development Vite serves the source directly.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DEV_ISLANDS_HREF = '/app/islands/main.ts';

/** The islands script's address for a production build in `clientDir`, or null when it was not built. */
export function islandsHrefIn(clientDir: string): string | null {
  const manifest = path.join(clientDir, 'islands.json');
  if (!existsSync(manifest)) return null;
  const { href } = JSON.parse(readFileSync(manifest, 'utf8')) as { href?: unknown };
  return typeof href === 'string' && href.startsWith('/assets/') ? href : null;
}
