-- A product's approved reviews and their stars, kept on `products` (rating_count, rating_total) by
-- a trigger in the transaction of every review change: a review approved, sent back to pending,
-- re-rated or deleted adds its delta, so a listing's average needs no join and no writer can
-- forget it (ADR 034). tests/integration/reviews.test.ts recomputes them from the reviews.
CREATE OR REPLACE FUNCTION reviews_rating_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' THEN
    UPDATE products SET rating_count = rating_count - 1, rating_total = rating_total - OLD.rating
     WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved' THEN
    UPDATE products SET rating_count = rating_count + 1, rating_total = rating_total + NEW.rating
     WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_delta
  AFTER INSERT OR DELETE OR UPDATE OF status, rating, product_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_rating_delta();
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_rating_valid
  CHECK (rating_count >= 0 AND rating_total BETWEEN rating_count AND 5 * rating_count);
