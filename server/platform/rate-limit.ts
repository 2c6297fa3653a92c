// Rate limits kept in the database, so every process behind a load balancer shares them.
// Fixed windows: simple, and plenty to slow down password guessing and email bombing.
import { createHash } from 'node:crypto';
import type { Queryable } from '#server/db/client.ts';
import { RateLimitError } from '#server/platform/errors.ts';
import { deleteCounter, deleteCountersOlderThan, hitCounter, readCounter } from './rate-limit.repository.ts';

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

export function createRateLimiter(deps: { db: Queryable; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  return {
    /** Counts an attempt; throws RateLimitError (429) once the limit is passed. */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const { hits, windowStartedAt } = await hitCounter(db, keyFor(rule, subject), rule.windowMs);
      if (hits > rule.limit) throw limitError(rule, windowStartedAt, now());
    },
    /** Throws when the limit is already reached, without counting (for limits on failures only). */
    async check(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = await readCounter(db, keyFor(rule, subject), rule.windowMs);
      if (counter && counter.hits >= rule.limit) throw limitError(rule, counter.windowStartedAt, now());
    },
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
