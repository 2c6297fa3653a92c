import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { media } from '#server/db/schema/media.ts';

export type MediaRow = typeof media.$inferSelect;

export async function findMedia(db: Queryable, id: string): Promise<MediaRow | null> {
  const rows = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertMedia(db: Queryable, row: typeof media.$inferInsert): Promise<void> {
  await db.insert(media).values(row).onConflictDoNothing({ target: media.id });
}

export async function updateMediaAlt(db: Queryable, id: string, alt: string): Promise<void> {
  await db.update(media).set({ alt }).where(eq(media.id, id));
}
