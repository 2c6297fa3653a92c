// The project's own promises to whoever clones it (issue 30): a licence, a lockfile that
// `npm install` leaves as it is, and one statement of the Node versions — in package.json's
// `engines`, the README and the container image — that agree with each other.
import { existsSync, readFileSync } from 'node:fs';
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
});
