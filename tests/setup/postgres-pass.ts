// Which test files run a second time on PostgreSQL (ADR 072, ADR 096; vitest.postgres.config.ts).
//
// The criterion: a file runs again on PostgreSQL when what it checks can come out differently on
// a PostgreSQL server than on the embedded PGlite. PGlite is PostgreSQL's own code compiled to
// WebAssembly, so one statement means the same on both; what differs is everything around the
// statement: PGlite runs one statement at a time in one process with no server, PostgreSQL many
// at once over a pool. So a file runs on both when it checks
//   - things at once: races, row locks (FOR UPDATE, SKIP LOCKED), advisory locks, workers or sweeps
//     run side by side, which PGlite only ever runs one after the other;
//   - LISTEN/NOTIFY: the cache bus and the triggers that announce changes (PGlite has no bus);
//   - an outage, readiness, a crash: connections cut, a pool that reconnects, kill -9;
//   - several processes or the production topology on one database;
//   - migrations applied to an existing database, backups and restores (pg_dump, a new database);
//   - what the server itself decides: its time-zone data (Lagos days in SQL), the pg_trgm
//     extension PGlite loads on its own, and the driver's types (node-postgres answers counts and
//     sums as strings, PGlite as numbers).
// Every other file checks pages, forms, JSON, mail and rules one request at a time, which run the
// same statements on either engine: it runs once, on PGlite. Both lists name every test file under
// server/ and tests/integration/; scripts/postgres-pass.test.ts fails on a file in neither (a new
// test file must be put in one, with its reason) and on a run-once file that shows a sign of
// depending on the engine without an answer in SIGNS_ANSWERED.

/** Where a test can build a database: every test file here is in exactly one list below. */
export const DATABASE_TEST_FOLDERS = ['server', 'tests/integration'];

/** Files run again on PostgreSQL, and why each can differ there. */
export const ON_POSTGRES: Record<string, string> = {
  // Things at once.
  'tests/integration/purchase-races.test.ts': 'many checkouts of the last units at once',
  'tests/integration/store-credit.test.ts':
    'checkouts, spends and take-backs racing for one balance: never below zero (row locks)',
  'tests/integration/receipts.test.ts': 'payments at once take one receipt number each, without a gap',
  'tests/integration/refund-webhooks.test.ts':
    'two background checks of one refund at once apply its outcome once (row lock)',
  'tests/integration/layaway-admin.test.ts':
    'the due-this-week and overdue lists, worked out from Lagos dates in SQL',
  'tests/integration/refund-races.test.ts':
    'staff refunding one order at once never pass what was paid (row lock)',
  'tests/integration/one-hold-per-cart.test.ts': 'two checkouts of one cart at once leave one unpaid order',
  'tests/integration/admin-products.test.ts': "the owner's stock edit racing 50 checkouts",
  'tests/integration/admin-orders.test.ts':
    'three staff confirming one offline payment at once: confirmed once',
  'tests/integration/reviews.test.ts': 'two posts of one review at once; the counts a trigger keeps',
  'tests/integration/back-in-stock.test.ts': 'sweeps run at once send each waiting shopper one email',
  'tests/integration/abandoned-cart.test.ts': 'two sweeps at once send one reminder',
  'tests/integration/layaway-jobs.test.ts':
    'two default sweeps at once end a plan once; two reminder sweeps send one email (SKIP LOCKED)',
  'tests/integration/layaway.test.ts':
    "a deposit's webhook and the shopper's returns at once add it to the plan once (row locks)",
  'tests/integration/abuse-limits.test.ts': "40 guesses at once against one account's counters",
  'tests/integration/sign-in-delay.test.ts': 'racing guesses each take their own turn (row locks)',
  'tests/integration/dashboard-roll-up.test.ts': 'roll-up rows written by parallel transactions; Lagos days',
  'tests/integration/admin-newsletter.test.ts':
    'a campaign sent from two processes at once reaches each address once',
  'tests/integration/mail-outage.test.ts': 'two outbox workers never send one message twice',
  'server/modules/mail/outbox.test.ts': 'several outbox workers deliver each mail once (SKIP LOCKED)',
  'server/db/process-locks.test.ts': 'advisory locks between processes (skips itself on PGlite)',
  // LISTEN/NOTIFY: the cache bus and the triggers that announce changes.
  'tests/integration/page-cache.test.ts': 'kept pages forget what the cache bus announces',
  'tests/integration/account-cache.test.ts': "triggers announce an account's changes; caches forget them",
  'tests/integration/product-list-json.test.ts': "a change behind the services' back reaches the next answer",
  'tests/integration/admin-settings.test.ts': 'a second process sees a settings change at once',
  // Outage, readiness, crashes; several processes; the topology.
  'tests/integration/database-outage.test.ts': 'connections cut under load, the pool reconnects',
  'tests/integration/probes.test.ts': 'ready only with every migration applied and the database answering',
  'tests/integration/crash-drill.test.ts': 'the shop killed with SIGKILL on PostgreSQL and restarted',
  'tests/integration/crash-checks.test.ts':
    "the drill's checks can fail where the drill runs (the driver's types of counts and sums)",
  'tests/integration/two-processes.test.ts': 'two shop processes on one database behave as one shop',
  'tests/integration/production-topology.test.ts': 'Caddy in front of two processes on one database',
  // Migrations, backups.
  'tests/integration/migrations-upgrade.test.ts': "the previous release's database upgraded",
  'tests/integration/backup-restore.test.ts': 'pg_dump into an archive, restored into a new database',
  'tests/integration/scheduled-backups.test.ts': 'pg_dump while the shop takes checkouts',
  // What the server itself decides.
  'server/modules/catalog/catalog.listing.test.ts': 'search (pg_trgm, ILIKE), filters and sorting in SQL',
  'tests/integration/admin-dashboard.test.ts': "the dashboard's Lagos days, worked out in SQL (AT TIME ZONE)",
};

