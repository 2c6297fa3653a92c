// Rate limits kept in the database, so every process behind a load balancer shares them.
// Fixed windows: simple, and plenty to slow down password guessing and email bombing.
import { createHash } from 'node:crypto';
import { RateLimitError } from '#server/platform/errors.ts';

type Count = { hits: number; windowStartedAt: Date };

/**
 * Where the counters are kept: a port platform owns and the database fills
 * (`rateLimitStore` in server/db/rate-limit-store.ts, one atomic statement each; ADR 094).
 */
export interface RateLimitStore {
  /** One hit against `key` in a fixed window; a window older than `windowMs` restarts. */
  hitCounter(key: string, windowMs: number): Promise<Count>;
  /** One hit per key in turn, in one statement, stopping after the first key over its limit. */
  hitCounters(counters: readonly { key: string; windowMs: number; limit: number }[]): Promise<Count[]>;
  readCounter(key: string, windowMs: number): Promise<Count | null>;
  deleteCounter(key: string): Promise<void>;
  deleteCountersOlderThan(before: Date): Promise<number>;
  takeDelayedTurn(
    key: string,
    at: Date,
    rule: { free: number; firstWaitMs: number; longestWaitMs: number; forgetAfterMs: number },
  ): Promise<{ taken: boolean; failures: number; lastAt: Date }>;
  readHits(key: string, since: Date): Promise<number>;
}

export interface RateLimitRule {
  /** Namespace, e.g. "sign-in:ip". */
  name: string;
  limit: number;
  windowMs: number;
  /** Shown to the shopper when the limit is reached; "{wait}" becomes "3 minutes". */
  message: string;
}

/**
 * A delay that grows with consecutive failures instead of a fixed limit (ADR 049): the first
 * `free` attempts go through at once; after that each attempt must wait `firstWaitMs` after the
 * last one, doubling with every further failure up to `longestWaitMs`. A success clears it
 * (`reset`); failures older than `forgetAfterMs` are forgotten.
 */
export interface DelayRule {
  /** Namespace, e.g. "sign-in:account". */
  name: string;
  free: number;
  firstWaitMs: number;
  longestWaitMs: number;
  forgetAfterMs: number;
  /** Shown when an attempt comes too soon; "{wait}" becomes "30 seconds". */
  message: string;
}

/** How long to wait after `failures` consecutive failures before the next attempt. */
export function delayAfter(rule: DelayRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.firstWaitMs * 2 ** Math.min(failures - rule.free, 40), rule.longestWaitMs);
}

/** The counter's key: subjects are addresses and emails, kept out of the table in the clear. */
export function rateLimitKey(name: string, subject: string): string {
  return `${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

function keyFor(rule: { name: string }, subject: string): string {
  return rateLimitKey(rule.name, subject);
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

/**
 * A rule's limit and window changed by configuration (RATE_LIMITS), by the rule's name. For a
 * delay rule, `limit` is its free attempts and `windowMs` its longest wait.
 */
export type RateLimitOverrides = Record<string, { limit: number; windowMs?: number }>;

export function createRateLimiter(deps: {
  store: RateLimitStore;
  now?: () => number;
  overrides?: RateLimitOverrides;
}) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const overrides = deps.overrides ?? {};
  /** The rule as configured: every caller's rule can be tuned without changing the caller. */
  const configured = (rule: RateLimitRule): RateLimitRule => {
    const override = overrides[rule.name];
    return override ? { ...rule, limit: override.limit, windowMs: override.windowMs ?? rule.windowMs } : rule;
  };
  const configuredDelay = (rule: DelayRule): DelayRule => {
    const override = overrides[rule.name];
    return override
      ? { ...rule, free: override.limit, longestWaitMs: override.windowMs ?? rule.longestWaitMs }
      : rule;
  };
  return {
    /**
     * Counts an attempt; throws RateLimitError (429) once the limit is passed. The count is taken
     * first, in one atomic statement, so it is also a reservation: however many requests race,
     * in however many processes, at most `limit` of them get through per window.
     */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const r = configured(rule);
      const { hits, windowStartedAt } = await store.hitCounter(keyFor(r, subject), r.windowMs);
      if (hits > r.limit) throw limitError(r, windowStartedAt, now());
    },
    /**
     * `consume` for each rule in turn, in one round trip: a rule is counted only when every rule
     * before it let the attempt through; throws the first refusal's RateLimitError.
     */
    async consumeInOrder(attempts: readonly { rule: RateLimitRule; subject: string }[]): Promise<void> {
      const rules = attempts.map((a) => configured(a.rule));
      const counts = await store.hitCounters(
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
      const counter = await store.readCounter(keyFor(r, subject), r.windowMs);
      if (counter && counter.hits >= r.limit) throw limitError(r, counter.windowStartedAt, now());
    },
    /**
     * Takes this attempt's turn under a growing delay, in one atomic upsert (no read first): when
     * the subject is not waiting, the attempt is counted as a failure before it is judged (so
     * racing attempts each take their own turn, and none gets through while another waits) and
     * this returns; when it must wait, it throws RateLimitError with how long, counting nothing.
     * Call `reset` when the attempt turns out right.
     */
    async takeTurn(rule: DelayRule, subject: string): Promise<void> {
      const r = configuredDelay(rule);
      const at = new Date(now());
      const turn = await store.takeDelayedTurn(keyFor(r, subject), at, {
        free: r.free,
        firstWaitMs: r.firstWaitMs,
        longestWaitMs: r.longestWaitMs,
        forgetAfterMs: r.forgetAfterMs,
      });
      if (turn.taken) return;
      const waitMs = turn.lastAt.getTime() + delayAfter(r, turn.failures) - at.getTime();
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      throw new RateLimitError(r.message.replace('{wait}', waitText(retryAfter)), retryAfter);
    },
    /** Consecutive failures counted under a delay rule (0 once forgotten). */
    async failures(rule: DelayRule, subject: string): Promise<number> {
      const r = configuredDelay(rule);
      return store.readHits(keyFor(r, subject), new Date(now() - r.forgetAfterMs));
    },
    /** The rule as this shop is configured (for tests and documentation). */
    configured,
    configuredDelay,
    async reset(rule: { name: string }, subject: string): Promise<void> {
      await store.deleteCounter(keyFor(rule, subject));
    },
    /** Drops counters whose windows ended long ago (run now and then). */
    async prune(olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
      return store.deleteCountersOlderThan(new Date(now() - olderThanMs));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
