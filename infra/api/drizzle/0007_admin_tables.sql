-- Catalogue scale: the admin deals table at 100,000 deals. Written by hand like 0002's search indexes
-- (the snapshot does not list them): a trigram index answers the table's "name contains" and
-- "promo code contains" filters (ILIKE '%…%') without reading every row; lower(name) with the id
-- serves the sort by name both ways, a page at a time.
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_promo_code_trgm_idx" ON "products" USING gin ("promo_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_sort_idx" ON "products" USING btree (lower("name"), "id");