const NO_DATABASE = 'no database';
const IN_TURN = 'pages, forms, JSON or mail, one request at a time: the same statements on either engine';

/** Files that run once, on PGlite only, and why. */
export const ONCE_ON_PGLITE: Record<string, string> = {
  // Units with no database at all.
  'server/cli/read-password.test.ts': `reads a password from a terminal; ${NO_DATABASE}`,
  'server/env.test.ts': `parses the environment; ${NO_DATABASE}`,
  'server/env-file.test.ts': `reads .env files; ${NO_DATABASE}`,
  'server/modules/content/markdown.test.ts': `renders Markdown; ${NO_DATABASE}`,
  'server/modules/mail/mailbox-masking.test.ts': `masks links in text; ${NO_DATABASE}`,
  'server/modules/mail/templates.test.ts': `renders email templates; ${NO_DATABASE}`,
  'server/modules/orders/receipt-pdf.test.ts': `makes a receipt's PDF; ${NO_DATABASE}`,
  'server/modules/payments/providers/paystack.test.ts': `talks to a fake Paystack; ${NO_DATABASE}`,
  'server/modules/payments/providers/paystack-refunds.test.ts': `talks to a stubbed Paystack; ${NO_DATABASE}`,
  'server/platform/auth/password.test.ts': `hashes passwords; ${NO_DATABASE}`,
  'server/platform/page-cache.test.ts': `an in-memory page cache with a fake bus; ${NO_DATABASE}`,
  'server/platform/cache.test.ts': `an in-memory cache; ${NO_DATABASE}`,
  'server/seed/catalogue.test.ts': `checks the sample catalogue as data; ${NO_DATABASE}`,
  'server/db/data-folder-lock.test.ts': `the embedded database's lock file; ${NO_DATABASE}`,
  // The embedded database's own machinery: PGlite whatever TEST_DATABASE_URL says.
  'server/db/pglite-statements.test.ts': "PGlite's kept prepared statements",
  'server/db/housekeeping.test.ts': "PGlite's housekeeping",
  'tests/integration/env-file-commands.test.ts':
    'skips itself on PostgreSQL (commands on the embedded database)',
  'tests/integration/process.test.ts': 'skips itself on PostgreSQL (one embedded shop process)',
  'tests/integration/production-start.test.ts':
    'skips itself on PostgreSQL (start-up on the embedded database)',
  'tests/integration/data-folder-lock.test.ts': "skips itself on PostgreSQL (the embedded database's lock)",
  // HTTP: headers, redirects, hosts, cookies, the API description, pages and their scripts, logs.
  'tests/integration/canonical-host.test.ts': 'redirects to the one origin',
  'tests/integration/host-cookies.test.ts': 'cookie attributes',
  'tests/integration/cross-site-requests.test.ts': 'Origin checks on forms',
  'tests/integration/open-redirect.test.ts': 'redirect targets',
  'tests/integration/same-origin-redirects.test.ts': 'redirect targets',
  'tests/integration/security-headers.test.ts': 'response headers and CSP nonces',
  'tests/integration/seo.test.ts': 'page titles, descriptions, sitemap markup',
  'tests/integration/openapi.test.ts': 'the API description',
  'tests/integration/openapi-completeness.test.ts': 'every route described',
  'tests/integration/javascript-budget.test.ts': "the built pages' JavaScript size",
  'tests/integration/storefront-shell.test.ts': "the storefront's page chrome",
  'tests/integration/admin-shell.test.ts': "the admin's page chrome",
  'tests/integration/category-ways-in.test.ts': "the menus' links to every category",
  'tests/integration/page-errors.test.ts': '404 and 400 pages for missing and malformed ids',
  'tests/integration/page-error-wrappers.test.ts': 'how a refusal becomes a page',
  'tests/integration/log-hygiene.test.ts': 'what the shop logs',
  'tests/integration/log-secrets.test.ts': 'secrets kept out of logs',
  'tests/integration/log-ticket-links.test.ts': 'ticket links kept out of logs',
  'tests/integration/slow-clients.test.ts': 'socket time limits',
  'tests/integration/error-answers-on-sockets.test.ts': 'error answers on real sockets',
  // Pages, forms, JSON and mail one request at a time.
  'server/seed/seed.test.ts': `the sample shop loads once; ${IN_TURN}`,
  'server/seed/sample-shop.test.ts': `the sample orders and customers; ${IN_TURN}`,
  'server/modules/launch/launch.service.test.ts': `the last request's host, written once a minute; ${IN_TURN}`,
  'tests/integration/refunds.test.ts': `refunds, their webhooks and permissions through the API; ${IN_TURN}`,
  'server/modules/mail/smtp.test.ts': `delivery over SMTP; ${IN_TURN}`,
  'server/modules/media/media.test.ts': `images and renditions; ${IN_TURN}`,
  'tests/integration/access-control.test.ts': `who may open the admin; ${IN_TURN}`,
  'tests/integration/account-dashboard.test.ts': `the account dashboard; ${IN_TURN}`,
  'tests/integration/accounts-passwords.test.ts': `password resets and changes; ${IN_TURN}`,
  'tests/integration/accounts-sign-in.test.ts': `sign-up, sign-in, sessions; ${IN_TURN}`,
  'tests/integration/admin-audit-trails.test.ts': `audit trails on detail pages; ${IN_TURN}`,
  'tests/integration/admin-banners.test.ts': `the banners screen; ${IN_TURN}`,
  'tests/integration/admin-complaints.test.ts': `the complaints screen; ${IN_TURN}`,
  'tests/integration/admin-discounts.test.ts': `the discounts screen; ${IN_TURN}`,
  'tests/integration/admin-permissions.test.ts': `the permission matrix; ${IN_TURN}`,
  'tests/integration/admin-products-sample.test.ts': `the sample products through the form; ${IN_TURN}`,
  'tests/integration/admin-reviews.test.ts': `the reviews screen; ${IN_TURN}`,
  'tests/integration/admin-users.test.ts': `the users screens; ${IN_TURN}`,
  'tests/integration/cart-lines-api.test.ts': `the cart's JSON API; ${IN_TURN}`,
  'tests/integration/cart.test.ts': `the cart; ${IN_TURN}`,
  'tests/integration/checkout.test.ts': `the purchase path, one shopper (its races are above); ${IN_TURN}`,
  'tests/integration/demo-admin-account.test.ts': `the demo admin's rules; ${IN_TURN}`,
  'tests/integration/demo-mode.test.ts': `demo mode and the start guards; ${IN_TURN}`,
  'tests/integration/factories.test.ts': `the test factories; ${IN_TURN}`,
  'tests/integration/fuzz.test.ts': `bad input to every operation and form; ${IN_TURN}`,
  'tests/integration/guest-orders-join.test.ts': `guest orders join an account; ${IN_TURN}`,
  'tests/integration/holds.test.ts': `stock holds and their expiry; ${IN_TURN}`,
  'tests/integration/launch-checklist.test.ts': `the launch checklist; ${IN_TURN}`,
  'tests/integration/mailbox-rule.test.ts': `the local mailbox rule; ${IN_TURN}`,
  'tests/integration/media-storage-full.test.ts': `a full disk for photos; ${IN_TURN}`,
  'tests/integration/media-upload.test.ts': `photo uploads; ${IN_TURN}`,
  'tests/integration/newsletter.test.ts': `newsletter double opt-in; ${IN_TURN}`,
  'tests/integration/notification-settings.test.ts': `notification settings obeyed; ${IN_TURN}`,
  'tests/integration/object-access.test.ts': `whose things a route opens; ${IN_TURN}`,
  'tests/integration/order-machine.test.ts': `the order state machine; ${IN_TURN}`,
  'tests/integration/order-messages.test.ts': `what the shop tells about an order; ${IN_TURN}`,
  'tests/integration/payment-drills.test.ts': `webhooks early, late and twice; ${IN_TURN}`,
  'tests/integration/paystack-checkout.test.ts': `checkout with Paystack; ${IN_TURN}`,
  'tests/integration/personal-slots.test.ts': `personal parts of kept pages; ${IN_TURN}`,
  'tests/integration/pricing-agreement.test.ts': `one pricing path end to end; ${IN_TURN}`,
  'tests/integration/product-page.test.ts': `the product page; ${IN_TURN}`,
  'tests/integration/production-build-loaded.test.ts': `which React and React Router builds the started shop loads; ${IN_TURN}`,
  'tests/integration/promo-customer-rules.test.ts': `per-customer promo rules; ${IN_TURN}`,
  'tests/integration/react-router-patch.test.ts': `the React Router patch still takes effect on rendered pages; ${IN_TURN}`,
  'tests/integration/renditions-ahead.test.ts': `renditions made after an upload; ${IN_TURN}`,
  'tests/integration/sample-removal.test.ts': `the sample data removed for good; ${IN_TURN}`,
  'tests/integration/sign-up-confirm.test.ts': `confirming a sign-up; ${IN_TURN}`,
  'tests/integration/support-relay.test.ts': `the support form is no mail relay; ${IN_TURN}`,
  'tests/integration/support.test.ts': `support tickets; ${IN_TURN}`,
  'tests/integration/tracking-privacy.test.ts': `what tracking shows a stranger; ${IN_TURN}`,
  'tests/integration/two-factor.test.ts': `two-factor sign-in; ${IN_TURN}`,
  'tests/integration/validated-once.test.ts': `JSON bodies parsed once, the same 4xx answers; ${IN_TURN}`,
};

