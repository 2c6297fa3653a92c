import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { HeroSlide } from '#core/contract/catalog.ts';
import type { Currency } from '#core/money.ts';
import { isCurrencyCode } from '#core/money.ts';
import type { Queryable } from '#server/db/client.ts';
import { currencies, heroSlides, settings } from '#server/db/schema/content.ts';
import { media } from '#server/db/schema/media.ts';

export async function listActiveHeroSlides(db: Queryable): Promise<HeroSlide[]> {
  const rows = await db
    .select({
      id: heroSlides.id,
      title: heroSlides.title,
      subtitle: heroSlides.subtitle,
      ctaText: heroSlides.ctaText,
      ctaLink: heroSlides.ctaLink,
      imageId: media.id,
      alt: media.alt,
      width: media.width,
      height: media.height,
    })
    .from(heroSlides)
    .innerJoin(media, eq(media.id, heroSlides.mediaId))
    // Active and in date (start and end are optional; see banners.service.ts).
    .where(
      and(
        eq(heroSlides.isActive, true),
        or(isNull(heroSlides.startsAt), lte(heroSlides.startsAt, sql`now()`)),
        or(isNull(heroSlides.endsAt), gt(heroSlides.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(heroSlides.position), asc(heroSlides.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    ctaText: r.ctaText,
    ctaLink: r.ctaLink,
    image: { id: r.imageId, alt: r.alt, width: r.width, height: r.height },
  }));
}

export async function listCurrencies(db: Queryable): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position));
  return rows.flatMap((r) =>
    isCurrencyCode(r.code) ? [{ code: r.code, symbol: r.symbol, rate: Number(r.rate) }] : [],
  );
}

export async function getSettings(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** A setting's value, written first if it has none (every process then reads the same one). */
export async function ensureSetting(db: Queryable, key: string, valueIfMissing: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: valueIfMissing })
    .onConflictDoNothing({ target: settings.key });
  return (await getSettings(db, [key])).get(key) ?? valueIfMissing;
}

/** Writes one setting (made or replaced). */
export async function putSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
