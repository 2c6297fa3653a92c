// SQL for the customer directory port: names and emails of accounts, and accounts whose name or
// email contains a text (the trigram indexes of migration 0008 serve it).
import { ilike, inArray, or } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { likeEscaped } from './admin-users.repository.ts';

export async function selectContacts(
  q: Queryable,
  ids: number[],
): Promise<{ id: number; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return q
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function selectIdsMatching(q: Queryable, text: string, limit: number): Promise<number[]> {
  const pattern = likeEscaped(text);
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
    .limit(limit);
  return rows.map((r) => r.id);
}
