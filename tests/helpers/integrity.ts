// What must hold in the database whatever requests came before (issue 16): the fuzzer checks it
// after its storm of bad input, crash drills after a kill. Each problem is one readable line
// naming the row, so a failure says what broke without a debugger. Tests may read SQL directly.
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';

/** How many problems of one kind are spelled out before the rest are only counted. */
const SHOWN_PER_CHECK = 5;

interface Check {
  /** What should hold, in words: the problem line starts with it. */
  rule: string;
  /** Rows that break the rule, each with a `what` column describing the row. */
  query: SQL;
}

const CHECKS: Check[] = [
  {
    rule: 'no variant has negative stock',
    query: sql`SELECT 'variant ' || id || ' (' || sku || ') has stock ' || stock AS what
               FROM product_variants WHERE stock < 0 ORDER BY id`,
  },
  {
    rule: 'every order has at least one line',
    query: sql`SELECT 'order ' || o.tracking_number || ' has no lines' AS what
               FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
               ORDER BY o.id`,
  },
  {
    rule: "every order line's total is its price × quantity − its discount",
    query: sql`SELECT 'order line ' || id || ': ' || unit_price_kobo || ' × ' || quantity || ' − ' ||
                      discount_kobo || ' ≠ ' || total_kobo AS what
               FROM order_lines
               WHERE total_kobo <> unit_price_kobo * quantity - discount_kobo
                  OR quantity <= 0 OR discount_kobo < 0 OR discount_kobo > unit_price_kobo * quantity
               ORDER BY id`,
  },
  {
    rule: "an order's subtotal and discount are the sums of its lines' (core/pricing priceBasket)",
    query: sql`SELECT 'order ' || o.tracking_number || ': subtotal ' || o.subtotal_kobo || ' vs lines ' ||
                      l.subtotal || ', discount ' || o.discount_kobo || ' vs lines ' || l.discount AS what
               FROM orders o
               JOIN (SELECT order_id, sum(unit_price_kobo::bigint * quantity) AS subtotal,
                            sum(discount_kobo::bigint) AS discount
                     FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
               WHERE o.subtotal_kobo <> l.subtotal OR o.discount_kobo <> l.discount
               ORDER BY o.id`,
  },
  {
    rule: "an order's total is subtotal − discount + delivery, never negative",
    query: sql`SELECT 'order ' || tracking_number || ': ' || subtotal_kobo || ' − ' || discount_kobo || ' + ' ||
                      delivery_fee_kobo || ' ≠ ' || total_kobo AS what
               FROM orders
               WHERE total_kobo <> subtotal_kobo - discount_kobo + delivery_fee_kobo
                  OR total_kobo < 0 OR delivery_fee_kobo < 0 OR discount_kobo < 0
               ORDER BY id`,
  },
  {
    rule: 'every order has a status history, and its current status is in it',
    query: sql`SELECT 'order ' || o.tracking_number || ' (' || o.status || ') has ' ||
                      CASE WHEN NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id)
                           THEN 'no status history' ELSE 'no history row for its status' END AS what
               FROM orders o
               WHERE NOT EXISTS (SELECT 1 FROM order_status_history h
                                 WHERE h.order_id = o.id AND h.status = o.status)
               ORDER BY o.id`,
  },
  {
    rule: "a promo code's use count equals the orders that redeemed it",
    query: sql`SELECT 'code ' || d.code || ': used_count ' || d.used_count || ' but ' ||
                      coalesce(r.uses, 0) || ' redemptions' AS what
               FROM discounts d
               LEFT JOIN (SELECT discount_id, count(*) AS uses FROM discount_redemptions GROUP BY discount_id) r
                 ON r.discount_id = d.id
               WHERE d.used_count <> coalesce(r.uses, 0)
                  OR d.used_count < 0 OR (d.usage_limit IS NOT NULL AND d.used_count > d.usage_limit)
               ORDER BY d.id`,
  },
  {
    rule: 'a redemption belongs to an order placed with that code',
    query: sql`SELECT 'redemption ' || r.id || ' of discount ' || r.discount_id || ' is on order ' ||
                      o.tracking_number || ' whose discount is ' || coalesce(o.discount_id::text, 'none') AS what
               FROM discount_redemptions r JOIN orders o ON o.id = r.order_id
               WHERE o.discount_id IS DISTINCT FROM r.discount_id
               ORDER BY r.id`,
  },
  {
    rule: "an order with a code that has not ended holds the code's use",
    query: sql`SELECT 'order ' || o.tracking_number || ' (' || o.status || ') used code ' ||
                      coalesce(o.promo_code, '?') || ' but holds no redemption' AS what
               FROM orders o
               WHERE o.discount_id IS NOT NULL AND o.stock_released_at IS NULL
                 AND NOT EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.order_id = o.id)
               ORDER BY o.id`,
  },
  {
    rule: "a product's lowest price is its cheapest variant's (trigger-kept)",
    query: sql`SELECT 'product ' || p.id || ': min_price_kobo ' || p.min_price_kobo || ' but cheapest variant ' ||
                      coalesce(v.lowest, 0) AS what
               FROM products p
               LEFT JOIN (SELECT product_id, min(price_kobo) AS lowest FROM product_variants GROUP BY product_id) v
                 ON v.product_id = p.id
               WHERE p.min_price_kobo <> coalesce(v.lowest, 0)
               ORDER BY p.id`,
  },
  {
    rule: "a product's rating figures are its approved reviews' (trigger-kept)",
    query: sql`SELECT 'product ' || p.id || ': ' || p.rating_count || ' ratings totalling ' || p.rating_total ||
                      ' but ' || coalesce(r.n, 0) || ' approved reviews totalling ' || coalesce(r.stars, 0) AS what
               FROM products p
               LEFT JOIN (SELECT product_id, count(*) AS n, sum(rating) AS stars FROM reviews
                          WHERE status = 'approved' GROUP BY product_id) r ON r.product_id = p.id
               WHERE p.rating_count <> coalesce(r.n, 0) OR p.rating_total <> coalesce(r.stars, 0)
               ORDER BY p.id`,
  },
  {
    rule: 'every cart has an owner and positive line quantities',
    query: sql`SELECT 'cart ' || c.id || ' has no owner' AS what FROM carts c
                 WHERE c.guest_token_hash IS NULL AND c.user_id IS NULL
               UNION ALL
               SELECT 'cart ' || cart_id || ' holds variant ' || variant_id || ' × ' || quantity
                 FROM cart_lines WHERE quantity <= 0`,
  },
];

