// SQL for hero slides and popup banners (the admin's Banners screen and the storefront popup).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { heroSlides, popupBanners } from '#server/db/schema/content.ts';
import { media } from '#server/db/schema/media.ts';

export type HeroSlideRow = typeof heroSlides.$inferSelect;
export type PopupBannerRow = typeof popupBanners.$inferSelect;
export type BannerKind = 'hero' | 'popup';

const image = { imageId: media.id, alt: media.alt, width: media.width, height: media.height };

export async function listHeroSlideRows(db: Queryable) {
  return db
    .select({ slide: heroSlides, ...image })
    .from(heroSlides)
    .innerJoin(media, eq(media.id, heroSlides.mediaId))
    .orderBy(asc(heroSlides.position), asc(heroSlides.id));
}

export async function listPopupRows(db: Queryable, options: { activeOnly?: boolean } = {}) {
  return db
    .select({
      popup: popupBanners,
      imageId: media.id,
      alt: media.alt,
      width: media.width,
      height: media.height,
    })
    .from(popupBanners)
    .leftJoin(media, eq(media.id, popupBanners.mediaId))
    .where(options.activeOnly ? eq(popupBanners.isActive, true) : undefined)
    .orderBy(asc(popupBanners.position), asc(popupBanners.id));
}

export async function findHeroSlide(db: Queryable, id: number, lock = false): Promise<HeroSlideRow | null> {
  const query = db.select().from(heroSlides).where(eq(heroSlides.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findPopup(db: Queryable, id: number, lock = false): Promise<PopupBannerRow | null> {
  const query = db.select().from(popupBanners).where(eq(popupBanners.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

async function nextPosition(db: Queryable, kind: BannerKind): Promise<number> {
  const table = kind === 'hero' ? heroSlides : popupBanners;
  const [row] = await db
    .select({ position: table.position })
    .from(table)
    .orderBy(desc(table.position))
    .limit(1);
  return (row?.position ?? -1) + 1;
}

export async function insertHeroSlide(
  db: Queryable,
  values: Omit<typeof heroSlides.$inferInsert, 'position'>,
): Promise<HeroSlideRow> {
  const position = await nextPosition(db, 'hero');
  const [row] = await db
    .insert(heroSlides)
    .values({ ...values, position })
    .returning();
  return row!;
}

export async function updateHeroSlide(
  db: Queryable,
  id: number,
  values: Partial<typeof heroSlides.$inferInsert>,
): Promise<HeroSlideRow | null> {
  const [row] = await db
    .update(heroSlides)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(heroSlides.id, id))
    .returning();
  return row ?? null;
}

export async function insertPopup(
  db: Queryable,
  values: Omit<typeof popupBanners.$inferInsert, 'position'>,
): Promise<PopupBannerRow> {
  const position = await nextPosition(db, 'popup');
  const [row] = await db
    .insert(popupBanners)
    .values({ ...values, position })
    .returning();
  return row!;
}

export async function updatePopup(
  db: Queryable,
  id: number,
  values: Partial<typeof popupBanners.$inferInsert>,
): Promise<PopupBannerRow | null> {
  const [row] = await db
    .update(popupBanners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(popupBanners.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBanner(db: Queryable, kind: BannerKind, id: number): Promise<void> {
  if (kind === 'hero') await db.delete(heroSlides).where(eq(heroSlides.id, id));
  else await db.delete(popupBanners).where(eq(popupBanners.id, id));
}

/** The ids in display order, locked for a reorder. */
export async function lockOrder(db: Queryable, kind: BannerKind): Promise<number[]> {
  const table = kind === 'hero' ? heroSlides : popupBanners;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .orderBy(asc(table.position), asc(table.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Positions 0, 1, 2, … in the order given. */
export async function setOrder(db: Queryable, kind: BannerKind, ids: number[]): Promise<void> {
  const table = kind === 'hero' ? heroSlides : popupBanners;
  for (const [position, id] of ids.entries()) {
    await db
      .update(table)
      .set({ position })
      .where(and(eq(table.id, id), sql`${table.position} <> ${position}`));
  }
}
