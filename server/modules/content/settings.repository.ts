// SQL for the settings screen: the key/value settings and the display currencies' rates, read and
// written through the caller's transaction (the change and its audit record commit together).
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { currencies, settings } from '#server/db/schema/content.ts';

export async function readSettings(q: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await q
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSettings(q: Queryable, entries: Readonly<Record<string, string>>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) {
    await q
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  }
}

/** Every display currency's rate (units per naira), by code. */
export async function readCurrencyRates(q: Queryable): Promise<Map<string, number>> {
  const rows = await q.select({ code: currencies.code, rate: currencies.rate }).from(currencies);
  return new Map(rows.map((r) => [r.code, Number(r.rate)]));
}

export async function writeCurrencyRate(q: Queryable, code: string, rate: number): Promise<void> {
  await q.update(currencies).set({ rate, updatedAt: sql`now()` }).where(eq(currencies.code, code));
}
