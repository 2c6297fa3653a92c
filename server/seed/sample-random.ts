// The sample data's dice: a seeded xoroshiro128+ (pure-rand), so every seed draws the same
// customers and orders. Nothing here is for secrets.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Dice {
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** Digits, as a string of `n` characters. */
  digits(n: number): string;
}

export function dice(seed: number): Dice {
  const rng = xoroshiro128plus(seed);
  const int = (min: number, max: number) => uniformInt(rng, min, max);
  return {
    int,
    chance: (p) => int(0, 9_999) < p * 10_000,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('Nothing to pick from');
      return items[int(0, items.length - 1)]!;
    },
    weighted: (items, weight) => {
      const weights = items.map((item) => Math.max(0, Math.round(weight(item) * 1000)));
      const total = weights.reduce((a, b) => a + b, 0);
      if (total === 0) throw new RangeError('Nothing to pick from');
      let roll = int(0, total - 1);
      for (const [i, w] of weights.entries()) {
        if (roll < w) return items[i]!;
        roll -= w;
      }
      return items[items.length - 1]!;
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
}
