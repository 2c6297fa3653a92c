// Lint rules of the house about who may import what (ADR 022). Dependencies point one way:
// app (browser) → core; server/ in layers, each importing only its own or lower ones (ADR 094):
// entry → http → services → seed → modules → db → platform → core; a module's repository is private to
// the module; SQL lives only in repositories, server/db and server/seed. Inside app/ (ADR 092):
// components/ui and lib import no feature, features meet only in app/features/shared/, islands use
// lib and core. `npm run lint` runs this file; the rules themselves are a pure function
// (`checkBoundaries`) tested in check-boundaries.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** A source file, its path relative to the project root with forward slashes. */
export interface SourceFile {
  path: string;
  source: string;
}

export interface ImportRef {
  /** As written: `#server/modules/x/x.service.ts`, `../orders/orders.repository.ts`, `drizzle-orm`. */
  specifier: string;
  /** A project file (relative to the root) for project specifiers; null for packages. */
  target: string | null;
  /** `import type`, `export type`, `import('x').T` in a type: erased, never loaded. */
  typeOnly: boolean;
  line: number;
}

export type RuleName =
  | AppRuleName
  | 'client-imports-server'
  | 'core-stays-pure'
  | 'repository-is-private'
  | 'platform-below-modules'
  | 'modules-below-http'
  | 'server-layers-point-down'
  | 'sql-in-repositories';

export interface Problem {
  rule: RuleName;
  file: string;
  line: number;
  specifier: string;
  message: string;
}

/**
 * Breaches the house has agreed to live with for now: each entry names the importing file and what
 * it imports (a project path, or a package name); the checker stays quiet about exactly that pair
 * and nothing else, and warns about entries that no longer match anything. Empty since issue 11
 * closed the last ones; adding an entry needs an ADR saying why and when it goes (ADR 022).
 */
export const KNOWN_BREACHES: readonly { file: string; imports: string; why: string }[] = [];

const ALIASES: Record<string, string> = {
  '#app/': 'app/',
  '#core/': 'core/',
  '#server/': 'server/',
  '#tests/': 'tests/',
};

