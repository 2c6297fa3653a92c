// npm run fixture:previous-release — remakes tests/fixtures/previous-release.sql (ADR 052): a small
// shop database as the previous release's migrations left it, which
// tests/integration/migrations-upgrade.test.ts brings up to this release's migrations.
//
// It applies the migrations of drizzle's journal up to and including `--upto TAG` (default: every
// one but the newest, the release before the current one) to a scratch PostgreSQL database, puts a
// few rows in — a category, products and variants, a customer and an admin with known passwords, a
// guest's and the customer's orders with their lines and history, a cart — with plain SQL (no code
// of this release, whose schema may be newer), and writes `pg_dump --column-inserts` of it.
//
// At a release: run it after the release's last migration is merged, with `--upto` the newest
// migration of the release being replaced, and commit the file.
//   npm run fixture:previous-release -- [--upto 0016_back_in_stock] [--database-url postgres://…]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { hashPassword } from '#server/platform/auth/password.ts';
import { FIXTURE_ACCOUNTS, FIXTURE_FILE } from '#tests/fixtures/previous-release.ts';

const root = path.resolve(import.meta.dirname, '..');
const migrationsDir = path.join(root, 'server/db/migrations');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as Journal;
const upto = option('--upto') ?? journal.entries.at(-2)?.tag;
const uptoAt = journal.entries.findIndex((e) => e.tag === upto);
if (uptoAt < 0) {
  console.error(`No migration ${upto} in the journal.`);
  process.exit(2);
}
const kept = journal.entries.slice(0, uptoAt + 1);
const adminUrl =
  option('--database-url') ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The previous release's migrations folder: the journal cut after `upto`, and those files. */
function previousMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'previous-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  for (const entry of kept)
    cpSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }, null, 2));
  return dir;
}

