import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An original image (uploaded or generated). Renditions are derived from it on demand. */
export const media = pgTable('media', {
  id: text('id').primaryKey(), // content hash of the original: renditions can be cached forever
  storageKey: text('storage_key').notNull(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  alt: text('alt').notNull().default(''),
  /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
  sample: boolean('sample').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
