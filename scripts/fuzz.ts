// npm run fuzz: the long pass of the property-based fuzzer (ADR 048). Builds a shop on PGlite (or
// the PostgreSQL server in TEST_DATABASE_URL), sends FUZZ_REQUESTS (default 10,000) requests drawn
// from FUZZ_SEED (default: random, printed), prints the counts by status class and route and the
// database integrity check, and exits non-zero on any 5xx, broken refusal or integrity problem.
// Every run starts with a sweep: each route-and-role of the route table, then each route's edge
// probes (a bent address with an odd Host; huge and odd paging values), issue 29.
//   FUZZ_SEED=1234 FUZZ_REQUESTS=20000 npm run fuzz
// These (and TEST_DATABASE_URL) may also be in the .env file, read first (ADR 068).
import '#server/load-env-file.ts';
import { edgeUnits, formatReport, prepareWorld, runFuzz, unlimitedRateLimits } from '#tests/helpers/fuzz.ts';
import { uncoveredRoutes } from '#tests/helpers/route-table.ts';
import { createTestShop, LogCapture } from '#tests/helpers/test-app.ts';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const requests = Number(process.env.FUZZ_REQUESTS ?? 10_000);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(requests) || requests < 1) {
  console.error('FUZZ_SEED and FUZZ_REQUESTS must be whole numbers.');
  process.exit(2);
}

console.log(
  `fuzzing with seed ${seed} (replay: FUZZ_SEED=${seed} npm run fuzz), ${requests} requests, on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const logs = new LogCapture();
const shop = await createTestShop({ pages: true, logs, config: { rateLimits: unlimitedRateLimits() } });
try {
  const world = await prepareWorld(shop);
  console.log(
    `${world.api.length} API operations, ${world.forms.length} forms on ${world.pages.length} crawled pages`,
  );
  const { actions, serverRoutes, units, synthesized } = world.coverage;
  console.log(
    `route table: ${actions.length} page routes with an action, ${serverRoutes.length} non-GET server routes; ` +
      `${units.length} route-and-role units, ${synthesized.length} of them without a crawled form (filled from the route table)`,
  );
  const edges = edgeUnits(world.edges);
  console.log(
    `edge probes: ${world.edges.length} routes (pages and server routes), ${edges.length} probes (bent address with odd Host; huge and odd paging on GET)`,
  );
  const report = await runFuzz(world, {
    seed,
    requests,
    onProgress: (sent) => console.log(`  … ${sent} sent`),
    show: process.env.FUZZ_SHOW ? Number(process.env.FUZZ_SHOW) : undefined,
  });
  console.log(formatReport(report));
  const uncovered = uncoveredRoutes(units, Object.keys(report.reached));
  console.log(`\nroute-and-role units reached: ${units.length - uncovered.length} of ${units.length}`);
  for (const u of uncovered) console.log(`  ✗ never sent: ${u}`);
  // Client mistakes are logged at warn or below: an error line here is a bug or a policy to look at.
  const errors = logs.lines.filter((line) => Number(line.level) >= 50);
  console.log(`\nerror-level log lines: ${errors.length}`);
  for (const line of errors.slice(0, 10)) {
    const err = line.err as { type?: string; message?: string } | undefined;
    console.log(`  ${String(line.msg)}: ${err?.type ?? ''} ${err?.message?.slice(0, 200) ?? ''}`);
  }
  const unsent = edges.filter((unit) => !report.edges[unit]);
  console.log(`edge probes sent: ${edges.length - unsent.length} of ${edges.length}`);
  for (const u of unsent.slice(0, 20)) console.log(`  ✗ never sent: ${u}`);
  const failed =
    report.problems.length > 0 || report.integrity.length > 0 || uncovered.length > 0 || unsent.length > 0;
  console.log(failed ? `\nFAILED (seed ${seed})` : `\nOK (seed ${seed})`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await shop.close();
}
