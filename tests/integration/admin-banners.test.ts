// The Banners screen (issue 13): hero slides and popup banners created, refused, reordered,
// scheduled, switched off and deleted by an admin through the page's forms (no JavaScript: the
// photo rides in the multipart form), and what the storefront then shows.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLagosLocal } from '#core/contract/banners.ts';
import { media } from '#server/db/schema/media.ts';
import { jpegPhoto, SVG_DRAWING } from '#tests/factories/images.ts';
import { type MultipartValue, TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;
let staff: TestClient;
let photo: Buffer;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const visitors = await visitorsPerRole(shop, 'Banner');
  admin = visitors.clients.admin;
  staff = visitors.clients.staff;
  photo = await jpegPhoto(1920, 800);
});
afterAll(async () => {
  await shop.close();
});

type Fields = Record<string, MultipartValue>;

/** Posts a multipart form as a browser without JavaScript does (files included). */
function postMultipart(client: TestClient | null, url: string, fields: Fields) {
  return (client ?? new TestClient(shop.app)).postMultipart(url, fields);
}

const slide = (title: string, extra: Fields = {}): Fields => ({
  intent: 'save',
  kind: 'hero',
  title,
  subtitle: `${title} subtitle`,
  ctaText: 'Shop now',
  ctaLink: '/collections?category=wigs',
  isActive: 'on',
  newPhotos: { file: photo, name: 'hero.jpg', type: 'image/jpeg' },
  ...extra,
});

