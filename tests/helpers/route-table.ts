// The routes that change things, read from the shop's own route tables (ADR 048): every page route
// whose module exports an `action` (from the React Router build the server renders with) and every
// non-GET route the Fastify server registered. The fuzzer must send each of them at least one
// request, by each role that matters; `uncoveredRoutes` names the ones it missed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { matchRoutes, type ServerBuild } from 'react-router';
import { z } from 'zod';

export type Role = 'guest' | 'shopper' | 'admin';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A page route with an action: its id in the build, its full path and its module's source file. */
export interface ActionRoute {
  id: string;
  /** `/admin/orders/:trackingNumber` */
  path: string;
  file: string;
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children: RouteNode[];
}

/** The build's routes as the tree React Router matches against. */
export function pageRouteTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(build.routes)) {
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/** The id of the route a page address reaches (the deepest match: its action is the one run). */
export function pageRouteOf(tree: RouteNode[], pathname: string): string | null {
  try {
    return matchRoutes(tree as never, pathname)?.at(-1)?.route.id ?? null;
  } catch {
    return null;
  }
}

/** A route's full path in the build, joined from its parents: `/admin/orders/:trackingNumber`. */
function fullPathIn(build: ServerBuild, id: string): string {
  const route = build.routes[id]!;
  const own = route.path ?? '';
  const parent = route.parentId ? fullPathIn(build, route.parentId) : '';
  return own ? `${parent.replace(/\/$/, '')}/${own}` : parent || '/';
}

/**
 * Every page address the build answers, once each (issue 29): a route's full path, by the id of the
 * deepest route at that path. What the fuzzer bends and pages through, whether or not it has a form.
 */
export function pagePaths(build: ServerBuild): { id: string; path: string }[] {
  const byPath = new Map<string, string>();
  for (const route of Object.values(build.routes)) {
    if (route) byPath.set(fullPathIn(build, route.id), route.id);
  }
  return [...byPath].map(([path, id]) => ({ id, path })).sort((a, b) => a.path.localeCompare(b.path));
}

/** Every page route whose module exports an action, with its full path. */
export function actionRoutes(build: ServerBuild): ActionRoute[] {
  const fullPath = (id: string) => fullPathIn(build, id);
  const routes: ActionRoute[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route || typeof route.module.action !== 'function') continue;
    const base = path.join(ROOT, 'app', route.id);
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!file) throw new Error(`The module of route ${route.id} was not found next to app/${route.id}.`);
    routes.push({ id: route.id, path: fullPath(route.id), file });
  }
  return routes;
}

/**
 * Every non-GET route the server registered, as `METHOD url` (Fastify's `:param` style). The pages'
 * catch-all (`/*`, every method) is left out: what it reaches are the page actions above.
 */
export function serverWriteRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  for (const { method, url } of app.routeTable) {
    if (method === 'GET' || method === 'HEAD' || url === '/*') continue;
    routes.add(`${method} ${url}`);
  }
  return [...routes].sort();
}

/**
 * The roles that must each send a route at least one request: the admin for the admin's pages and
 * API, the signed-in shopper for the account's, a guest and a shopper for the storefront's (a cart
 * or an order behaves differently for each), a guest for the webhooks and the staff sign-in.
 */
export function rolesFor(path: string): Role[] {
  const bare = path.replace(/^\/api\/v1/, '');
  if (bare.startsWith('/admin/sign-in') || path.startsWith('/api/webhooks/')) return ['guest'];
  if (bare === '/admin' || bare.startsWith('/admin/')) return ['admin'];
  if (bare.startsWith('/dashboard') || bare.startsWith('/account')) return ['shopper'];
  return ['guest', 'shopper'];
}

/**
 * Routes a role is not sent to, on purpose. Each entry must name a route that exists (the coverage
 * test checks), so the list cannot outlive its reasons.
 */
export const COVERAGE_EXCLUSIONS: readonly { route: string; role: Role; why: string }[] = [
  {
    // The guest still signs out (it has no session to lose); the shopper's sign-out is the same
    // action with a session, and would leave the rest of its batch fuzzing as a guest.
    route: 'routes/auth.sign-out',
    role: 'shopper',
    why: "signing out ends the fuzzer's own shopper session",
  },
];

export const isExcluded = (route: string, role: Role) =>
  COVERAGE_EXCLUSIONS.some((e) => e.route === route && e.role === role);

/** What a route's action reads, from its module and the page components it imports. */
export interface FieldsRead {
  /** Field names: `form.get('x')`, `values.x`, `name="x"` in the forms it renders. */
  names: string[];
  /** The intents its action tells apart: `case 'x':`, `intent === 'x'`, `value="x"` on intent buttons. */
  intents: string[];
  /** Query parameters its module reads (`searchParams.get('x')`): an action may take them too. */
  query: string[];
  /** It reads files (photos): the form is sent as multipart. */
  multipart: boolean;
}

