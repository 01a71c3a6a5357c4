-- Benchmark data: 12 active stores and 1 closed one, 10 product types, 100,000 deals with
-- realistic names, keywords, prices and dates, their product types, preview images and 4
-- featured sections. Deterministic (setseed), plain SQL both PostgreSQL 15 and PGlite accept.
-- The deal count comes from the bench.deals setting (SET bench.deals = '100000' before running).
SELECT setseed(0.42);

INSERT INTO categories (name, image_file_path, is_active, sort_order)
SELECT name, md5(name) || '.webp', name <> 'Closed Outlet', ord
FROM unnest(ARRAY['Amazon', 'Best Buy', 'Walmart', 'Target', 'Nike', 'Adidas', 'Apple', 'Samsung',
                  'Home Depot', 'Costco', 'Macy''s', 'Sephora', 'Closed Outlet']) WITH ORDINALITY AS s(name, ord);

INSERT INTO product_types (name, image_file_path, sort_order)
SELECT name, md5(name) || '.webp', ord
FROM unnest(ARRAY['Electronics', 'Phones & Tablets', 'Computers', 'TV & Audio', 'Fashion', 'Shoes',
                  'Home & Kitchen', 'Beauty', 'Sports & Outdoors', 'Toys & Games']) WITH ORDINALITY AS s(name, ord);

-- Catalogue items: the product, the product type it belongs to.
CREATE TEMP TABLE bench_items (n serial, name text, type_id int);
INSERT INTO bench_items (name, type_id) VALUES
  ('Apple iPhone 15', 2), ('Apple iPhone 15 Pro Max', 2), ('Apple iPad Air', 2), ('Apple AirPods Pro', 4),
  ('Apple MacBook Air M3', 3), ('Apple Watch Series 9', 1), ('Samsung Galaxy S24 Ultra', 2), ('Samsung Galaxy Tab S9', 2),
  ('Samsung 65" QLED Smart TV', 4), ('Samsung Galaxy Buds', 4), ('Sony WH-1000XM5 Wireless Headphones', 4),
  ('Sony PlayStation 5 Console', 1), ('Sony Bravia 55" 4K TV', 4), ('Bose QuietComfort Earbuds', 4), ('Bose SoundLink Bluetooth Speaker', 4),
  ('LG OLED 48" TV', 4), ('Dell XPS 13 Laptop', 3), ('HP Envy Laptop', 3), ('Lenovo ThinkPad X1 Carbon', 3),
  ('Asus ROG Gaming Laptop', 3), ('Logitech MX Master Mouse', 3), ('Logitech Mechanical Keyboard', 3), ('Anker Power Bank 20000mAh', 1),
  ('Anker USB-C Charger', 1), ('GoPro Hero 12 Action Camera', 1), ('Canon EOS R50 Camera', 1), ('Garmin Forerunner GPS Watch', 9),
  ('Fitbit Charge 6 Fitness Tracker', 9), ('Nike Air Max Running Shoes', 6), ('Nike Pegasus Running Shoes', 6), ('Nike Tech Fleece Hoodie', 5),
  ('Adidas Ultraboost Sneakers', 6), ('Adidas Originals Track Jacket', 5), ('Puma Suede Sneakers', 6), ('Levi''s 501 Jeans', 5),
  ('The North Face Puffer Jacket', 5), ('Under Armour Training Shorts', 9), ('Ray-Ban Aviator Sunglasses', 5), ('Herschel Backpack', 5),
  ('KitchenAid Stand Mixer', 7), ('Ninja Air Fryer', 7), ('Instant Pot Pressure Cooker', 7), ('Keurig Coffee Maker', 7),
  ('Dyson V15 Cordless Vacuum', 7), ('iRobot Roomba Robot Vacuum', 7), ('Cuisinart Toaster Oven', 7), ('Vitamix Blender', 7),
  ('Le Creuset Dutch Oven', 7), ('Olay Regenerist Moisturizer', 8), ('L''Oreal Revitalift Serum', 8), ('Dior Sauvage Perfume', 8),
  ('Oral-B Electric Toothbrush', 8), ('Philips Norelco Shaver', 8), ('Lego Star Wars Set', 10), ('Lego Technic Car', 10),
  ('Hasbro Monopoly Board Game', 10), ('Nintendo Switch OLED', 10), ('Coleman Camping Tent', 9), ('Yeti Insulated Water Bottle', 9),
  ('Manduka Yoga Mat', 9);