/** The project file a specifier names (relative to the root), or null for a package. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return path.posix.normalize(folder + specifier.slice(alias.length));
  }
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  }
  return null;
}

/** Every import, re-export, dynamic import() and type import() of a file, from its syntax tree. */
export function importsOf(file: SourceFile): ImportRef[] {
  const sourceFile = ts.createSourceFile(
    file.path,
    file.source,
    ts.ScriptTarget.Latest,
    false,
    file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ImportRef[] = [];
  const add = (literal: ts.Node, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const specifier = literal.text;
    found.push({
      specifier,
      target: resolveSpecifier(file.path, specifier),
      typeOnly,
      line: sourceFile.getLineAndCharacterOfPosition(literal.getStart(sourceFile)).line + 1,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      // With verbatimModuleSyntax, `import { type A } from 'x'` still loads 'x': only
      // `import type …` is erased.
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument) add(argument, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Tests and benchmarks may reach anywhere: they set up and read rows directly. */
function isTooling(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.startsWith('tests/') || file.startsWith('bench/');
}

const MODULE_FILE = /^server\/modules\/([^/]+)\//;
const REPOSITORY = /\.repository\.tsx?$/;
/** Packages that talk SQL: only repositories and server/db may use them. */
const SQL_PACKAGE = /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/;
/** What core/ may not load: frameworks and I/O. */
const IMPURE_PACKAGE =
  /^(react|react-dom|react-router|fastify|@fastify\/|drizzle-orm|pg|@electric-sql\/|sharp|nodemailer|node:)/;
const SERVER_FILE_NAME = /(^|\/)[^/]+\.server(\.tsx?)?$/;

function moduleOf(file: string): string | null {
  return MODULE_FILE.exec(file)?.[1] ?? null;
}

/**
 * The layers of server/, lowest first (ADR 094). A file may import its own layer or one below it,
 * types included; never one above. Every non-test file under server/ belongs to exactly one.
 */
export const SERVER_LAYERS: readonly { name: string; holds: readonly string[] }[] = [
  // Configuration and plumbing every layer may use: env, paths, platform.
  {
    name: 'platform',
    holds: [
      'server/platform/',
      'server/env.ts',
      'server/env-file.ts',
      'server/load-env-file.ts',
      'server/paths.ts',
      'server/shop-address.ts',
    ],
  },
  // The database: client, schema, migrations, locks, backups.
  { name: 'db', holds: ['server/db/'] },
  // The domain modules: services, repositories, ports.
  { name: 'modules', holds: ['server/modules/'] },
  // The sample data and its removal, written as rows through the modules' services and ports.
  { name: 'seed', holds: ['server/seed/'] },
  // The composition root: every service built once, in order; the start-up checks that read it.
  { name: 'services', holds: ['server/services.ts', 'server/services/', 'server/startup-checks.ts'] },
  // HTTP: the app, hooks, SSR bridge and the JSON API's routes.
  { name: 'http', holds: ['server/http/'] },
  // Entry points: the shop's main and the commands.
  { name: 'entry', holds: ['server/main.ts', 'server/cli/'] },
];

/** The index of a server file's layer in SERVER_LAYERS, or -1 outside server/ (or unplaced). */
export function serverLayerOf(file: string): number {
  return SERVER_LAYERS.findIndex((layer) =>
    layer.holds.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place)),
  );
}

/** server/: no import points from a lower layer to a higher one (types included). */
function breakIfLayerRunsUp(
  file: string,
  ref: ImportRef,
  breach: (rule: RuleName, message: string) => void,
): void {
  if (!file.startsWith('server/') || !ref.target?.startsWith('server/')) return;
  const from = serverLayerOf(file);
  if (from < 0) {
    breach('server-layers-point-down', `${file} is in no layer of server/; place it in SERVER_LAYERS`);
    return;
  }
  const to = serverLayerOf(ref.target);
  if (to > from) {
    breach(
      'server-layers-point-down',
      `${SERVER_LAYERS[from]!.name} must not depend on ${SERVER_LAYERS[to]!.name} ('${ref.specifier}'); ` +
        'move the code down, or let the lower layer own a port the higher one fills',
    );
  }
}

function rulesFor(file: string, ref: ImportRef): { rule: RuleName; message: string }[] {
  const { specifier, target, typeOnly } = ref;
  const broken: { rule: RuleName; message: string }[] = [];
  const breach = (rule: RuleName, message: string) => broken.push({ rule, message });

  // 9. Code that ships to the browser never loads server code (types are erased, so they may).
  const clientFile = (file.startsWith('app/') && !SERVER_FILE_NAME.test(file)) || file.startsWith('core/');
  if (clientFile && !typeOnly) {
    const serverTarget = target?.startsWith('server/') || SERVER_FILE_NAME.test(specifier);
    const routeLoadsServerHalf =
      (file.startsWith('app/routes/') || file === 'app/root.tsx') && SERVER_FILE_NAME.test(specifier);
    if (serverTarget && !routeLoadsServerHalf) {
      breach('client-imports-server', `imports server code at runtime from '${specifier}'`);
    }
  }

  // core/ is pure TypeScript shared by both sides: no server, no app, no framework, no I/O.
  if (file.startsWith('core/')) {
    if (target?.startsWith('server/') || target?.startsWith('app/')) {
      breach('core-stays-pure', `core/ must not depend on '${specifier}'`);
    } else if (target === null && !typeOnly && IMPURE_PACKAGE.test(specifier)) {
      breach('core-stays-pure', `core/ must stay pure TypeScript, but imports '${specifier}'`);
    }
  }

  if (isTooling(file)) return broken;

  // A module's repository is private to it: others call its service or a port it exports.
  // Type-only imports count: a row type is the table showing through.
  const owner = target && REPOSITORY.test(target) ? moduleOf(target) : null;
  if (owner && moduleOf(file) !== owner) {
    breach(
      'repository-is-private',
      `imports the ${owner} module's repository ('${specifier}'); use the ${owner} service or a port it exports`,
    );
  }
  if (
    target?.startsWith('server/platform/') &&
    REPOSITORY.test(target) &&
    !file.startsWith('server/platform/')
  ) {
    breach('repository-is-private', `imports a platform repository ('${specifier}'); use its service`);
  }

  // platform → core only: platform declares the ports it needs, modules implement them.
  if (
    file.startsWith('server/platform/') &&
    (target?.startsWith('server/modules/') ||
      target?.startsWith('server/http/') ||
      target === 'server/services.ts')
  ) {
    breach(
      'platform-below-modules',
      `server/platform must not depend on '${specifier}'; declare a port in platform and let the module implement it`,
    );
  }

  // modules sit below http and the wiring: a module never reaches up into http or services.ts
  // (its JSON routes live in server/http/routes/, ADR 094).
  if (
    file.startsWith('server/modules/') &&
    (target?.startsWith('server/http/') || target === 'server/services.ts' || target === 'server/main.ts')
  ) {
    breach('modules-below-http', `a module must not depend on '${specifier}' (http and wiring sit above it)`);
  }

  // The finer direction rules above say it better when they fire; the layers catch the rest.
  if (!broken.some((b) => b.rule === 'platform-below-modules' || b.rule === 'modules-below-http')) {
    breakIfLayerRunsUp(file, ref, breach);
  }

  // SQL lives in repositories (and server/db: client, migrations; server/seed: the sample rows).
  const sqlHome = REPOSITORY.test(file) || file.startsWith('server/db/') || file.startsWith('server/seed/');
  if (!sqlHome) {
    if (target === null && SQL_PACKAGE.test(specifier)) {
      breach('sql-in-repositories', `uses '${specifier}' outside a repository; move the query into one`);
    } else if (target?.startsWith('server/db/schema')) {
      breach(
        'sql-in-repositories',
        `imports database tables ('${specifier}') outside a repository; move the query into one`,
      );
    }
  }
  return broken;
}

// ── The walls inside app/ (ADR 092) ──────────────────────────────────────────────────────────────
// components/ui and lib sit below the features; features meet only in app/features/shared/; the
// islands (the pages' only JavaScript without React, ADR 039) use app/lib, core and their own files.
// Routes, root.tsx, entry.server.tsx and personal-slots.server.tsx compose features and may import them.

type AppRuleName = 'ui-and-lib-below-features' | 'features-meet-in-shared' | 'islands-use-lib-and-core';

const FEATURE_FILE = /^app\/features\/([^/]+)\//;
/** The one folder features share: pieces more than one feature renders. */
const SHARED_FEATURE = 'shared';
/** Packages the islands may load at runtime (each one is first-load JavaScript, ADR 009). */
const ISLAND_PACKAGES = new Set(['isbot']);

function featureOf(file: string): string | null {
  return FEATURE_FILE.exec(file)?.[1] ?? null;
}

function appRulesFor(file: string, ref: ImportRef): { rule: AppRuleName; message: string }[] {
  if (isTooling(file) || !file.startsWith('app/')) return [];
  const { specifier, target, typeOnly } = ref;
  const broken: { rule: AppRuleName; message: string }[] = [];
  const targetFeature = target ? featureOf(target) : null;

  // components/ and lib/ are below every feature and route (types included: a type is a dependency).
  if (
    (file.startsWith('app/components/') || file.startsWith('app/lib/')) &&
    (targetFeature !== null || target?.startsWith('app/routes/'))
  ) {
    broken.push({
      rule: 'ui-and-lib-below-features',
      message: `app/components and app/lib must not depend on '${specifier}'; move what both need down into components/ui or app/lib`,
    });
  }

  // A feature imports its own files and app/features/shared/, never another feature's.
  const feature = featureOf(file);
  if (feature && targetFeature && targetFeature !== feature && targetFeature !== SHARED_FEATURE) {
    broken.push({
      rule: 'features-meet-in-shared',
      message: `the ${feature} feature must not import the ${targetFeature} feature ('${specifier}'); move what both use into app/features/${SHARED_FEATURE}/, components/ui or app/lib`,
    });
  }

  // Islands load their own files, app/lib and core, and only the packages they are allowed.
  if (file.startsWith('app/islands/')) {
    const allowedFile =
      target === null ||
      target.startsWith('app/islands/') ||
      target.startsWith('app/lib/') ||
      target.startsWith('core/');
    const allowedPackage = target !== null || typeOnly || ISLAND_PACKAGES.has(specifier);
    if (!allowedFile || !allowedPackage) {
      broken.push({
        rule: 'islands-use-lib-and-core',
        message: `an island may import only app/islands, app/lib, core and ${[...ISLAND_PACKAGES].join(', ')}, not '${specifier}'; move the shared code into app/lib`,
      });
    }
  }
  return broken;
}

export function checkBoundaries(
  files: readonly SourceFile[],
  known: readonly { file: string; imports: string }[] = KNOWN_BREACHES,
): { problems: Problem[]; unusedKnown: { file: string; imports: string }[] } {
  const problems: Problem[] = [];
  const used = new Set<number>();
  for (const file of files) {
    for (const ref of importsOf(file)) {
      for (const { rule, message } of [...rulesFor(file.path, ref), ...appRulesFor(file.path, ref)]) {
        const knownIndex = known.findIndex(
          (entry) => entry.file === file.path && entry.imports === (ref.target ?? ref.specifier),
        );
        if (knownIndex >= 0) {
          used.add(knownIndex);
          continue;
        }
        problems.push({ rule, file: file.path, line: ref.line, specifier: ref.specifier, message });
      }
    }
  }
  return { problems, unusedKnown: known.filter((_, index) => !used.has(index)) };
}

const SCANNED = ['app', 'core', 'server', 'bench', 'scripts', 'tests'];

function walk(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return walk(root, relative);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** The project's source files, as the checker wants them. */
export function projectFiles(root: string): SourceFile[] {
  return SCANNED.flatMap((dir) => walk(root, dir)).map((file) => ({
    path: file,
    source: readFileSync(path.join(root, file), 'utf8'),
  }));
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const { problems, unusedKnown } = checkBoundaries(projectFiles(root));
  for (const entry of unusedKnown) {
    console.warn(`Boundary check: KNOWN_BREACHES entry no longer needed: ${entry.file} → ${entry.imports}`);
  }
  if (problems.length > 0) {
    console.error(
      `Boundary check failed (ADR 022):\n${problems
        .map((p) => `  ${p.file}:${p.line} [${p.rule}] ${p.message}`)
        .join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Boundary check passed: imports point one way and repositories stay private.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
