// Route files are named after their URL, in React Router's flat-routes scheme (ADR 092): one `.`
// per URL segment, `$param` for a parameter, `_index` for an index route, `$` for a splat, `[.]`
// for a dot inside a segment. app/routes.ts stays an explicit list; this test derives each entry's
// file name from its path and fails on a mismatch, so a file can be found from its URL.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from './routes.ts';

/** The file name (without extension) a route at these URL segments must have. */
function flatRouteName(segments: readonly string[], isIndex: boolean): string {
  const parts = segments.map((segment) => {
    if (segment === '*') return '$';
    if (segment.startsWith(':')) return `$${segment.slice(1)}`;
    return segment.replaceAll('.', '[.]');
  });
  if (isIndex) parts.push('_index');
  return parts.join('.');
}

/** Every route of the table: its file, and the file name its full path asks for. */
function expectations(
  entries: readonly RouteConfigEntry[],
  parent: readonly string[] = [],
): { path: string; file: string; expected: string }[] {
  return entries.flatMap((entry) => {
    const segments = [...parent, ...(entry.path ? entry.path.split('/').filter(Boolean) : [])];
    const own = {
      path: `/${segments.join('/')}`,
      file: entry.file,
      expected: flatRouteName(segments, entry.index === true),
    };
    return [own, ...expectations(entry.children ?? [], segments)];
  });
}

const table = expectations(routes);

describe('route files are named after their URL', () => {
  it('spells the flat-routes scheme', () => {
    expect(flatRouteName([], true)).toBe('_index');
    expect(flatRouteName(['collections', ':slug'], false)).toBe('collections.$slug');
    expect(flatRouteName(['admin'], true)).toBe('admin._index');
    expect(flatRouteName(['admin', '*'], false)).toBe('admin.$');
    expect(flatRouteName(['*'], false)).toBe('$');
    expect(flatRouteName(['admin', 'orders.csv'], false)).toBe('admin.orders[.]csv');
    expect(flatRouteName(['admin', 'staff', ':id', 'reset-two-factor'], false)).toBe(
      'admin.staff.$id.reset-two-factor',
    );
  });

  it.each(table)('$path is routes/$expected', ({ file, expected }) => {
    expect(file).toMatch(/^routes\/[^/]+\.tsx?$/);
    expect(path.posix.basename(file).replace(/\.tsx?$/, '')).toBe(expected);
  });

  it('has no route file the table does not name, and no two routes in one file', () => {
    const named = table.map((entry) => entry.file);
    expect(new Set(named).size).toBe(named.length);
    const onDisk = readdirSync(path.join(import.meta.dirname, 'routes'))
      .filter((name) => /\.tsx?$/.test(name) && !/\.(server|test)\.tsx?$/.test(name))
      .map((name) => `routes/${name}`);
    expect(onDisk.sort()).toEqual([...named].sort());
  });
});
