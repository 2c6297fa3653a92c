// Photo uploads by the admin (POST /api/v1/admin/media, ADR 031): checked by content, never by
// name or declared type; a refused file leaves no blob and no row; an accepted one is stored
// re-encoded, without the metadata (GPS position) the phone put in it.
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '#server/db/schema/media.ts';
import {
  EMPTY_ZIP,
  jpegPhoto,
  pixelBomb,
  pngPhoto,
  SVG_DRAWING,
  webpPhoto,
} from '#tests/factories/images.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;
let staff: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const visitors = await visitorsPerRole(shop, 'Upload');
  admin = visitors.clients.admin;
  staff = visitors.clients.staff;
});
afterAll(async () => {
  await shop.close();
});

function upload(client: TestClient | null, body: Buffer, contentType = 'image/jpeg', alt?: string) {
  const session = client?.session;
  return shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/media${alt === undefined ? '' : `?alt=${encodeURIComponent(alt)}`}`,
    headers: { 'content-type': contentType, ...(session ? { cookie: `ch_session=${session}` } : {}) },
    payload: body,
  });
}

async function stored(): Promise<{ blobs: number; rows: number }> {
  const [row] = await shop.database.db.select({ n: count() }).from(media);
  return { blobs: shop.storage.keys().length, rows: row?.n ?? 0 };
}

describe('refused uploads store nothing', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, RegExp][] = [
    [
      'a text file named .jpg',
      () => Buffer.from('just some notes, not a photo\n'),
      'image/jpeg',
      /not a photo we can read/,
    ],
    [
      'an HTML page',
      () => Buffer.from('<!doctype html><html><body>hi</body></html>'),
      'image/png',
      /not a photo we can read/,
    ],
    ['an SVG drawing (with a script)', () => SVG_DRAWING, 'image/svg+xml', /SVG drawings are not accepted/],
    ['an SVG sent as a JPEG', () => SVG_DRAWING, 'image/jpeg', /SVG drawings are not accepted/],
    [
      'a decompression bomb (30,000 × 30,000 pixels in a tiny PNG)',
      () => pixelBomb(),
      'image/png',
      /30000 × 30000 pixels, more than the 50 megapixels/,
    ],
    [
      'a JPEG with a web page glued after it (polyglot)',
      async () => Buffer.concat([await jpegPhoto(), Buffer.from('<html><script>alert(1)</script></html>')]),
      'image/jpeg',
      /something hidden inside the picture/,
    ],
    [
      'a JPEG with a ZIP archive glued after it (polyglot)',
      async () => Buffer.concat([await jpegPhoto(), EMPTY_ZIP]),
      'image/jpeg',
      /something hidden inside the picture/,
    ],
    [
      'a truncated JPEG',
      async () => (await jpegPhoto(1200, 900)).subarray(0, 2000),
      'image/jpeg',
      /not a photo we can read/,
    ],
  ];

  it.each(cases)('%s: 400 with a clear message', async (_name, make, type, message) => {
    const before = await stored();
    const res = await upload(admin, await make(), type);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it('a file over 10 MB: 413, not read to the end', async () => {
    const before = await stored();
    const res = await upload(admin, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Photos must be 10 MB or smaller. Please send a smaller photo.');
    expect(await stored()).toEqual(before);
  });

  it('an empty body: 400', async () => {
    const res = await upload(admin, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/photo/);
  });
});

describe('accepted uploads', () => {
  it('a JPEG: stored re-encoded, without its EXIF (GPS), recorded and audited', async () => {
    const before = await stored();
    const res = await upload(
      admin,
      await jpegPhoto(800, 600, { gps: true }),
      'image/jpeg',
      'Body wave, front',
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 800, height: 600, alt: 'Body wave, front' });
    expect(body.id).toMatch(/^[a-f0-9]{24}$/);
    expect(await stored()).toEqual({ blobs: before.blobs + 1, rows: before.rows + 1 });
    const original = await shop.storage.get(`originals/${body.id}.jpg`);
    const meta = await sharp(original!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(original!.includes(Buffer.from('TestPhone'))).toBe(false);
    const [event] = await shop.services.audit.list({ subjectType: 'media', subjectId: body.id });
    expect(event).toMatchObject({ action: 'media.upload' });
    // The picture is served at once.
    const page = await shop.app.inject({ method: 'GET', url: `/media/${body.id}/320.webp` });
    expect(page.statusCode).toBe(200);
  });

  it('a PNG and a WebP, whatever type the browser names them', async () => {
    const png = await upload(admin, await pngPhoto(640, 480), 'application/octet-stream');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({ width: 640, height: 480, alt: '' });
    const webp = await upload(admin, await webpPhoto(600, 400), 'image/jpeg');
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json()).toMatchObject({ width: 600, height: 400 });
  });

  it('keeps only the pixels of a photo with other data after it (a phone’s motion-photo video)', async () => {
    const trailer = Buffer.from('ftypmp42 the motion photo video would be here');
    const res = await upload(admin, Buffer.concat([await jpegPhoto(400, 300), trailer]));
    expect(res.statusCode, res.body).toBe(201);
    const original = await shop.storage.get(`originals/${res.json().id}.jpg`);
    expect(original!.includes(Buffer.from('ftypmp42'))).toBe(false);
  });

  it('applies the EXIF orientation: a portrait photo stays portrait', async () => {
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#864' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(admin, sideways);
    expect(res.json()).toMatchObject({ width: 300, height: 400 });
  });
});

describe('who may upload', () => {
  it('strangers 401 and staff without products.edit / banners.manage 403, before the body is read', async () => {
    const before = await stored();
    expect((await upload(null, await jpegPhoto())).statusCode).toBe(401);
    const res = await upload(staff, await jpegPhoto());
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
