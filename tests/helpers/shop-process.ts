// The shop as real processes (the production bundle, as `npm start` runs it) and a browser that
// talks to them over real sockets: for the tests and drills of more than one process and of crashes
// (ADR 051). `npm run build` must have run.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import * as OTPAuth from 'otpauth';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = path.join(ROOT, 'build/server-app/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ShopProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  readonly exited: Promise<number | string | null>;
  /** SIGKILL: no shutdown, no last words (a crash). */
  crash(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** The environment every shop process gets: nothing inherited that changes its kind. */
export function processEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ENV_FILE: 'none', // a stray .env in the project never reaches a test's shop (ADR 068)
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Starts the shop and resolves once it answers /readyz (or rejects with its output if it exits or
 * is not ready in time).
 */
export async function startShopProcess(options: {
  name: string;
  env: Record<string, string>;
  port?: number;
  timeoutMs?: number;
}): Promise<ShopProcess> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error('The shop is not built: run `npm run build` first.');
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: processEnv(port, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const shop: ShopProcess = {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${options.name} exited (${await exited}) before it was ready:\n${output}`);
    try {
      if ((await fetch(`${shop.url}/readyz`)).ok) return shop;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await shop.crash();
  throw new Error(`${options.name} was not ready in time:\n${output}`);
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
  location: string | null;
}

/**
 * A browser without JavaScript over real sockets: one cookie jar whichever process it asks, as
 * behind a load balancer that sends each request wherever it likes.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone =
        value === '' ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async send(url: string, init: RequestInit): Promise<HttpAnswer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return {
      status: res.status,
      headers: res.headers,
      body: await res.text(),
      location: res.headers.get('location'),
    };
  }

  get(shop: { url: string }, path: string): Promise<HttpAnswer> {
    return this.send(shop.url + path, { method: 'GET' });
  }

  /** Posts a form (application/x-www-form-urlencoded), as a page without JavaScript does. */
  post(shop: { url: string }, path: string, fields: Record<string, string | undefined>): Promise<HttpAnswer> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, v);
    return this.send(shop.url + path, {
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    });
  }

  /** Sends raw bytes (the admin's photo upload). */
  postBytes(shop: { url: string }, path: string, bytes: Buffer, type: string): Promise<HttpAnswer> {
    return this.send(shop.url + path, {
      method: 'POST',
      body: new Uint8Array(bytes),
      headers: { 'content-type': type, 'sec-fetch-site': 'same-origin' },
    });
  }
}

/** Signs a staff account in on `shop` and enrols its second factor (it must have none yet). */
export async function staffSignIn(
  shop: { url: string },
  account: { email: string; password: string },
): Promise<HttpClient> {
  const client = new HttpClient();
  const signIn = await client.post(shop, '/admin/sign-in', account);
  if (signIn.status !== 302 || !signIn.location?.startsWith('/admin/two-factor'))
    throw new Error(`staff sign-in refused (${signIn.status}): ${signIn.body.slice(0, 300)}`);
  const page = (await client.get(shop, '/admin/two-factor')).body;
  const secret = page.match(/name="secret" value="([A-Z2-7]{32})"/)?.[1];
  if (!secret) throw new Error(`no enrolment secret on the page: ${page.slice(0, 300)}`);
  const code = OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  const enrolled = await client.post(shop, '/admin/two-factor', { intent: 'enrol', secret, code });
  if (!enrolled.body.includes('aria-label="Recovery codes"'))
    throw new Error(`second factor not enrolled (${enrolled.status}): ${enrolled.body.slice(0, 300)}`);
  return client;
}

/** The admin product form's fields as its page renders them (what an owner posts back). */
export function productFormFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  // The product form is the one named by the page's heading.
  const form = html.match(/<form[^>]*aria-labelledby="product-form-title"[\s\S]*?<\/form>/)?.[0];
  if (!form) throw new Error(`No product form in the page: ${html.slice(0, 300)}`);
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1]!;
    const name = attrs.match(/name="([^"]+)"/)?.[1];
    if (!name || name.startsWith('bulk-')) continue;
    const value = decode(attrs.match(/value="([^"]*)"/)?.[1] ?? '');
    const type = attrs.match(/type="([^"]+)"/)?.[1];
    if (type === 'checkbox' || type === 'radio') {
      if (/checked=""/.test(attrs) && name === 'photos')
        out.photos = out.photos ? `${out.photos},${value}` : value;
      else if (/checked=""/.test(attrs)) out[name] = type === 'checkbox' ? 'on' : value;
      continue;
    }
    if (name === 'photos') out.photos = out.photos ? `${out.photos},${value}` : value;
    else out[name] = value;
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    out[m[1]!] = decode(m[2]!);
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[\s\S]*?<\/select>/g)) {
    out[m[1]!] = decode(m[0].match(/<option[^>]*value="([^"]*)"[^>]*selected=""/)?.[1] ?? '');
  }
  return out;
}