interface ForeignKey {
  child: string;
  parent: string;
  child_columns: string[];
  parent_columns: string[];
}

const link = (child: string, column: string, parent: string, parentColumn = 'id'): ForeignKey => ({
  child,
  parent,
  child_columns: [column],
  parent_columns: [parentColumn],
});

/**
 * The rows that cannot stand alone, checked even if their foreign key were missing or not
 * enforced (a migration that dropped one, a restore that loaded data without them).
 */
const OWNED_ROWS: ForeignKey[] = [
  link('order_lines', 'order_id', 'orders'),
  link('order_status_history', 'order_id', 'orders'),
  link('order_notes', 'order_id', 'orders'),
  link('payments', 'order_id', 'orders'),
  link('discount_redemptions', 'order_id', 'orders'),
  link('discount_redemptions', 'discount_id', 'discounts'),
  link('cart_lines', 'cart_id', 'carts'),
  link('cart_lines', 'variant_id', 'product_variants'),
  link('product_variants', 'product_id', 'products'),
  link('product_images', 'product_id', 'products'),
  link('review_photos', 'review_id', 'reviews'),
  link('support_messages', 'ticket_id', 'support_tickets'),
  link('newsletter_deliveries', 'campaign_id', 'newsletter_campaigns'),
  link('sessions', 'user_id', 'users'),
  link('wishlist_items', 'user_id', 'users'),
];

/**
 * Every foreign key of the schema, read from the catalogue, so a table added later is covered
 * too: lines without orders, cart lines without carts, photos without reviews, and the rest.
 */
async function foreignKeys(db: Queryable): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
               array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS child_columns,
               array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS parent_columns
        FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        ORDER BY 1, 2`,
  );
}

const ident = (name: string) => sql.identifier(name.replace(/^"|"$/g, ''));

function orphanCheck(fk: ForeignKey): Check {
  const present = sql.join(
    fk.child_columns.map((c) => sql`ch.${ident(c)} IS NOT NULL`),
    sql` AND `,
  );
  const joined = sql.join(
    fk.child_columns.map((c, i) => sql`pa.${ident(fk.parent_columns[i]!)} = ch.${ident(c)}`),
    sql` AND `,
  );
  const key = sql.join(
    fk.child_columns.map((c) => sql`ch.${ident(c)}::text`),
    sql` || ',' || `,
  );
  return {
    rule: `no ${fk.child} row points at a missing ${fk.parent} row`,
    query: sql`SELECT ${`${fk.child}.${fk.child_columns.join(',')} = `} || ${key} || ${` has no ${fk.parent}`} AS what
               FROM ${ident(fk.child)} ch
               WHERE ${present}
                 AND NOT EXISTS (SELECT 1 FROM ${ident(fk.parent)} pa WHERE ${joined})`,
  };
}

/**
 * The shop's invariants, checked against the database as it is now. Returns one human-readable
 * line per problem found (an empty list when everything holds); never throws for a broken rule.
 */
export async function checkIntegrity(db: Queryable): Promise<string[]> {
  const links = new Map<string, ForeignKey>();
  for (const fk of [...OWNED_ROWS, ...(await foreignKeys(db))]) {
    links.set(`${fk.child}(${fk.child_columns.join(',')})→${fk.parent}`, fk);
  }
  const checks = [...CHECKS, ...[...links.values()].map(orphanCheck)];
  const problems: string[] = [];
  for (const check of checks) {
    const rows = await queryRows<{ what: string }>(db, check.query);
    for (const row of rows.slice(0, SHOWN_PER_CHECK)) problems.push(`${check.rule}: ${row.what}`);
    if (rows.length > SHOWN_PER_CHECK) {
      problems.push(`${check.rule}: … and ${rows.length - SHOWN_PER_CHECK} more`);
    }
  }
  return problems;
}
