-- Stock changes announce themselves (ADR 038). Any path that changes a variant's stock — a sale, a
-- cancelled order, an expired hold, an owner's edit — sends a notice on the cache bus's channel
-- when its transaction commits (never before, never for a rolled-back change). Every process
-- forgets the product's cached data and pages; when the product's low-stock or sold-out badge
-- could change (its total stock is or was 5 or fewer: core/catalog.ts LOW_STOCK_THRESHOLD), the
-- listings and home page too. Notices with the same text in one transaction arrive once.
CREATE OR REPLACE FUNCTION announce_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer;
BEGIN
  IF NEW.stock = OLD.stock THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('cache_invalidate',
    json_build_object('origin', 'db', 'prefix', 'catalog:product:' || NEW.product_id || ':')::text);
  SELECT coalesce(sum(stock), 0) INTO total FROM product_variants WHERE product_id = NEW.product_id;
  IF least(total, total - NEW.stock + OLD.stock) <= 5 THEN
    PERFORM pg_notify('cache_invalidate', json_build_object('origin', 'db', 'prefix', 'catalog:list')::text);
    PERFORM pg_notify('cache_invalidate', json_build_object('origin', 'db', 'prefix', 'catalog:home')::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER announce_stock_change
  AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION announce_stock_change();