async function homeSlideTitles(): Promise<string[]> {
  const res = await shop.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  const all = ['Lagos Launch', 'Second Slide', 'Future Slide', 'Past Slide'];
  return all
    .map((t) => ({ t, at: res.body.indexOf(t) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.t);
}

async function mediaRows(): Promise<number> {
  const [row] = await shop.database.db.select({ n: count() }).from(media);
  return row?.n ?? 0;
}

describe('hero slides', () => {
  it('an admin adds a slide with its photo (no JavaScript); the home page shows it at once, audited', async () => {
    const res = await postMultipart(admin, '/admin/banners', slide('Lagos Launch'));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
    expect(res.headers.location).toBe('/admin/banners?tab=hero');
    expect(await homeSlideTitles()).toEqual(['Lagos Launch']);
    const [slides] = [await shop.services.banners.listSlides()];
    expect(slides[0]).toMatchObject({ title: 'Lagos Launch', image: { width: 1920, height: 800 } });
    const [event] = await shop.services.audit.list({ subjectType: 'hero_slide', subjectId: slides[0]!.id });
    expect(event).toMatchObject({ action: 'hero_slide.create' });
    expect((event!.details as { after: { title: string } }).after.title).toBe('Lagos Launch');
    const page = await admin.get('/admin/banners?tab=hero');
    expect(page.body).toContain('Lagos Launch');
    expect(page.body).toContain('Hero Slider');
    expect(page.body).toContain('Popup Banners');
  });

  it('refuses a bad link and a missing title with 400, keeping what was typed and the uploaded photo', async () => {
    const before = await mediaRows();
    const res = await postMultipart(
      admin,
      '/admin/banners',
      slide('', {
        ctaLink: 'javascript:alert(1)',
        subtitle: 'Kept subtitle',
        newPhotos: { file: await jpegPhoto(1900, 790), name: 'kept.jpg', type: 'image/jpeg' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please give the slide a title.');
    expect(res.body).toContain(
      'Use a page of this shop (starting with /) or an address starting with https://',
    );
    expect(res.body).toContain('Kept subtitle');
    expect(res.body).toContain('javascript:alert(1)');
    // The photo sent with the refused form is stored once and offered again.
    expect(await mediaRows()).toBe(before + 1);
    const [latest] = await shop.services.audit.list({ subjectType: 'media', limit: 1 });
    expect(res.body).toContain(`value="${latest!.subjectId}"`);
  });

  it('refuses a slide without a photo, and an SVG sent as its photo (storing nothing)', async () => {
    const none = await postMultipart(admin, '/admin/banners', slide('No Photo', { newPhotos: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Please upload a photo.');
    const before = await mediaRows();
    const blobs = shop.storage.keys().length;
    const svg = await postMultipart(
      admin,
      '/admin/banners',
      slide('Svg Photo', { newPhotos: { file: SVG_DRAWING, name: 'logo.svg', type: 'image/svg+xml' } }),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.body).toContain('logo.svg: SVG drawings are not accepted');
    expect(svg.body).toContain('Svg Photo');
    expect(await mediaRows()).toBe(before);
    expect(shop.storage.keys().length).toBe(blobs);
  });

  it('shows slides in order, only within their Lagos dates; reorder, deactivate and delete show at once', async () => {
    const hour = 3_600_000;
    expect((await postMultipart(admin, '/admin/banners', slide('Second Slide'))).statusCode).toBe(302);
    expect(
      (
        await postMultipart(
          admin,
          '/admin/banners',
          slide('Future Slide', { startsAt: toLagosLocal(new Date(Date.now() + 48 * hour)) }),
        )
      ).statusCode,
    ).toBe(302);
    expect(
      (
        await postMultipart(
          admin,
          '/admin/banners',
          slide('Past Slide', {
            startsAt: toLagosLocal(new Date(Date.now() - 48 * hour)),
            endsAt: toLagosLocal(new Date(Date.now() - 24 * hour)),
          }),
        )
      ).statusCode,
    ).toBe(302);
    expect(await homeSlideTitles()).toEqual(['Lagos Launch', 'Second Slide']);

    const ends = await postMultipart(
      admin,
      '/admin/banners',
      slide('Bad Dates', {
        startsAt: toLagosLocal(new Date(Date.now() + 2 * hour)),
        endsAt: toLagosLocal(new Date(Date.now() + hour)),
      }),
    );
    expect(ends.statusCode).toBe(400);
    expect(ends.body).toContain('The end must come after the start.');

    const slides = await shop.services.banners.listSlides();
    const first = slides.find((s) => s.title === 'Lagos Launch')!;
    const moved = await admin.post('/admin/banners', {
      intent: 'move-down',
      kind: 'hero',
      id: String(first.id),
    });
    expect(moved.statusCode).toBe(302);
    expect(await homeSlideTitles()).toEqual(['Second Slide', 'Lagos Launch']);

    const second = slides.find((s) => s.title === 'Second Slide')!;
    expect(
      (await admin.post('/admin/banners', { intent: 'deactivate', kind: 'hero', id: String(second.id) }))
        .statusCode,
    ).toBe(302);
    expect(await homeSlideTitles()).toEqual(['Lagos Launch']);

    const page = await admin.get('/admin/banners?tab=hero');
    expect(page.body).toContain('Are you sure you want to delete this slide?');
    expect(
      (await admin.post('/admin/banners', { intent: 'delete', kind: 'hero', id: String(first.id) }))
        .statusCode,
    ).toBe(302);
    expect(await homeSlideTitles()).toEqual([]);
    const [deleted] = await shop.services.audit.list({ subjectType: 'hero_slide', subjectId: first.id });
    expect(deleted).toMatchObject({ action: 'hero_slide.delete' });
    expect((deleted!.details as { before: { title: string } }).before.title).toBe('Lagos Launch');
  });

  it('an edit keeps the photo and records before and after', async () => {
    const target = (await shop.services.banners.listSlides()).find((s) => s.title === 'Second Slide')!;
    const res = await postMultipart(admin, '/admin/banners', {
      ...slide('Second Slide, edited', { newPhotos: '' }),
      id: String(target.id),
      photos: target.image.id,
      [`photoAlt-${target.image.id}`]: 'A model in a bob wig',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    const [event] = await shop.services.audit.list({
      subjectType: 'hero_slide',
      subjectId: target.id,
      limit: 1,
    });
    expect(event).toMatchObject({ action: 'hero_slide.update' });
    const details = event!.details as { before: { title: string }; after: { title: string } };
    expect([details.before.title, details.after.title]).toEqual(['Second Slide', 'Second Slide, edited']);
    const after = (await shop.services.banners.listSlides()).find((s) => s.id === target.id)!;
    expect(after.image).toMatchObject({ id: target.image.id, alt: 'A model in a bob wig' });
  });
});

describe('popup banners', () => {
  async function popupNow() {
    const res = await shop.app.inject({ method: 'GET', url: '/api/v1/popup' });
    expect(res.statusCode).toBe(200);
    return res.json().popup;
  }

  it('GET /api/v1/popup gives the first active popup, follows every change at once', async () => {
    expect(await popupNow()).toBeNull();
    const created = await admin.post('/admin/banners', {
      intent: 'save',
      kind: 'popup',
      title: 'Black Friday',
      message: '20% off every wig this weekend.',
      link: '/collections?category=sale',
      linkText: 'Shop the sale',
      isActive: 'on',
      oncePerSession: 'on',
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(302);
    const popup = await popupNow();
    expect(popup).toMatchObject({
      title: 'Black Friday',
      linkText: 'Shop the sale',
      oncePerSession: true,
      image: null,
    });

    const inactive = await admin.post('/admin/banners', {
      intent: 'save',
      kind: 'popup',
      title: 'Draft popup',
    });
    expect(inactive.statusCode).toBe(302);
    expect((await popupNow()).title).toBe('Black Friday');

    expect(
      (await admin.post('/admin/banners', { intent: 'deactivate', kind: 'popup', id: String(popup.id) }))
        .statusCode,
    ).toBe(302);
    expect(await popupNow()).toBeNull();
    const [event] = await shop.services.audit.list({
      subjectType: 'popup_banner',
      subjectId: popup.id,
      limit: 1,
    });
    expect(event).toMatchObject({
      action: 'popup_banner.deactivate',
      details: { before: { isActive: true }, after: { isActive: false } },
    });
  });

  it('refuses a link without button text and an off-site http link, keeping the message', async () => {
    const res = await admin.post('/admin/banners', {
      intent: 'save',
      kind: 'popup',
      title: 'Free delivery',
      message: 'Kept message',
      link: 'http://evil.example',
      isActive: 'on',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Use a page of this shop');
    expect(res.body).toContain('Kept message');
    const noText = await admin.post('/admin/banners', {
      intent: 'save',
      kind: 'popup',
      title: 'Free delivery',
      link: '/pages/shipping',
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.body).toContain('Please give the button a text');
  });
});

describe('who may change banners', () => {
  it('staff are refused every action by the server', async () => {
    const res = await staff.post('/admin/banners', {
      intent: 'save',
      kind: 'popup',
      title: 'Sneaky',
      isActive: 'on',
    });
    expect(res.statusCode).toBe(403);
    expect(await shop.services.banners.listPopups()).not.toContainEqual(
      expect.objectContaining({ title: 'Sneaky' }),
    );
  });

  it('a large multipart form is only read from signed-in uploaders', async () => {
    const big = { file: Buffer.alloc(2 * 1024 * 1024, 1), name: 'big.jpg', type: 'image/jpeg' };
    const stranger = await postMultipart(null, '/admin/banners', slide('Big', { newPhotos: big }));
    expect(stranger.statusCode).toBe(413);
    const own = await postMultipart(admin, '/admin/banners', slide('Big', { newPhotos: big }));
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('big.jpg: That file is not a photo we can read.');
  });
});