CREATE TEMP TABLE bench_words (n serial, word text);
INSERT INTO bench_words (word) VALUES ('Black'), ('White'), ('Silver'), ('Blue'), ('Red'), ('Green'), ('128GB'), ('256GB'),
  ('Refurbished'), ('Bundle'), ('2-Pack'), ('Gift Edition'), ('Limited Edition'), ('Renewed'), ('Large'), ('Medium'),
  ('Small'), ('XL'), ('Starter Kit'), ('Holiday Edition');

-- One row of dice per deal; the deal's id is its number, so its product type can be looked up.
CREATE TEMP TABLE bench_deals AS
SELECT g, random() AS store, 1 + floor(random() * 60)::int AS item, 1 + floor(random() * 20)::int AS w1,
  CASE WHEN random() < 0.5 THEN 1 + floor(random() * 20)::int END AS w2,
  -- Log-uniform previous price from $5 to $2,000: about a quarter of the deals per price tier.
  exp(ln(5) + random() * ln(400)) AS price, random() AS cut, random() AS code, random() AS start,
  random() AS expiry, random() AS tag, random() AS badge, random() AS active, random() AS age, random() AS extra
FROM generate_series(1, current_setting('bench.deals')::int) AS g;

INSERT INTO products (id, category_id, name, additional_information, current_price, previous_price, promo_code,
  deal_starts_in, deal_expires_in, link, keywords, badge_text, badge_color, is_active, likes, date_time_added, date_time_modified)
SELECT
  g,
  -- 1 deal in 30 sits in the closed store; the others spread over the 12 open ones.
  CASE WHEN d.store < 1.0 / 30 THEN 13 ELSE 1 + floor(d.store * 12)::int END,
  i.name || ' ' || w1.word || coalesce(' ' || w2.word, ''),
  'Deal ' || g || ': ' || i.name || ', shipped free.',
  round((d.price * (0.4 + 0.55 * d.cut))::numeric, 2),
  round(d.price::numeric, 2),
  CASE WHEN d.code < 0.5 THEN 'SAVE' || (g % 90 + 10) END,
  -- 10% without a start, 85% started when added, 5% starting in the coming days (hidden).
  CASE WHEN d.start < 0.1 THEN NULL
       WHEN d.start < 0.95 THEN now() - d.age * interval '365 days'
       ELSE now() + (1 + d.cut * 9) * interval '1 day' END,
  -- 30% without an expiry, 15% already expired (hidden), 55% expiring within two months.
  CASE WHEN d.expiry < 0.3 THEN NULL
       WHEN d.expiry < 0.45 THEN now() - (1 + d.cut * 30) * interval '1 day'
       ELSE now() + (1 + d.cut * 60) * interval '1 day' END,
  'https://shop.example/deal/' || g,
  -- A few common tags, and a rare word (1 deal in 997) for the rare-term benchmark.
  'deal sale ' || (ARRAY['bestseller', 'clearance', 'flash', 'exclusive', 'trending', 'gift'])[1 + floor(d.tag * 6)::int]
    || CASE WHEN g % 997 = 0 THEN ' hasselblad' ELSE '' END,
  CASE WHEN d.badge < 0.3 THEN (ARRAY['Hot', 'Limited', 'Best Seller', 'New'])[1 + floor(d.tag * 4)::int] END,
  '#d32f2f',
  -- 5% switched off by staff (hidden).
  d.active >= 0.05,
  floor(d.cut * 200)::int,
  now() - d.age * interval '365 days',
  now() - d.age * interval '300 days'
FROM bench_deals d
JOIN bench_items i ON i.n = d.item
JOIN bench_words w1 ON w1.n = d.w1
LEFT JOIN bench_words w2 ON w2.n = d.w2;
SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products));

-- Each deal has its item's product type; a third of them also "Electronics" or "Fashion".
INSERT INTO product_product_types (product_id, product_type_id)
SELECT d.g, i.type_id FROM bench_deals d JOIN bench_items i ON i.n = d.item;
INSERT INTO product_product_types (product_id, product_type_id)
SELECT d.g, CASE WHEN i.type_id IN (5, 6) THEN 5 ELSE 1 END
FROM bench_deals d JOIN bench_items i ON i.n = d.item
WHERE d.extra < 0.33 AND i.type_id NOT IN (1, 5);

INSERT INTO product_images (product_id, file_path, is_preview_image)
SELECT id, md5(id::text) || '.webp', true FROM products;

INSERT INTO featured_sections (name, image_file_path, sort_order)
VALUES ('Top Tech', 'tech.webp', 1), ('Fashion Week', 'fashion.webp', 2), ('Kitchen Favourites', 'kitchen.webp', 3), ('Under $25', 'under25.webp', 4);
INSERT INTO featured_section_products (featured_section_id, product_id, sort_order)
SELECT 1 + (id % 4), id, id FROM products WHERE id % 997 = 1;
