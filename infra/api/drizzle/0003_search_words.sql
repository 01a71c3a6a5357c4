-- The public search, second round: typo correction by words, and each deal's card as JSON text.
--
-- 1. Typo fallback: correct the words, not match whole texts.
-- Migration 0002's trigram index over every deal's search_text made a misspelt common word cost
-- hundreds of milliseconds at 100,000 deals ("samsnug" shares trigrams with every Samsung deal).
-- Instead: the list of known words, one row each, with a trigram GiST index for nearest-word
-- lookups (`word <-> 'iphnoe'` finds 'iphone'). When the full-text search finds nothing, each
-- unknown search word is replaced by its nearest known word and the search runs again
-- (src/plugins/app/deal-search.ts): a few milliseconds. COLLATE "C" keeps the primary key usable
-- for prefix lookups ("is 'galax' the start of a known word?").
-- Runs on PostgreSQL 15 and on PGlite (pg_trgm loaded by src/db/client.ts).
--
-- 2. products.card_json_tail (at the end): the deal card's JSON kept by the database.

DROP INDEX IF EXISTS "products_live_trgm_idx";
--> statement-breakpoint
CREATE TABLE "search_words" ("word" text COLLATE "C" PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
--> statement-breakpoint

-- Kept by the database: every statement that inserts or updates deals adds their new words (the
-- lexemes of search_vector without the '~' facets). Words are never removed: a word no deal uses
-- any more only costs a correction that then finds nothing. Sorted inserts keep concurrent
-- writers from deadlocking on the same new words.
CREATE FUNCTION "search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS lexeme
  WHERE left(lexeme, 1) <> '~'
  ORDER BY lexeme
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint

-- The words of the deals that exist already.
INSERT INTO "search_words" ("word")
SELECT DISTINCT lexeme FROM "products", unnest(tsvector_to_array("search_vector")) AS lexeme
WHERE left(lexeme, 1) <> '~'
ORDER BY lexeme
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- The public deal card (contract/deals.ts DealCard) as JSON text, kept by the database with the
-- row: everything after `"filePath":…` (the preview image lives in product_images, so the list
-- query writes `{"id":…,"filePath":…` and appends this). Writing 100 cards' JSON on every read
-- was half the database time of a page of the public list; reads outnumber writes by far.
-- IMMUTABLE is true of this function although to_json and to_char are declared STABLE: JSON
-- escaping of text, numbers and a digits-only UTC timestamp format depend on no setting.
CREATE FUNCTION "deal_card_json_tail"(name text, badge_text text, badge_color text, likes integer, promo_code text,
    deal_expires_in timestamptz, current_price numeric, previous_price numeric, link text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat(',"name":', to_json(name)::text,
    ',"badgeText":', coalesce(to_json(badge_text)::text, 'null'),
    ',"badgeColor":', coalesce(to_json(badge_color)::text, 'null'),
    ',"likes":', likes,
    ',"promoCode":', coalesce(to_json(promo_code)::text, 'null'),
    ',"dealExpiresIn":', coalesce('"' || to_char(deal_expires_in AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null'),
    ',"currentPrice":', current_price,
    ',"previousPrice":', previous_price,
    ',"link":', to_json(link)::text, '}')
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_json_tail" text NOT NULL
  GENERATED ALWAYS AS ("deal_card_json_tail"("name", "badge_text", "badge_color", "likes", "promo_code",
    "deal_expires_in", "current_price", "previous_price", "link")) STORED;
