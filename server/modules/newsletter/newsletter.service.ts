// The newsletter with double opt-in: signing up sends a single-use confirmation link, and only an
// address confirmed from its inbox counts as a subscriber. The answer to a sign-up is the same
// whether or not the address is already subscribed. Every mailing carries a one-click
// unsubscribe link (newsletterMailing in the mail module); unsubscribing is idempotent.
// A signed-in shopper's "promotional emails" setting is the same switch (ADR 036): the account's
// users.notify_promotions follows the subscription of its address, in the same transaction.
import { NewsletterSubscribeInput, NewsletterTokenInput } from '#core/contract/newsletter.ts';
import { NEWSLETTER_CHECK_INBOX } from '#core/newsletter.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { newsletterConfirmMail } from '#server/modules/mail/newsletter-templates.tsx';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import { ValidationError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { parseInput } from '#server/platform/validation.ts';
import { createAdminNewsletterService } from './admin-newsletter.service.ts';
import {
  confirmByTokenHash,
  countSubscribed,
  deleteUnconfirmed,
  findSubscriber,
  listSubscribed,
  saveConfirmedSubscriber,
  savePendingSubscriber,
  unsubscribeByEmail,
  unsubscribeByToken,
} from './newsletter.repository.ts';

/**
 * The accounts module's side of the one switch: sets users.notify_promotions of the account with
 * this address (if there is one), in the caller's transaction.
 */
export interface PromotionsSettingPort {
  setByEmail(q: Queryable, email: string, on: boolean): Promise<void>;
}

/** Where an account's subscription stands, as its settings show it. */
export type AccountNewsletterState = 'subscribed' | 'pending' | 'off';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const NEWSLETTER_CONFIRM_HOURS = 48;

/**
 * Per client address: generous, as Nigerian mobile networks put many shoppers behind one
 * address (carrier-grade NAT). Per email: tight, so the form cannot be used to flood an inbox
 * with confirmation mails. Counted for every sign-up, subscribed or not, so a 429 reveals nothing.
 */
export const NEWSLETTER_RATE_LIMITS = {
  signUpPerAddress: {
    name: 'newsletter:ip',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many newsletter sign-ups from your network. Please wait {wait} and try again.',
  },
  signUpPerEmail: {
    name: 'newsletter:email',
    limit: 3,
    windowMs: DAY,
    message:
      'We have already sent several confirmation emails to this address. Please check your inbox (and spam folder), or try again in {wait}.',
  },
} satisfies Record<string, RateLimitRule>;

const LINK_SPENT = 'This confirmation link has expired or has already been used. Please sign up again.';

