-- Keep each product's search text and lowest price in step with its own columns and its variants.
-- Stock changes do not touch products (orders lock variant rows only).
CREATE OR REPLACE FUNCTION refresh_product_derived(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET
    search_text = lower(concat_ws(' ',
      p.name, replace(p.name, ' ', ''), p.subcategory, replace(p.subcategory, ' ', ''),
      c.name, p.texture, replace(coalesce(p.texture, ''), ' ', ''), p.origin, p.grade,
      p.details ->> 'laceType', p.details ->> 'density',
      (SELECT string_agg(DISTINCT o.value, ' ')
         FROM product_variants v, jsonb_each_text(v.options) o
        WHERE v.product_id = pid))),
    min_price_kobo = coalesce((SELECT min(v.price_kobo) FROM product_variants v WHERE v.product_id = pid), 0)
  FROM categories c
  WHERE p.id = pid AND c.slug = p.category_slug;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_refresh_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_derived(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_refresh_derived
  AFTER INSERT OR UPDATE OF name, subcategory, category_slug, texture, origin, grade, details ON products
  FOR EACH ROW EXECUTE FUNCTION products_refresh_derived();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variants_refresh_product_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_product_derived(OLD.product_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id <> OLD.product_id) THEN
    PERFORM refresh_product_derived(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_refresh_product_derived
  AFTER INSERT OR DELETE OR UPDATE OF price_kobo, options, product_id ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variants_refresh_product_derived();
--> statement-breakpoint
SELECT refresh_product_derived(id) FROM products;
