// The crash drill, short (ADR 051): the shop as a real process on PostgreSQL, under a stream of
// checkouts, sandbox payments and staff saves, killed with SIGKILL four times and restarted; after
// each restart and at the end nothing is half written, no stock is lost or held for ever, no payment
// is applied twice and every email due was sent once. `npm run drill:crash` is the long one (20
// kills, on PGlite too).
import { describe, expect, it } from 'vitest';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import { runCrashDrill } from '../../bench/crash-drill.ts';

describe.skipIf(!usingPostgres)(
  'the crash drill (PostgreSQL pass only; npm run drill:crash runs PGlite too)',
  () => {
    it('survives four kill -9s under load with every order, unit of stock, payment and email accounted for', async () => {
      const lines: string[] = [];
      const result = await runCrashDrill({
        engine: 'postgres',
        crashes: 4,
        adminUrl: process.env.TEST_DATABASE_URL,
        loadMs: [400, 1200],
        log: (line) => lines.push(line),
      });
      expect(result.problems, lines.join('\n')).toEqual([]);
      expect(result.crashes).toBe(4);
      // The load really ran: orders, payments and staff saves happened between the kills.
      expect(result.orders).toBeGreaterThan(5);
      expect(result.done.paid).toBeGreaterThan(0);
      expect(result.done.saved).toBeGreaterThan(0);
    }, 90_000);
  },
);
