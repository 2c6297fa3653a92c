// The launch checklist's record of the last request on PUBLIC_URL's host (ADR 071): only that
// host counts, and each process writes it to the settings at most once a minute.
import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/platform/logger.ts';
import { createLaunchService } from './launch.service.ts';
import { PUBLIC_HOST_SEEN_KEY } from './launch-types.ts';

function launchWithClock() {
  let clock = Date.parse('2026-11-27T10:00:00Z');
  const written: [string, string][] = [];
  const launch = createLaunchService({
    db: {} as never,
    config: {
      publicUrl: 'https://Crownhair.ng',
      dataDir: '/nowhere',
      backupEveryHours: 0,
      database: 'pglite',
    },
    content: {
      demoEnded: async () => null,
      facts: async () => new Map(),
      recordFact: async (key, value) => {
        written.push([key, value]);
      },
    },
    settings: { savedAt: async () => ({}) },
    sampleData: { status: async () => ({ remaining: 0, byKind: {} }), remove: async () => ({}) },
    staff: { list: async () => [] },
    webhooks: { last: async () => null },
    deliveries: { lastAttempt: async () => null, lastOf: async () => null },
    mail: { enqueue: async () => {} },
    audit: {
      record: async () => {
        throw new Error('not asked here');
      },
    },
    backups: async (dir) => ({ newest: null, dir, failure: null }),
    log: createLogger({ level: 'silent' }),
    now: () => clock,
  });
  return { launch, written, advance: (ms: number) => (clock += ms) };
}

describe('the last request on the public host', () => {
  it('counts only PUBLIC_URL’s host, in any case', () => {
    const { launch, written } = launchWithClock();
    launch.sawRequest('203.0.113.7');
    launch.sawRequest('www.crownhair.ng');
    launch.sawRequest(undefined);
    expect(written).toEqual([]);
    launch.sawRequest('CROWNHAIR.ng');
    expect(written).toEqual([[PUBLIC_HOST_SEEN_KEY, '2026-11-27T10:00:00.000Z']]);
  });

  it('writes at most once a minute per process', () => {
    const { launch, written, advance } = launchWithClock();
    launch.sawRequest('crownhair.ng');
    advance(30_000);
    launch.sawRequest('crownhair.ng');
    advance(29_000);
    launch.sawRequest('crownhair.ng');
    expect(written).toHaveLength(1);
    advance(1_000);
    launch.sawRequest('crownhair.ng');
    expect(written.map(([, at]) => at)).toEqual(['2026-11-27T10:00:00.000Z', '2026-11-27T10:01:00.000Z']);
  });
});
