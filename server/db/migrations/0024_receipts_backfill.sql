-- Hand-written (ADR 098): every order already paid gets its receipt, numbered without gaps per
-- calendar year in Lagos time, in the order the money arrived (paid_at, then the order's id); the
-- counters continue from the last number of each year. New receipts are issued by the order
-- machine in the transaction that makes an order paid.
INSERT INTO "receipts" ("year", "number", "kind", "order_id", "issued_at")
SELECT
  EXTRACT(YEAR FROM o."paid_at" AT TIME ZONE 'Africa/Lagos')::integer,
  (SELECT COALESCE(MAX(r."number"), 0) FROM "receipts" r
     WHERE r."year" = EXTRACT(YEAR FROM o."paid_at" AT TIME ZONE 'Africa/Lagos')::integer)
    + ROW_NUMBER() OVER (
      PARTITION BY EXTRACT(YEAR FROM o."paid_at" AT TIME ZONE 'Africa/Lagos')
      ORDER BY o."paid_at", o."id"
    ),
  'order',
  o."id",
  o."paid_at"
FROM "orders" o
WHERE o."paid_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "receipts" r WHERE r."order_id" = o."id" AND r."kind" = 'order');
--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT "year", MAX("number") FROM "receipts" GROUP BY "year"
ON CONFLICT ("year") DO UPDATE SET "last_number" = EXCLUDED."last_number";