/**
 * Signs that a test depends on the database engine: a run-once file showing one fails
 * scripts/postgres-pass.test.ts unless SIGNS_ANSWERED says why the sign does not mean that.
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
  { sign: /concurren|in parallel|\braces?\b|\bracing\b/i, why: 'says it runs things at once' },
  {
    sign: /\.migrate\(\)|MIGRATIONS_DIR|dumpEmbedded|db:backup|db:restore|createBackup|restoreBackup|pg_dump/,
    why: 'migrations or backups',
  },
  { sign: /AT TIME ZONE|pg_trgm|similarity\(/, why: "the server's time zones or text search" },
];

/** Run-once files that show a sign, and why it does not make them depend on the engine. */
export const SIGNS_ANSWERED: Record<string, string> = {
  'server/platform/cache.test.ts': 'concurrent loads of an in-memory cache, no database',
  'server/db/data-folder-lock.test.ts': "'db:backup' is the command named in a lock file",
  'tests/integration/data-folder-lock.test.ts':
    "db:backup refused by the embedded database's lock (PGlite only)",
  'tests/integration/launch-checklist.test.ts': "'npm run db:backup' is advice the checklist's page shows",
  'tests/integration/security-headers.test.ts': "Promise.all awaits in-process answers' headers",
  'tests/integration/support-relay.test.ts': "Promise.all reads the test's own mailbox",
  'tests/integration/demo-mode.test.ts': 'Promise.all closes shops; "at once" means the next request',
  'tests/integration/demo-admin-account.test.ts':
    "Promise.all closes shops; migration 0020's UPDATE read from MIGRATIONS_DIR is plain SQL, and every migration runs on PostgreSQL in the pass's template and migrations-upgrade",
  'tests/integration/sample-removal.test.ts':
    '.migrate() is in the npm run sample:remove part, which skips itself on PostgreSQL',
};
