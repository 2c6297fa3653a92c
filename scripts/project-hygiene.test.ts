// The project's own promises to whoever clones it (issue 30): a licence, a lockfile that
// `npm install` leaves as it is, and one statement of the Node versions — in package.json's
// `engines`, the README and the container image — that agree with each other. And product code
// that carries no test-only attributes: tests find what a shopper or the owner finds (ADR 093);
// and (issue 31) files a person reads in one sitting: no product source file over 400 lines.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const pkg = JSON.parse(read('package.json')) as Manifest;

describe('project hygiene', () => {
  it('is MIT-licensed, in LICENSE and in package.json alike', () => {
    expect(existsSync(path.join(root, 'LICENSE'))).toBe(true);
    const licence = read('LICENSE');
    expect(licence).toMatch(/^MIT License/);
    expect(licence).toMatch(/Copyright \(c\) \d{4} Crown Hair/);
    expect(pkg.license).toBe('MIT');
  });

  it('records package.json in package-lock.json as npm install would (a fresh install changes nothing)', () => {
    // npm copies these fields of package.json into the lockfile's root entry; when they differ,
    // `npm install` rewrites the lockfile and a fresh clone's `git status` is no longer clean.
    // (.ci/run checks the whole file after a real install; this catches the usual slip sooner.)
    const lock = JSON.parse(read('package-lock.json')) as {
      name: string;
      version: string;
      packages: Record<string, Manifest>;
    };
    const rootEntry = lock.packages['']!;
    expect(lock.name).toBe(pkg.name);
    expect(lock.version).toBe(pkg.version);
    for (const field of ['name', 'version', 'license', 'engines', 'dependencies', 'devDependencies'] as const)
      expect(rootEntry[field], field).toEqual(pkg[field]);
  });

  it('states one set of supported Node versions in engines and the README', () => {
    const node = pkg.engines?.node;
    expect(node).toBeDefined();
    expect(read('README.md')).toContain(`\`"node": "${node}"\``);
  });

  it('runs the container on a supported Node, pinned to a major and a Debian release, as the README says', () => {
    const image = read('Dockerfile').match(/^ARG NODE_IMAGE=(node:(\d+)-([a-z]+)-slim)$/m);
    expect(image, 'ARG NODE_IMAGE=node:<major>-<debian release>-slim').not.toBeNull();
    const [, tag, major] = image!;
    // Every alternative of engines.node names its major first (`^22.13.0`).
    const majors = pkg.engines!.node!.split('||').map((range) => range.trim().match(/^\^?(\d+)\./)?.[1]);
    expect(majors).toContain(major);
    expect(read('README.md')).toContain(`\`${tag}\``);
  });

  it('keeps test-only attributes out of the product code in app/ (tests select as shoppers do)', () => {
    const testOnly =
      /\bdata-(testid|test-id|test|cy|qa|pw)\b|\btestId\b|dataset\.(testid|testId|test|cy|qa)\b/;
    const offending: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.(tsx?|mjs|js|css|html)$/.test(entry.name)) {
          read(file)
            .split('\n')
            .forEach((line, i) => {
              if (testOnly.test(line)) offending.push(`${file}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk('app');
    expect(offending).toEqual([]);
  });

  it('has no product source file over 400 lines (issue 31: a file a person reads in one sitting)', () => {
    const over = productSourceFiles()
      .map((file) => ({ file, lines: lineCount(read(file)) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in LONG_FILE_EXCEPTIONS))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `split these along a seam that means something (at most ${MAX_LINES} lines each)`).toEqual(
      [],
    );
  });

  it('lists only files that exist among the long files it lets through', () => {
    const missing = Object.keys(LONG_FILE_EXCEPTIONS).filter((file) => !existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });
});

const MAX_LINES = 400;

/** Where the product's source lives: the pages, the server, the shared core and the scripts. */
const PRODUCT_ROOTS = ['app', 'server', 'core', 'scripts'];

/** Source, not data or assets (JSON, SQL and pictures are not read as code). */
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css)$/;

/**
 * What is not counted, whatever its length:
 * - tests (`*.test.ts`, `*.spec.ts`; `tests/` and `bench/` lie outside the roots above): a test
 *   file reads as a list of cases, one at a time;
 * - type declarations (`*.d.ts`) and anything in a dot-folder (`app/.react-router/`: React Router's
 *   generated route types) or node_modules;
 * - `server/db/migrations/`: generated by drizzle-kit (and custom migrations, fixed once applied).
 */
function counted(file: string): boolean {
  if (!SOURCE_FILE.test(file)) return false;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file.endsWith('.d.ts')) return false;
  return !file.startsWith('server/db/migrations/');
}

/**
 * The long files let through, each with why. Sample data: the demo shop's content, which the seed
 * writes and `sample:remove` takes away (ADR 070); it is read entry by entry, not as one argument.
 */
const LONG_FILE_EXCEPTIONS: Record<string, string> = {
  'server/seed/catalogue.ts': 'sample data: the sample catalogue, products and hero slides as plain data',
  'server/seed/artwork.ts': 'sample data: the sample products’ pictures, drawn as SVG shapes',
  'server/seed/sample-orders.ts': 'sample data: the sample shop’s year of orders, drawn from fixed dice',
};

function productSourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      if (name.startsWith('.') || name === 'node_modules') return [];
      const relative = `${dir}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) return walk(relative);
      return counted(relative) ? [relative] : [];
    });
  return PRODUCT_ROOTS.flatMap(walk);
}

/** Lines as `wc -l` counts them (a last line without its newline still counts). */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
