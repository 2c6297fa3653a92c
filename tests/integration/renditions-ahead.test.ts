// Renditions made ahead (ADR 054): a photo staff upload has its AVIF and WebP renditions made in
// the background right after the upload, so the first shoppers to open the product — a sale
// shared the moment its photo is up — are served kept files instead of waiting on the encoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_WIDTHS } from '#core/media.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { renditionsAhead: true } });
  ({ admin } = (await visitorsPerRole(shop, 'Ahead')).clients);
});
afterAll(async () => {
  await shop.services.media.stopAhead();
  await shop.close();
});

function upload(body: Buffer) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/media?alt=Bone%20straight%20wig',
    headers: { 'content-type': 'image/jpeg', cookie: `ch_session=${admin.cookies.get('ch_session')}` },
    payload: body,
  });
}

describe('renditions made ahead', () => {
  it('makes an uploaded photo’s AVIF and WebP at every width it is large enough for, before anyone asks', async () => {
    const res = await upload(await jpegPhoto(700, 900));
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    await shop.services.media.aheadIdle();

    const kept = shop.storage.keys().filter((k) => k.startsWith(`renditions/${id}/`));
    const widths = RENDITION_WIDTHS.filter((w) => w <= 700);
    expect(kept.sort()).toEqual(
      widths.flatMap((w) => [`renditions/${id}/${w}.avif`, `renditions/${id}/${w}.webp`]).sort(),
    );
    // What a shopper's phone asks for is answered from those files, at the asked size.
    const served = await shop.app.inject({ method: 'GET', url: `/media/${id}/480.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.rawPayload.equals((await shop.storage.get(`renditions/${id}/480.avif`))!)).toBe(true);
  });

  it('photos uploaded one after the other while the encoder is busy are queued, none forgotten', async () => {
    const first = await upload(await jpegPhoto(1300, 900));
    const second = await upload(await jpegPhoto(500, 500));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    await shop.services.media.aheadIdle();
    for (const [res, width] of [
      [first, 1300],
      [second, 500],
    ] as const) {
      const { id } = res.json() as { id: string };
      const kept = shop.storage.keys().filter((k) => k.startsWith(`renditions/${id}/`));
      expect(kept).toHaveLength(RENDITION_WIDTHS.filter((w) => w <= width).length * 2);
    }
  });
});