async function fill(client: pg.Client) {
  const customerHash = await hashPassword(FIXTURE_ACCOUNTS.customer.password);
  const adminHash = await hashPassword(FIXTURE_ACCOUNTS.admin.password);
  await client.query(`
    INSERT INTO categories (slug, name) VALUES ('wigs', 'Wigs') ON CONFLICT DO NOTHING;
    INSERT INTO products (id, name, slug, description, category_slug, grade, origin, texture, status, created_at, updated_at)
      OVERRIDING SYSTEM VALUE VALUES
      (9001, 'Upgrade Body Wave Wig', 'upgrade-body-wave-wig', 'Kept through every migration.', 'wigs', '12A', 'Brazilian', 'Body Wave', 'active', '2026-10-01T09:00:00Z', '2026-10-01T09:00:00Z'),
      (9002, 'Upgrade Straight Bundle', 'upgrade-straight-bundle', 'Old and still for sale.', 'wigs', '10A', 'Peruvian', 'Straight', 'active', '2026-10-02T09:00:00Z', '2026-10-02T09:00:00Z');
    INSERT INTO product_variants (id, product_id, sku, options, position, price_kobo, stock) OVERRIDING SYSTEM VALUE VALUES
      (9101, 9001, 'UPG-BW-16', '{"length":"16\\""}', 0, 18500000, 7),
      (9102, 9001, 'UPG-BW-20', '{"length":"20\\""}', 1, 23500000, 3),
      (9103, 9002, 'UPG-ST-14', '{"length":"14\\""}', 0, 6500000, 12);
    SELECT setval(pg_get_serial_sequence('products', 'id'), 9100);
    SELECT setval(pg_get_serial_sequence('product_variants', 'id'), 9200);
  `);
  await client.query(
    `INSERT INTO users (email, name, password_hash, role, email_verified_at, phone, created_at)
     VALUES ($1, 'Chioma Upgrade', $2, 'customer', '2026-10-03T10:00:00Z', '08031234567', '2026-10-03T10:00:00Z'),
            ($3, 'Tunde Owner', $4, 'admin', '2026-10-01T08:00:00Z', NULL, '2026-10-01T08:00:00Z')`,
    [FIXTURE_ACCOUNTS.customer.email, customerHash, FIXTURE_ACCOUNTS.admin.email, adminHash],
  );
  await client.query(`
    INSERT INTO orders (tracking_number, idempotency_key, user_id, email, phone, status, payment_method,
        subtotal_kobo, delivery_fee_kobo, total_kobo, ship_name, ship_phone, ship_state, ship_city, ship_street,
        paid_at, created_at)
      VALUES
      ('CH900000000001', 'fixture-1', (SELECT id FROM users WHERE email = '${FIXTURE_ACCOUNTS.customer.email}'),
        '${FIXTURE_ACCOUNTS.customer.email}', '08031234567', 'delivered', 'bank_transfer',
        42000000, 250000, 42250000, 'Chioma Upgrade', '08031234567', 'Lagos', 'Ikeja', '3 Allen Avenue',
        '2026-10-04T11:00:00Z', '2026-10-04T10:00:00Z'),
      ('CH900000000002', 'fixture-2', NULL, 'guest@example.ng', '08029876543', 'confirmed', 'pay_on_delivery',
        6500000, 300000, 6800000, 'Guest Buyer', '08029876543', 'Abuja (FCT)', 'Wuse', '7 Aminu Kano Crescent',
        NULL, '2026-10-05T12:00:00Z');
    INSERT INTO order_lines (order_id, product_id, variant_id, product_name, variant_label, sku, unit_price_kobo, quantity, total_kobo)
      VALUES
      ((SELECT id FROM orders WHERE tracking_number = 'CH900000000001'), 9001, 9101, 'Upgrade Body Wave Wig', '16"', 'UPG-BW-16', 18500000, 1, 18500000),
      ((SELECT id FROM orders WHERE tracking_number = 'CH900000000001'), 9001, 9102, 'Upgrade Body Wave Wig', '20"', 'UPG-BW-20', 23500000, 1, 23500000),
      ((SELECT id FROM orders WHERE tracking_number = 'CH900000000002'), 9002, 9103, 'Upgrade Straight Bundle', '14"', 'UPG-ST-14', 6500000, 1, 6500000);
    INSERT INTO order_status_history (order_id, status, created_at)
      SELECT id, 'placed', created_at FROM orders WHERE tracking_number LIKE 'CH9000000000%';
    INSERT INTO carts (guest_token_hash) VALUES ('fixture-cart-token-hash');
    INSERT INTO cart_lines (cart_id, variant_id, quantity, seen_price_kobo)
      VALUES ((SELECT id FROM carts WHERE guest_token_hash = 'fixture-cart-token-hash'), 9103, 2, 6500000);
  `);
}

async function main() {
  const name = `fixture_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const folder = previousMigrations();
  try {
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migrate(drizzle(pool), { migrationsFolder: folder });
    await pool.end();
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => {});
    await client.connect();
    try {
      await fill(client);
    } finally {
      await client.end();
    }

    const dump = spawnSync(
      'pg_dump',
      [
        '--format=plain',
        '--column-inserts',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        `--dbname=${url}`,
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error}`);
    const header = [
      '-- A shop database as the previous release left it (ADR 052): made by',
      '-- `npm run fixture:previous-release` (scripts/make-migration-fixture.ts), which applied the',
      `-- migrations up to ${upto} (${kept.length} of ${journal.entries.length}) and a few rows, then pg_dump.`,
      '-- tests/integration/migrations-upgrade.test.ts applies the current migrations to it. Do not edit.',
      '',
    ].join('\n');
    // Lines pg_dump writes for its own client only: psql meta-commands and the restrict keys.
    const body = dump.stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    writeFileSync(path.join(root, FIXTURE_FILE), header + body);
    console.log(`Wrote ${FIXTURE_FILE}: migrations up to ${upto} (${kept.length}), a few rows of each kind.`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
