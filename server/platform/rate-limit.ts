// Rate limits kept in the database, so every process behind a load balancer shares them.
// Fixed windows: simple, and plenty to slow down password guessing and email bombing.
import { createHash } from 'node:crypto';
import type { Queryable } from '#server/db/client.ts';
import { RateLimitError } from '#server/platform/errors.ts';
import {
  deleteCounter,
  deleteCountersOlderThan,
  hitCounter,
  hitCounters,
  readCounter,
} from './rate-limit.repository.ts';

export interface RateLimitRule {
  /** Namespace, e.g. "sign-in:ip". */
  name: string;
  limit: number;
  windowMs: number;
  /** Shown to the shopper when the limit is reached; "{wait}" becomes "3 minutes". */
  message: string;
}

function keyFor(rule: RateLimitRule, subject: string): string {
  // Subjects are addresses and emails: keep them out of the table in the clear.
  return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function limitError(rule: RateLimitRule, windowStartedAt: Date, now: number): RateLimitError {
  const retryAfter = Math.max(1, Math.ceil((windowStartedAt.getTime() + rule.windowMs - now) / 1000));
  return new RateLimitError(rule.message.replace('{wait}', waitText(retryAfter)), retryAfter);
}

/** A rule's limit and window changed by configuration (RATE_LIMITS), by the rule's name. */
export type RateLimitOverrides = Record<string, { limit: number; windowMs?: number }>;

export function createRateLimiter(deps: {
  db: Queryable;
  now?: () => number;
  overrides?: RateLimitOverrides;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const overrides = deps.overrides ?? {};
  /** The rule as configured: every caller's rule can be tuned without changing the caller. */
  const configured = (rule: RateLimitRule): RateLimitRule => {
    const override = overrides[rule.name];
    return override ? { ...rule, limit: override.limit, windowMs: override.windowMs ?? rule.windowMs } : rule;
  };
  return {
    /**
     * Counts an attempt; throws RateLimitError (429) once the limit is passed. The count is taken
     * first, in one atomic statement, so it is also a reservation: however many requests race,
     * in however many processes, at most `limit` of them get through per window.
     */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const r = configured(rule);
      const { hits, windowStartedAt } = await hitCounter(db, keyFor(r, subject), r.windowMs);
      if (hits > r.limit) throw limitError(r, windowStartedAt, now());
    },
    /**
     * `consume` for each rule in turn, in one round trip: a rule is counted only when every rule
     * before it let the attempt through; throws the first refusal's RateLimitError.
     */
    async consumeInOrder(attempts: readonly { rule: RateLimitRule; subject: string }[]): Promise<void> {
      const rules = attempts.map((a) => configured(a.rule));
      const counts = await hitCounters(
        db,
        attempts.map((a, i) => ({
          key: keyFor(rules[i]!, a.subject),
          windowMs: rules[i]!.windowMs,
          limit: rules[i]!.limit,
        })),
      );
      for (const [i, { hits, windowStartedAt }] of counts.entries()) {
        if (hits > rules[i]!.limit) throw limitError(rules[i]!, windowStartedAt, now());
      }
    },
    /**
     * Throws when the limit is already reached, without counting. Not a reservation: requests
     * racing past it are all let through, so never use it to guard something costly (use
     * `consume`, then `reset` on success).
     */
    async check(rule: RateLimitRule, subject: string): Promise<void> {
      const r = configured(rule);
      const counter = await readCounter(db, keyFor(r, subject), r.windowMs);
      if (counter && counter.hits >= r.limit) throw limitError(r, counter.windowStartedAt, now());
    },
    /** The rule as this shop is configured (for tests and documentation). */
    configured,
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await deleteCounter(db, keyFor(rule, subject));
    },
    /** Drops counters whose windows ended long ago (run now and then). */
    async prune(olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
      return deleteCountersOlderThan(db, new Date(now() - olderThanMs));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
