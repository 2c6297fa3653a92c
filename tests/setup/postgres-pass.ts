// Which test files run a second time on PostgreSQL (ADR 072; vitest.postgres.config.ts).
//
// The rule: every test under server/ and tests/integration/ runs on PostgreSQL too, except the
// files named below. A file is named here only when nothing it checks could differ between the
// embedded PGlite and a PostgreSQL server: pure units, HTTP headers, redirects, pages and logs, or
// a file that skips itself on PostgreSQL anyway. A new test file therefore runs on both unless
// someone decides otherwise here, with a reason. scripts/postgres-pass.test.ts refuses a name that
// does not exist, and a named file that shows signs of depending on the database engine
// (TEST_DATABASE_URL, scratch databases, locks, NOTIFY, the cache bus, things run at once).

/** Where the PostgreSQL pass looks for test files. */
export const POSTGRES_PASS_INCLUDE = ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'];

/** Files that run once, on PGlite only, and why. */
export const ONCE_ON_PGLITE: Record<string, string> = {
  // Units with no database at all.
  'server/cli/read-password.test.ts': 'reads a password from a terminal; no database',
  'server/env.test.ts': 'parses the environment; no database',
  'server/env-file.test.ts': 'reads .env files; no database',
  'server/modules/content/markdown.test.ts': 'renders Markdown; no database',
  'server/modules/mail/mailbox-masking.test.ts': 'masks links in text; no database',
  'server/modules/mail/templates.test.ts': 'renders email templates; no database',
  'server/modules/payments/providers/paystack.test.ts': 'talks to a fake Paystack; no database',
  'server/platform/auth/password.test.ts': 'hashes passwords; no database',
  'server/platform/page-cache.test.ts': 'an in-memory page cache with a fake bus; no database',
  'server/seed/catalogue.test.ts': 'checks the sample catalogue as data; no database',
  // The embedded database's own machinery: PGlite whatever TEST_DATABASE_URL says.
  'server/db/pglite-statements.test.ts': "PGlite's kept prepared statements",
  'server/db/housekeeping.test.ts': "PGlite's housekeeping",
  'tests/integration/env-file-commands.test.ts':
    'skips itself on PostgreSQL (commands on the embedded database)',
  'tests/integration/process.test.ts': 'skips itself on PostgreSQL (one embedded shop process)',
  'tests/integration/production-start.test.ts':
    'skips itself on PostgreSQL (start-up on the embedded database)',
  // HTTP: headers, redirects, hosts, cookies, the API description, pages and their scripts, logs.
  'tests/integration/canonical-host.test.ts': 'redirects to the one origin',
  'tests/integration/host-cookies.test.ts': 'cookie attributes',
  'tests/integration/cross-site-requests.test.ts': 'Origin checks on forms',
  'tests/integration/open-redirect.test.ts': 'redirect targets',
  'tests/integration/same-origin-redirects.test.ts': 'redirect targets',
  'tests/integration/seo.test.ts': 'page titles, descriptions, sitemap markup',
  'tests/integration/openapi.test.ts': 'the API description',
  'tests/integration/openapi-completeness.test.ts': 'every route described',
  'tests/integration/javascript-budget.test.ts': "the built pages' JavaScript size",
  'tests/integration/storefront-shell.test.ts': "the storefront's page chrome",
  'tests/integration/admin-shell.test.ts': "the admin's page chrome",
  'tests/integration/log-hygiene.test.ts': 'what the shop logs',
  'tests/integration/log-secrets.test.ts': 'secrets kept out of logs',
  'tests/integration/log-ticket-links.test.ts': 'ticket links kept out of logs',
  'tests/integration/slow-clients.test.ts': 'socket time limits',
  'tests/integration/error-answers-on-sockets.test.ts': 'error answers on real sockets',
};

/**
 * Signs that a test depends on the database engine; a file showing one is never run once only.
 * (Things run at once: PGlite answers one statement at a time, PostgreSQL many.)
 */
export const ENGINE_SIGNS: { sign: RegExp; why: string }[] = [
  { sign: /TEST_DATABASE_URL|createScratchDatabase/, why: 'names the PostgreSQL server' },
  {
    sign: /runIf\(usingPostgres\)|skipIf\(!usingPostgres\)|usingPostgres\s*\?/,
    why: 'does something else on PostgreSQL',
  },
  { sign: /advisory|pg_try_advisory|FOR UPDATE|SKIP LOCKED|LOCK TABLE/, why: 'takes locks' },
  { sign: /\bLISTEN\b|\bNOTIFY\b|createCacheBus|cacheBus/, why: 'uses LISTEN/NOTIFY (the cache bus)' },
  { sign: /Promise\.all(Settled)?\(/, why: 'runs things at once' },
  {
    sign: /\.migrate\(\)|MIGRATIONS_DIR|dumpEmbedded|db:backup|db:restore|createBackup|restoreBackup/,
    why: 'migrations or backups',
  },
];
