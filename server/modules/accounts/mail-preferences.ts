// The accounts module's answer to "does this shopper want this kind of email?" — the dashboard's
// three notification checkboxes (users.notify_*), read at sending time by the modules that send
// (catalogue: back in stock; cart: abandoned-cart reminders). They never read `users` themselves.
// Which emails obey which setting, and which are always sent, is ADR 037.
import type { Queryable } from '#server/db/client.ts';
import { setNotifyPromotionsByEmail } from './accounts.repository.ts';
import {
  selectPreferencesByEmails,
  selectPreferencesByIds,
  setBackInStock,
} from './mail-preferences.repository.ts';

export interface MailPreferences {
  /** Order status updates after the receipt (shipped, delivered, …). */
  orderUpdates: boolean;
  /** Promotional mail: abandoned-cart reminders (and the newsletter's switch). */
  promotions: boolean;
  /** "Email me when it's back" emails for the account's requests. */
  backInStock: boolean;
}

/** An account's address and name, to write to it, with its settings. */
export interface AccountMailPreferences extends MailPreferences {
  email: string;
  name: string;
}

export interface MailPreferencesPort {
  /** The settings (and address) of these accounts by id (an id with no account is absent). */
  ofAccounts(q: Queryable, userIds: readonly number[]): Promise<Map<number, AccountMailPreferences>>;
  /** The settings of the accounts with these emails (lower-case), for mail addressed to a guest. */
  ofEmails(q: Queryable, emails: readonly string[]): Promise<Map<string, MailPreferences>>;
  /**
   * Ticks "back in stock" for an account that has just tapped "Email me when it's back": the tap
   * is the shopper asking for exactly that email (ADR 037). Unticking it later silences it again.
   */
  turnOnBackInStock(q: Queryable, userId: number): Promise<void>;
  /** The "promotional emails" box of the account with this address, if any: the newsletter sets it (ADR 036). */
  setPromotionsByEmail(q: Queryable, email: string, on: boolean): Promise<void>;
}

function toPreferences(row: {
  notifyOrderUpdates: boolean;
  notifyPromotions: boolean;
  notifyBackInStock: boolean;
}): MailPreferences {
  return {
    orderUpdates: row.notifyOrderUpdates,
    promotions: row.notifyPromotions,
    backInStock: row.notifyBackInStock,
  };
}

export const mailPreferences: MailPreferencesPort = {
  async ofAccounts(q, userIds) {
    const rows = await selectPreferencesByIds(q, [...new Set(userIds)]);
    return new Map(rows.map((r) => [r.id, { ...toPreferences(r), email: r.email, name: r.name }]));
  },
  async ofEmails(q, emails) {
    const rows = await selectPreferencesByEmails(q, [...new Set(emails.map((e) => e.toLowerCase()))]);
    return new Map(rows.map((r) => [r.email.toLowerCase(), toPreferences(r)]));
  },
  turnOnBackInStock: (q, userId) => setBackInStock(q, userId, true),
  setPromotionsByEmail: (q, email, on) => setNotifyPromotionsByEmail(q, email, on),
};