export function createNewsletterService(deps: {
  db: Db;
  mail: MailService;
  limiter: RateLimiter;
  publicUrl: string;
  audit: Pick<AuditService, 'record'>;
  /** Staff members' names by id (who wrote a campaign). */
  staffNames: (ids: number[]) => Promise<Map<number, string>>;
  promotionsSetting?: PromotionsSettingPort;
  campaignBatchSize?: number;
  log?: Logger;
}) {
  const { db, mail, limiter, publicUrl } = deps;
  const setting = deps.promotionsSetting;

  const unsubscribeUrl = (token: string) =>
    `${publicUrl}/newsletter/unsubscribe?${new URLSearchParams({ token }).toString()}`;

  const service = {
    admin: createAdminNewsletterService({
      db,
      mail,
      audit: deps.audit,
      staffNames: deps.staffNames,
      unsubscribeUrl,
      publicUrl,
      batchSize: deps.campaignBatchSize,
      log: deps.log,
    }),

    /**
     * A signed-in shopper's "promotional emails" box, in the caller's transaction (which also
     * stores the setting the answer implies: on only when subscribed). Ticked with a verified
     * account email: subscribed at once, as that address has already proved it is theirs (ADR
     * 036); with an unverified one: a confirmation link is sent, as for the footer form.
     * Unticked: unsubscribed. Returns where the subscription now stands.
     */
    async setForAccount(
      q: Queryable,
      account: { email: string; emailVerified: boolean },
      want: boolean,
    ): Promise<AccountNewsletterState> {
      const email = account.email.toLowerCase();
      const existing = await findSubscriber(q, email);
      const active = Boolean(existing?.confirmedAt && !existing.unsubscribedAt);
      if (!want) {
        if (existing) await unsubscribeByEmail(q, email);
        return 'off';
      }
      if (active) return 'subscribed';
      if (account.emailVerified) {
        await saveConfirmedSubscriber(q, { email, source: 'account', unsubscribeToken: newToken().token });
        return 'subscribed';
      }
      const confirm = newToken();
      await savePendingSubscriber(q, {
        email,
        source: 'account',
        tokenHash: confirm.hash,
        expiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_HOURS * HOUR),
        unsubscribeToken: newToken().token,
      });
      const url = `${publicUrl}/newsletter/confirm?${new URLSearchParams({ token: confirm.token }).toString()}`;
      await mail.enqueue(
        q,
        newsletterConfirmMail({ to: email, url, expiresInHours: NEWSLETTER_CONFIRM_HOURS }),
      );
      return 'pending';
    },

    /** Where an address's subscription stands (the dashboard's settings). */
    async stateOf(email: string): Promise<AccountNewsletterState> {
      const row = await findSubscriber(db, email.toLowerCase());
      if (!row) return 'off';
      if (row.confirmedAt && !row.unsubscribedAt) return 'subscribed';
      return row.confirmTokenHash && row.confirmExpiresAt && row.confirmExpiresAt > new Date()
        ? 'pending'
        : 'off';
    },

    /** The /newsletter form's sign-up: parses the form's fields once, then signUp. */
    subscribe(
      input: unknown,
      meta: { ip: string; source?: string },
    ): Promise<{ email: string; message: string }> {
      return service.signUp(parseInput(NewsletterSubscribeInput, input), meta);
    },

    /**
     * Starts a subscription (the sign-up already parsed, as the JSON route's body is): emails a
     * confirmation link unless the address is already subscribed. The answer is the same either
     * way, so the form reveals nobody's subscription.
     */
    async signUp(
      values: NewsletterSubscribeInput,
      meta: { ip: string; source?: string },
    ): Promise<{ email: string; message: string }> {
      const email = values.email.toLowerCase();
      await limiter.consume(NEWSLETTER_RATE_LIMITS.signUpPerAddress, meta.ip);
      await limiter.consume(NEWSLETTER_RATE_LIMITS.signUpPerEmail, email);
      await db.transaction(async (tx) => {
        const existing = await findSubscriber(tx, email);
        if (existing?.confirmedAt && !existing.unsubscribedAt) return; // already in: nothing to send
        const confirm = newToken();
        await savePendingSubscriber(tx, {
          email,
          source: meta.source ?? 'footer',
          tokenHash: confirm.hash,
          expiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_HOURS * HOUR),
          unsubscribeToken: newToken().token,
        });
        const url = `${publicUrl}/newsletter/confirm?${new URLSearchParams({ token: confirm.token }).toString()}`;
        await mail.enqueue(
          tx,
          newsletterConfirmMail({ to: email, url, expiresInHours: NEWSLETTER_CONFIRM_HOURS }),
        );
      });
      return { email, message: NEWSLETTER_CHECK_INBOX };
    },

    /** The /newsletter/confirm page's button: parses the link's token once, then confirmLink. */
    confirm(input: unknown): Promise<{ email: string }> {
      return service.confirmLink(parseInput(NewsletterTokenInput, input));
    },

    /** Uses a confirmation link (once, its token parsed): the address now counts as a subscriber. */
    async confirmLink({ token }: NewsletterTokenInput): Promise<{ email: string }> {
      const email = await db.transaction(async (tx) => {
        const confirmed = await confirmByTokenHash(tx, hashToken(token));
        if (confirmed) await setting?.setByEmail(tx, confirmed, true);
        return confirmed;
      });
      if (!email) throw new ValidationError(LINK_SPENT, { token: [LINK_SPENT] });
      return { email };
    },

    /**
     * The /newsletter/unsubscribe page's link: parses its token once (a malformed one is a link
     * that was never ours: null), then unsubscribeLink.
     */
    async unsubscribe(input: unknown): Promise<{ email: string } | null> {
      const parsed = NewsletterTokenInput.safeParse(input);
      return parsed.success ? service.unsubscribeLink(parsed.data) : null;
    },

    /**
     * Unsubscribes the address behind a mailing's link (its token parsed); doing it again changes
     * nothing and answers the same. Null for a link that was never ours.
     */
    async unsubscribeLink({ token }: NewsletterTokenInput): Promise<{ email: string } | null> {
      const email = await db.transaction(async (tx) => {
        const out = await unsubscribeByToken(tx, token);
        if (out) await setting?.setByEmail(tx, out, false);
        return out;
      });
      return email ? { email } : null;
    },

    /** Forgets addresses whose confirmation link expired unused (run with the hourly pruning). */
    pruneUnconfirmed(): Promise<number> {
      return deleteUnconfirmed(db, new Date());
    },

    /** How many confirmed, still-subscribed addresses there are. */
    countSubscribers(): Promise<number> {
      return countSubscribed(db);
    },

    /**
     * Confirmed subscribers, a page at a time, each with the unsubscribe link its mailing must
     * carry (see newsletterMailing in server/modules/mail/newsletter-templates.tsx).
     */
    async subscribers(options: { limit: number; afterId?: number }) {
      const rows = await listSubscribed(db, options);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        unsubscribeUrl: unsubscribeUrl(r.unsubscribeToken),
      }));
    },
  };
  return service;
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