/** Everything core/contract exports (schemas, field-name constants), by name. */
export type ContractExports = Record<string, unknown>;

export async function contractExports(): Promise<ContractExports> {
  const dir = path.join(ROOT, 'core/contract');
  const all: ContractExports = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    Object.assign(all, await import(pathToFileURL(path.join(dir, file)).href));
  }
  return all;
}

function sourcesOf(file: string): string[] {
  const main = readFileSync(file, 'utf8');
  const sources = [main];
  const seen = new Set([file]);
  const follow = (text: string, from: string, depth: number) => {
    for (const [, spec] of text.matchAll(/from '((?:#app\/features\/|\.\/)[^']+\.tsx?)'/g)) {
      const target = spec!.startsWith('#app/')
        ? path.join(ROOT, 'app', spec!.slice('#app/'.length))
        : path.join(path.dirname(from), spec!);
      if (seen.has(target) || !existsSync(target)) continue;
      seen.add(target);
      const body = readFileSync(target, 'utf8');
      sources.push(body);
      if (depth > 0) follow(body, target, depth - 1);
    }
  };
  follow(main, file, 1);
  return sources;
}

/** Reads a route module (and its page's components) for the fields and intents its action takes. */
export function fieldsRead(route: ActionRoute, contract: ContractExports = {}): FieldsRead {
  const names = new Set<string>();
  const intents = new Set<string>();
  const query = new Set<string>();
  let multipart = false;
  const sources = sourcesOf(route.file);
  const action =
    /export (?:async function action|function action|const action)[\s\S]*?\n}\n/.exec(sources[0]!)?.[0] ??
    sources[0]!;
  for (const [, name] of action.matchAll(/\.(?:get|getAll|has)\(\s*'([\w.[\]-]+)'\s*\)/g)) names.add(name!);
  for (const [, name] of action.matchAll(/\bvalues\.(\w+)/g)) names.add(name!);
  for (const [, name] of action.matchAll(/\bvalues\['([\w.[\]-]+)'\]/g)) names.add(name!);
  for (const [, intent] of action.matchAll(/case '([\w-]+)':/g)) intents.add(intent!);
  for (const [, intent] of action.matchAll(/intent === '([\w-]+)'/g)) intents.add(intent!);
  if (/PhotoOf|storeNewPhotos|instanceof File/.test(action)) multipart = true;
  for (const source of sources) {
    for (const [, name] of source.matchAll(/\bname="([\w.[\]-]+)"/g)) names.add(name!);
    for (const [, a, b] of source.matchAll(
      /name="intent"\s+value="([\w-]+)"|value="([\w-]+)"\s+name="intent"/g,
    )) {
      intents.add((a ?? b)!);
    }
    if (/type="file"/.test(source)) multipart = true;
    for (const [, name] of source.matchAll(/searchParams\.get\(\s*'([\w-]+)'\s*\)/g)) query.add(name!);
    // What the module names from core/contract: a zod schema's fields, a field-name constant.
    for (const [, ident] of source.matchAll(/\b([A-Z][A-Za-z0-9_]*)\b/g)) {
      const value = contract[ident!];
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
      else if (typeof value === 'string' && /^[A-Za-z][\w-]*$/.test(value)) {
        if (new RegExp(`name=\\{${ident}\\}`).test(source)) names.add(value);
      }
    }
  }
  names.delete('intent');
  return { names: [...names].sort(), intents: [...intents].sort(), query: [...query].sort(), multipart };
}

/** A route-and-role the fuzzer must have sent something to, named for the failure message. */
export interface CoverageUnit {
  kind: 'page' | 'server';
  /** The page route's id, or `METHOD url` for a server route. */
  route: string;
  role: Role;
}

export const unitName = (u: CoverageUnit) => `${u.route} as ${u.role}`;

/** Every route-and-role the fuzzer must reach, less the exclusions. */
export function coverageUnits(actions: ActionRoute[], server: string[]): CoverageUnit[] {
  const units: CoverageUnit[] = [];
  for (const a of actions) {
    for (const role of rolesFor(a.path)) {
      if (!isExcluded(a.id, role)) units.push({ kind: 'page', route: a.id, role });
    }
  }
  for (const s of server) {
    for (const role of rolesFor(s.split(' ')[1]!)) {
      if (!isExcluded(s, role)) units.push({ kind: 'server', route: s, role });
    }
  }
  return units;
}

/** The units no request reached. `reached` holds `route as role` for every request sent. */
export function uncoveredRoutes(units: CoverageUnit[], reached: Iterable<string>): string[] {
  const sent = new Set(reached);
  return units.map(unitName).filter((name) => !sent.has(name));
}
