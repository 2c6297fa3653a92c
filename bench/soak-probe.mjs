// Loaded into the shop process by bench/soak.ts (`node --expose-gc --import bench/soak-probe.mjs …`):
// every SOAK_PROBE_MS it collects garbage and sends the memory it still holds to the bench over
// the IPC channel. Nothing in the shop knows of it; without the channel it does nothing.
// SOAK_HEAP_SNAPSHOTS=dir:m1,m2 also writes a heap snapshot at each of those minutes (after a
// collection), to compare in Chrome's DevTools (Memory → Comparison) when the slope says growth.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const every = Number(process.env.SOAK_PROBE_MS ?? 10_000);

if (process.send) {
  process.channel?.unref();
  const sample = () => {
    // After a full collection heapUsed is what the process really keeps (a leak shows here).
    globalThis.gc?.();
    const m = process.memoryUsage();
    process.send?.({
      soakProbe: true,
      at: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
    });
  };
  setInterval(sample, every).unref();
  setTimeout(sample, 1000).unref();
}

const [snapshotDir, snapshotMinutes] = (process.env.SOAK_HEAP_SNAPSHOTS ?? '').split(':');
if (process.send && snapshotDir && snapshotMinutes) {
  mkdirSync(snapshotDir, { recursive: true });
  for (const minute of snapshotMinutes.split(',').map(Number)) {
    setTimeout(() => {
      globalThis.gc?.();
      writeHeapSnapshot(path.join(snapshotDir, `shop-minute-${minute}.heapsnapshot`));
    }, minute * 60_000).unref();
  }
}
