// Images through HTTP: originals checked by content, renditions made by sharp and cached forever.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 80 } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('media', () => {
  it('serves AVIF, WebP and JPEG renditions at the asked width with an immutable cache header', async () => {
    const image = await shop.services.media.importImage(await photo(1200, 1500), 'Body wave bundle');
    expect(image).toMatchObject({ width: 1200, height: 1500, alt: 'Body wave bundle' });
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const res = await shop.app.inject({ method: 'GET', url: `/media/${image.id}/320.${format}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(320);
      expect(meta.height).toBe(400);
    }
    // The rendition is kept: the second request does not need the original.
    expect(await shop.storage.get(`renditions/${image.id}/320.webp`)).not.toBeNull();
  });

  it('never enlarges a small original', async () => {
    const image = await shop.services.media.importImage(await photo(300, 300), 'Small');
    const res = await shop.app.inject({ method: 'GET', url: `/media/${image.id}/1200.webp` });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);
  });

  it('answers 404 for unknown images and widths it does not offer', async () => {
    const image = await shop.services.media.importImage(await photo(800, 800), 'Any');
    for (const url of [
      `/media/${image.id}/333.webp`,
      `/media/${image.id}/320.gif`,
      `/media/${'0'.repeat(24)}/320.webp`,
      '/media/../../etc/passwd/320.webp',
      '/media/not-an-id/320.webp',
    ]) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuses files that are not images, whatever they are called', async () => {
    await expect(
      shop.services.media.importImage(Buffer.from('<html>not a picture</html>'), 'x'),
    ).rejects.toMatchObject({
      status: 400,
      message: 'That file is not a photo we can read. Please upload a JPEG, PNG or WebP photo.',
    });
  });

  it('stores the same picture once', async () => {
    const bytes = await photo(640, 480);
    const a = await shop.services.media.importImage(bytes, 'First');
    const b = await shop.services.media.importImage(bytes, 'Again');
    expect(a.id).toBe(b.id);
  });
});

describe('link preview image', () => {
  it('is a 1200×630 JPEG cut from the picture', async () => {
    const image = await shop.services.media.importImage(await photo(1200, 1500), 'Wig');
    const res = await shop.app.inject({ method: 'GET', url: `/media/${image.id}/og.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg']);
    expect(res.rawPayload.byteLength).toBeLessThan(300 * 1024);
  });

  it("checks a shopper's photo without storing it, then stores it in the caller's transaction without an audit entry", async () => {
    const checked = await shop.services.media.checkPhoto(await photo(643, 479));
    expect(checked.record).toMatchObject({ width: 643, height: 479, mimeType: 'image/png' });
    expect(await shop.storage.get(checked.record.storageKey)).toBeNull();
    expect(await shop.services.media.find(checked.record.id)).toBeNull();
    await expect(shop.services.media.checkPhoto(Buffer.from('<svg onload="x()"></svg>'))).rejects.toThrow(
      /SVG|not a photo/,
    );

    const image = await shop.database.db.transaction((tx) => shop.services.media.saveChecked(checked, tx));
    expect(image).toEqual({ id: checked.record.id, alt: '', width: 643, height: 479 });
    expect(await shop.storage.get(checked.record.storageKey)).not.toBeNull();
    expect(await shop.services.media.find(image.id)).toEqual(image);
    const audited = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE subject_type = 'media' AND subject_id = ${image.id}`,
    );
    expect(audited).toEqual([{ n: 0 }]);
  });
});
