-- The dashboard's daily roll-ups, and monthly ones of product sales (ADR 028), kept exactly right
-- by triggers in the transaction of every change to orders and order lines: placement, payment, status change, cancellation, a
-- moved created_at, a deleted product. What counts is ADR 025's, as in core/periods.ts
-- (tests/integration/dashboard-roll-up.test.ts recomputes the tables from the orders to hold
-- them to it). A day's figures change by adding deltas with INSERT … ON CONFLICT DO UPDATE, which
-- takes that row's lock: two transactions changing the same day queue there, neither is lost.
-- Writers are held off while the roll-ups are filled from the orders already there.
LOCK TABLE orders, order_lines IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The Lagos calendar date of an instant (Lagos keeps UTC+1 all year).
CREATE OR REPLACE FUNCTION lagos_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE 'Africa/Lagos')::date
$$;
--> statement-breakpoint
-- Revenue: the money is in and was not given back (core/periods.ts NOT_REVENUE_STATUSES).
CREATE OR REPLACE FUNCTION order_is_revenue(status text, paid_at timestamptz, payment_method text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status NOT IN ('cancelled', 'payment_failed')
     AND (paid_at IS NOT NULL OR (payment_method = 'pay_on_delivery' AND status = 'delivered'))
$$;
--> statement-breakpoint
-- An order: everything placed but card payments that never arrived (COUNTED_ORDER_STATUSES).
CREATE OR REPLACE FUNCTION order_is_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('awaiting_transfer', 'placed', 'confirmed', 'packaged', 'shipped', 'delivered', 'cancelled')
$$;
--> statement-breakpoint
-- Waiting for staff (PENDING_ACTION_STATUSES).
CREATE OR REPLACE FUNCTION order_is_pending_action(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('awaiting_transfer', 'placed', 'confirmed', 'packaged')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_to_order_day(d date, revenue bigint, paid integer, counted integer, pending integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_daily_totals AS t (day, revenue_kobo, paid_orders, orders, pending_orders)
  VALUES (d, revenue, paid, counted, pending)
  ON CONFLICT (day) DO UPDATE SET
    revenue_kobo = t.revenue_kobo + EXCLUDED.revenue_kobo,
    paid_orders = t.paid_orders + EXCLUDED.paid_orders,
    orders = t.orders + EXCLUDED.orders,
    pending_orders = t.pending_orders + EXCLUDED.pending_orders
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) an order's lines on day d and its month, product rows in
-- a fixed order.
CREATE OR REPLACE FUNCTION add_order_lines_to_day(oid integer, d date, sign integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_daily_sales AS t (day, product_id, product_name, units, revenue_kobo)
  SELECT d, l.product_id, l.product_name, sign * sum(l.quantity), sign * sum(l.total_kobo)
  FROM order_lines l WHERE l.order_id = oid
  GROUP BY l.product_id, l.product_name
  ORDER BY l.product_id, l.product_name
  ON CONFLICT ON CONSTRAINT product_daily_sales_key DO UPDATE SET
    units = t.units + EXCLUDED.units,
    revenue_kobo = t.revenue_kobo + EXCLUDED.revenue_kobo;
  INSERT INTO product_monthly_sales AS t (month, product_id, product_name, units, revenue_kobo)
  SELECT date_trunc('month', d)::date, l.product_id, l.product_name, sign * sum(l.quantity), sign * sum(l.total_kobo)
  FROM order_lines l WHERE l.order_id = oid
  GROUP BY l.product_id, l.product_name
  ORDER BY l.product_id, l.product_name
  ON CONFLICT ON CONSTRAINT product_monthly_sales_key DO UPDATE SET
    units = t.units + EXCLUDED.units,
    revenue_kobo = t.revenue_kobo + EXCLUDED.revenue_kobo;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
  old_paid boolean := false;
  new_paid boolean := false;
  old_revenue bigint := 0;
  new_revenue bigint := 0;
  old_counted integer := 0;
  new_counted integer := 0;
  old_pending integer := 0;
  new_pending integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_day := lagos_day(OLD.created_at);
    old_paid := order_is_revenue(OLD.status, OLD.paid_at, OLD.payment_method);
    old_revenue := CASE WHEN old_paid THEN OLD.total_kobo ELSE 0 END;
    old_counted := CASE WHEN order_is_counted(OLD.status) THEN 1 ELSE 0 END;
    old_pending := CASE WHEN order_is_pending_action(OLD.status) THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := lagos_day(NEW.created_at);
    new_paid := order_is_revenue(NEW.status, NEW.paid_at, NEW.payment_method);
    new_revenue := CASE WHEN new_paid THEN NEW.total_kobo ELSE 0 END;
    new_counted := CASE WHEN order_is_counted(NEW.status) THEN 1 ELSE 0 END;
    new_pending := CASE WHEN order_is_pending_action(NEW.status) THEN 1 ELSE 0 END;
  END IF;

  -- The day's figures: one row when the order stays on its day, else both days in date order.
  IF old_day IS NOT DISTINCT FROM new_day THEN
    IF old_revenue <> new_revenue OR old_paid <> new_paid OR old_counted <> new_counted OR old_pending <> new_pending THEN
      PERFORM add_to_order_day(new_day, new_revenue - old_revenue, new_paid::int - old_paid::int,
        new_counted - old_counted, new_pending - old_pending);
    END IF;
  ELSE
    IF old_day IS NOT NULL AND (new_day IS NULL OR old_day < new_day) THEN
      PERFORM add_to_order_day(old_day, -old_revenue, -old_paid::int, -old_counted, -old_pending);
    END IF;
    IF new_day IS NOT NULL THEN
      PERFORM add_to_order_day(new_day, new_revenue, new_paid::int, new_counted, new_pending);
    END IF;
    IF old_day IS NOT NULL AND new_day IS NOT NULL AND old_day > new_day THEN
      PERFORM add_to_order_day(old_day, -old_revenue, -old_paid::int, -old_counted, -old_pending);
    END IF;
  END IF;

  -- Its lines' sales follow the order's paid state and day (a new order has no lines yet; a
  -- deleted one still has them here, before the cascade).
  IF old_paid AND (NOT new_paid OR old_day IS DISTINCT FROM new_day) THEN
    PERFORM add_order_lines_to_day(OLD.id, old_day, -1);
  END IF;
  IF TG_OP = 'UPDATE' AND new_paid AND (NOT old_paid OR old_day IS DISTINCT FROM new_day) THEN
    PERFORM add_order_lines_to_day(NEW.id, new_day, 1);
  END IF;

  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_roll_up
  AFTER INSERT OR UPDATE OF created_at, status, paid_at, payment_method, total_kobo ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_roll_up();
--> statement-breakpoint
CREATE TRIGGER orders_roll_up_delete
  BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_roll_up();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_order_line_to_day(d date, pid integer, pname text, units integer, revenue bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_daily_sales AS t (day, product_id, product_name, units, revenue_kobo)
  VALUES (d, pid, pname, units, revenue)
  ON CONFLICT ON CONSTRAINT product_daily_sales_key DO UPDATE SET
    units = t.units + EXCLUDED.units,
    revenue_kobo = t.revenue_kobo + EXCLUDED.revenue_kobo;
  INSERT INTO product_monthly_sales AS t (month, product_id, product_name, units, revenue_kobo)
  VALUES (date_trunc('month', d)::date, pid, pname, units, revenue)
  ON CONFLICT ON CONSTRAINT product_monthly_sales_key DO UPDATE SET
    units = t.units + EXCLUDED.units,
    revenue_kobo = t.revenue_kobo + EXCLUDED.revenue_kobo;
$$;
--> statement-breakpoint
-- A line counts while its order is paid. The order row is read FOR SHARE: a concurrent change to
-- the order's paid state waits for this transaction, or this one reads the state it committed.
CREATE OR REPLACE FUNCTION order_lines_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT created_at, status, paid_at, payment_method INTO o FROM orders WHERE id = OLD.order_id FOR SHARE;
    IF FOUND AND order_is_revenue(o.status, o.paid_at, o.payment_method) THEN
      PERFORM add_order_line_to_day(lagos_day(o.created_at), OLD.product_id, OLD.product_name, -OLD.quantity, -OLD.total_kobo);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT created_at, status, paid_at, payment_method INTO o FROM orders WHERE id = NEW.order_id FOR SHARE;
    IF FOUND AND order_is_revenue(o.status, o.paid_at, o.payment_method) THEN
      PERFORM add_order_line_to_day(lagos_day(o.created_at), NEW.product_id, NEW.product_name, NEW.quantity, NEW.total_kobo);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_roll_up
  AFTER INSERT OR UPDATE OF order_id, product_id, product_name, quantity, total_kobo OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_roll_up();
--> statement-breakpoint
INSERT INTO order_daily_totals (day, revenue_kobo, paid_orders, orders, pending_orders)
SELECT lagos_day(created_at),
       coalesce(sum(total_kobo) FILTER (WHERE order_is_revenue(status, paid_at, payment_method)), 0),
       count(*) FILTER (WHERE order_is_revenue(status, paid_at, payment_method)),
       count(*) FILTER (WHERE order_is_counted(status)),
       count(*) FILTER (WHERE order_is_pending_action(status))
FROM orders GROUP BY 1;
--> statement-breakpoint
INSERT INTO product_daily_sales (day, product_id, product_name, units, revenue_kobo)
SELECT lagos_day(o.created_at), l.product_id, l.product_name, sum(l.quantity), sum(l.total_kobo)
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE order_is_revenue(o.status, o.paid_at, o.payment_method)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO product_monthly_sales (month, product_id, product_name, units, revenue_kobo)
SELECT date_trunc('month', day)::date, product_id, product_name, sum(units), sum(revenue_kobo)
FROM product_daily_sales
GROUP BY 1, 2, 3;
