// Loaded into the shop process by bench/soak.ts (`node --expose-gc --import bench/soak-probe.mjs …`):
// every SOAK_PROBE_MS it collects garbage and sends the memory it still holds to the bench over
// the IPC channel. Nothing in the shop knows of it; without the channel it does nothing.
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
