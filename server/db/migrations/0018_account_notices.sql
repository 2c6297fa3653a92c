-- An account's own data announces its changes (ADR 053), as stock does (migration 0017): when a
-- shopper's saved products, reviews, or the orders behind "received this product" change, by any
-- path (the shopper, staff, a sweep, SQL by hand), every process forgets what it keeps for that
-- account under 'account:<id>:' when the transaction commits — the product page's heart and review
-- button are read from those caches (app/lib/personal-slots.server.tsx).
CREATE OR REPLACE FUNCTION announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('cache_invalidate',
      json_build_object('origin', 'db', 'prefix', 'account:' || OLD.user_id || ':')::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('cache_invalidate',
      json_build_object('origin', 'db', 'prefix', 'account:' || NEW.user_id || ':')::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER announce_wishlist_change
  AFTER INSERT OR UPDATE OR DELETE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION announce_account_change();
--> statement-breakpoint
CREATE TRIGGER announce_review_change
  AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION announce_account_change();
--> statement-breakpoint
-- Orders: only what "has this account received this product" reads — the status and the owner.
CREATE TRIGGER announce_order_change
  AFTER UPDATE OF status, user_id ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION announce_account_change();
