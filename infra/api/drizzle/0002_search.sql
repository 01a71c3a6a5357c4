-- Public deal search (Home/SearchProduct, Home/SearchProductByKeyword): full-text and trigram
-- matching over products.search_text, and the indexes the public list's filters and sorts use.
-- Written by hand (drizzle-kit generate --custom); every statement runs on PostgreSQL 15 and on
-- PGlite (PostgreSQL 18, with the pg_trgm extension loaded by src/db/client.ts).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint

-- The deal's words for full-text search, kept by the database from the name and search_text
-- (name, keywords, store and product-type names; see src/db/search-text.ts). The name is weighted
-- A so a query can ask for "every word in the name" (`word:*A`), the first tier of the ranking.
-- 'simple': no stemming and no stop words, because deals are brand and model names.
-- Two facet lexemes ride along: the store ('~store<id>') and the price tier ('~price1' … '~price4',
-- the tiers of contract/search.ts PRICE_TIER_BOUNDS), so "words + store" or "words + price tier"
-- intersect inside the one GIN index instead of fetching every deal that has the words. Search
-- words never start with '~' (src/plugins/app/deal-search.ts keeps letters and digits only).
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector NOT NULL
  GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', "name"), 'A') || to_tsvector('simple', "search_text")
    || array_to_tsvector(ARRAY[
      '~store' || "category_id"::text,
      CASE WHEN "current_price" < 25 THEN '~price1' WHEN "current_price" < 100 THEN '~price2'
           WHEN "current_price" < 500 THEN '~price3' ELSE '~price4' END])
  ) STORED;
--> statement-breakpoint

-- Every public query filters on is_active, so every search index is partial on it: inactive
-- deals cost the public nothing. (Start/expiry dates depend on now(), which no index predicate
-- may use; the queries filter them on the few rows they read.)
CREATE INDEX "products_live_search_idx" ON "products" USING gin ("search_vector") WHERE "is_active";
--> statement-breakpoint

-- Typo fallback only (word similarity when full-text found nothing).
CREATE INDEX "products_live_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "is_active";
--> statement-breakpoint

-- One index per sort of the public list, read in order so `LIMIT 100` stops early. The id makes
-- every order unique (stable pages); price and discount indexes serve both directions.
CREATE INDEX "products_live_date_idx" ON "products" USING btree ("date_time_added" DESC, "id" DESC) WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("current_price", "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_live_discount_idx" ON "products" USING btree ("discount", "id") WHERE "is_active";
--> statement-breakpoint

-- The same sorts inside one store (the store tiles and logos open the list filtered by store).
CREATE INDEX "products_live_store_date_idx" ON "products" USING btree ("category_id", "date_time_added" DESC, "id" DESC) WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_live_store_price_idx" ON "products" USING btree ("category_id", "current_price", "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_live_store_discount_idx" ON "products" USING btree ("category_id", "discount", "id") WHERE "is_active";
