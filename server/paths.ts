// Where the project lives on disk, whether this code runs from source (tsx) or from the
// bundle in build/server-app (npm start).
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server/db/migrations');
