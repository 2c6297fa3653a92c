// A tiny browser for integration tests: keeps cookies between requests (like a real one, it
// forgets a cookie when told to) and posts forms the way a page without JavaScript does.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface RequestOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A multipart field: text, a file, or several of either (a repeated field). */
export type MultipartFile = { file: Buffer; name: string; type: string };
export type MultipartValue = string | MultipartFile | (string | MultipartFile)[];

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: RequestOptions = {},
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private headers(extra?: Record<string, string>): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { ...this.defaults.headers, ...(cookie ? { cookie } : {}), ...extra };
  }

  async get(url: string, options: RequestOptions = {}) {
    const res = await this.app.inject({
      method: 'GET',
      url,
      headers: this.headers(options.headers),
      remoteAddress: options.remoteAddress ?? this.defaults.remoteAddress,
    });
    this.remember(res);
    return res;
  }

  /** Posts a form (application/x-www-form-urlencoded), as a browser does without JavaScript. */
  async post(url: string, fields: Record<string, string | undefined>, options: RequestOptions = {}) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, v);
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: body.toString(),
      headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded', ...options.headers }),
      remoteAddress: options.remoteAddress ?? this.defaults.remoteAddress,
    });
    this.remember(res);
    return res;
  }

  /**
   * Posts a multipart form (files included), as a browser without JavaScript sends a form with
   * `enctype="multipart/form-data"`.
   */
  async postMultipart(url: string, fields: Record<string, MultipartValue>, options: RequestOptions = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (typeof one === 'string') form.append(key, one);
        else form.append(key, new Blob([new Uint8Array(one.file)], { type: one.type }), one.name);
      }
    }
    const encoded = new Request('http://shop.test/', { method: 'POST', body: form });
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: this.headers({ 'content-type': encoded.headers.get('content-type')!, ...options.headers }),
      remoteAddress: options.remoteAddress ?? this.defaults.remoteAddress,
    });
    this.remember(res);
    return res;
  }

  get session(): string | undefined {
    return this.cookies.get('ch_session') ?? this.cookies.get('__Host-ch_session');
  }
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const match = text.match(new RegExp(`${prefix.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${text}`);
  return match[0];
}

/** A page without its per-response CSP nonces (ADR 018), to compare two answers byte for byte. */
export function withoutNonces(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, '');
}
