// Zod compiles fast parsers with `new Function` when it may, and probes for that as soon as a
// schema is built; the shop's Content-Security-Policy (ADR 018) forbids eval in the browser, so
// the probe is reported as a policy violation. Zod reads its settings from this global (its own
// `z.config` writes there too): setting it here, from the root module that runs before any route
// module builds a schema, keeps Zod out of the first page load's JavaScript. Browser only: the
// server keeps the compiled parsers.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== 'undefined') {
  zodGlobal.__zod_globalConfig ??= {};
  zodGlobal.__zod_globalConfig.jitless = true;
}

export {};
