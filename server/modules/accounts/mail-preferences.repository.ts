// SQL for the mail-preferences port: the notification settings of accounts, by id or by email.
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';

export interface MailPreferenceRow {
  id: number;
  email: string;
  name: string;
  notifyOrderUpdates: boolean;
  notifyPromotions: boolean;
  notifyBackInStock: boolean;
}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  notifyOrderUpdates: users.notifyOrderUpdates,
  notifyPromotions: users.notifyPromotions,
  notifyBackInStock: users.notifyBackInStock,
};

export async function selectPreferencesByIds(q: Queryable, ids: number[]): Promise<MailPreferenceRow[]> {
  if (ids.length === 0) return [];
  return q.select(columns).from(users).where(inArray(users.id, ids));
}

export async function selectPreferencesByEmails(
  q: Queryable,
  emails: string[],
): Promise<MailPreferenceRow[]> {
  if (emails.length === 0) return [];
  return q.select(columns).from(users).where(inArray(users.email, emails));
}

export async function setBackInStock(q: Queryable, userId: number, on: boolean): Promise<void> {
  await q.update(users).set({ notifyBackInStock: on }).where(eq(users.id, userId));
}
