// A full disk for photos (issue 16, ADR 050): the storage fails at the far side with the operating
// system's own ENOSPC (it writes to /dev/full). An upload is refused with 507 "Storage full" — in
// the JSON API's one error shape and on the admin's photo form — with no media row, no audit entry
// and no blob; pictures already stored are still served; and the disk storage itself leaves no
// temporary file behind when a write fails.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { media } from '#server/db/schema/media.ts';
import { type BlobStorage, DiskStorage, type MemoryStorage } from '#server/platform/storage.ts';
import { jpegPhoto, pngPhoto } from '#tests/factories/images.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

/** Passes through to memory until `full`; then every write ends in the system's own ENOSPC. */
class FillableStorage implements BlobStorage {
  full = false;
  constructor(private readonly inner: MemoryStorage) {}
  get(key: string) {
    return this.inner.get(key);
  }
  async put(key: string, data: Buffer) {
    if (this.full) await writeFile('/dev/full', data);
    await this.inner.put(key, data);
  }
}

const hasDevFull = existsSync('/dev/full');
let shop: TestShop;
let disk: FillableStorage;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    storage: (memory) => {
      disk = new FillableStorage(memory);
      return disk;
    },
  });
  ({ admin, customer } = (await visitorsPerRole(shop, 'Full')).clients);
});
afterAll(async () => {
  await shop.close();
});

async function stored() {
  const [row] = await shop.database.db.select({ n: count() }).from(media);
  const [audits] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'media.upload'`,
  );
  return {
    rows: Number(row?.n ?? 0),
    blobs: shop.storage.keys().filter((k) => k.startsWith('originals/')).length,
    audits: Number(audits?.n ?? 0),
  };
}

function upload(body: Buffer) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/media?alt=Body%20wave',
    headers: { 'content-type': 'image/jpeg', cookie: `ch_session=${admin.session}` },
    payload: body,
  });
}

describe.skipIf(!hasDevFull)('storage full', () => {
  it('refuses an upload with 507 "Storage full" and keeps nothing of it; stored pictures are still served', async () => {
    disk.full = false;
    const before = await upload(await jpegPhoto(640, 480));
    expect(before.statusCode).toBe(201);
    const kept = before.json() as { id: string };
    const counts = await stored();

    disk.full = true;
    const res = await upload(await pngPhoto(500, 400));
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ error: 'storage_full', requestId: expect.any(String) });
    expect(res.json().message).toMatch(/^Storage full/);
    expect(await stored()).toEqual(counts);

    // A picture already stored still shows, though its new size cannot be kept for next time.
    const picture = await shop.app.inject({ url: `/media/${kept.id}/320.webp` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    disk.full = false;
  });

  it('tells the owner "Storage full" on the no-JavaScript photo form, and stores nothing', async () => {
    const counts = await stored();
    disk.full = true;
    const res = await admin.postMultipart('/admin/banners', {
      intent: 'save',
      kind: 'hero',
      title: 'Storage drill',
      newPhotos: { file: await jpegPhoto(1200, 500), name: 'hero.jpg', type: 'image/jpeg' },
    });
    disk.full = false;
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('hero.jpg: Storage full');
    expect(await stored()).toEqual(counts);
  });

  it('refuses a support ticket’s photo the same way, with no ticket half-opened', async () => {
    const tickets = async () => {
      const [row] = await queryRows<{ n: number }>(
        shop.database.db,
        sql`SELECT count(*)::int AS n FROM support_tickets`,
      );
      return Number(row?.n ?? 0);
    };
    const before = await tickets();
    disk.full = true;
    const res = await customer.postMultipart('/dashboard?tab=support', {
      intent: 'ticket',
      subject: 'Photo of the parcel',
      body: 'The box came crushed; the photo shows the corner.',
      photo: { file: await jpegPhoto(640, 480), name: 'parcel.jpg', type: 'image/jpeg' },
    });
    disk.full = false;
    expect(res.statusCode).toBe(507);
    expect(res.body).toContain('Storage full');
    // What they typed is still in the form.
    expect(res.body).toContain('The box came crushed; the photo shows the corner.');
    expect(await tickets()).toBe(before);
    expect(shop.storage.keys().filter((k) => k.startsWith('private/tickets/'))).toEqual([]);
  });
});

describe('the disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'crown-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('leaves no temporary file behind when a write cannot be finished', async () => {
    const storage = new DiskStorage(root);
    // The final name is taken by a directory: the write succeeds, the rename cannot.
    await mkdir(path.join(root, 'originals', 'blocked.jpg', 'inside'), { recursive: true });
    await expect(storage.put('originals/blocked.jpg', Buffer.from('photo bytes'))).rejects.toThrow();
    expect((await readdir(path.join(root, 'originals'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A good write still works, atomically.
    await storage.put('originals/fine.jpg', Buffer.from('photo bytes'));
    expect((await storage.get('originals/fine.jpg'))?.toString()).toBe('photo bytes');
    expect((await readdir(path.join(root, 'originals'))).sort()).toEqual(['blocked.jpg', 'fine.jpg']);
  });
});
