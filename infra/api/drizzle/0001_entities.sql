CREATE TABLE "banner_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"name" varchar(1000),
	"type" varchar(40),
	"title" varchar(1000),
	"description" text,
	"alignment" varchar(10) DEFAULT 'LEFT' NOT NULL,
	"image_path" text,
	"is_padded" boolean DEFAULT false NOT NULL,
	"is_floating_card" boolean DEFAULT false NOT NULL,
	"has_rounded_corners" boolean DEFAULT false NOT NULL,
	"is_text_only" boolean DEFAULT false NOT NULL,
	"primary_button_text" varchar(50),
	"primary_button_action_type" varchar(500),
	"primary_button_link" varchar(500),
	"secondary_button_text" varchar(50),
	"secondary_button_action_type" varchar(500),
	"secondary_button_link" varchar(500),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer,
	"blog_id" integer,
	"name" varchar(150) NOT NULL,
	"type" varchar(40) DEFAULT 'CONTENT_SECTION_DYNAMIC_BANNER' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer,
	"blog_id" integer,
	"name" varchar(150) NOT NULL,
	"type" varchar(40) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"title" varchar(1000),
	"description" text,
	"raw_html" text,
	"alignment" varchar(10) DEFAULT 'LEFT' NOT NULL,
	"image_path" text,
	"is_padded" boolean DEFAULT false NOT NULL,
	"is_floating_card" boolean DEFAULT false NOT NULL,
	"has_rounded_corners" boolean DEFAULT false NOT NULL,
	"is_text_only" boolean DEFAULT false NOT NULL,
	"primary_button_text" varchar(50),
	"primary_button_action_type" varchar(500),
	"primary_button_link" varchar(500),
	"secondary_button_text" varchar(50),
	"secondary_button_action_type" varchar(500),
	"secondary_button_link" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_section_products" (
	"featured_section_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_section_products_featured_section_id_product_id_pk" PRIMARY KEY("featured_section_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "featured_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(250) NOT NULL,
	"image_file_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footer_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" varchar(250) NOT NULL,
	"to" varchar(500) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"page_id" integer,
	"parent_menu_item_id" integer,
	"custom_link" varchar(250),
	"open_in_new_tab" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"content_section_id" integer,
	"banner_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_components_target" CHECK (("page_components"."type" = 'CONTENTSECTION' AND "page_components"."content_section_id" IS NOT NULL AND "page_components"."banner_id" IS NULL) OR ("page_components"."type" = 'BANNER' AND "page_components"."banner_id" IS NOT NULL AND "page_components"."content_section_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_blog" boolean DEFAULT false NOT NULL,
	"name" varchar(250) NOT NULL,
	"title" varchar(250),
	"url" varchar(250) NOT NULL,
	"is_banner_visible" boolean DEFAULT true NOT NULL,
	"banner_image_file_path" text,
	"banner_color" varchar(10) DEFAULT '#000000' NOT NULL,
	"keywords" varchar(1500),
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"added_by_id" integer,
	"added_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file_path" text NOT NULL,
	"is_preview_image" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_product_types" (
	"product_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	CONSTRAINT "product_product_types_product_id_product_type_id_pk" PRIMARY KEY("product_id","product_type_id")
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(250) NOT NULL,
	"image_file_path" text,
	"notify_immediately" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(500) NOT NULL,
	"additional_information" varchar(2000),
	"is_featured" boolean DEFAULT false NOT NULL,
	"current_price" numeric(12, 2) NOT NULL,
	"previous_price" numeric(12, 2) NOT NULL,
	"discount" numeric GENERATED ALWAYS AS (CASE WHEN previous_price > 0 THEN round((previous_price - current_price) * 100 / previous_price, 2) ELSE 0 END) STORED NOT NULL,
	"promo_code" varchar(50),
	"deal_starts_in" timestamp with time zone,
	"deal_expires_in" timestamp with time zone,
	"link" varchar(3000) NOT NULL,
	"keywords" varchar(2500),
	"badge_text" varchar(30),
	"badge_color" varchar(50) DEFAULT '#000000' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"added_by_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"date_time_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_non_negative" CHECK ("products"."current_price" >= 0 AND "products"."previous_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" varchar(2048) NOT NULL,
	"platform" varchar(10) NOT NULL,
	"subscription" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "push_notification_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"message" varchar(1000) NOT NULL,
	"number_of_devices_sent_to" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"full_name" varchar(250) NOT NULL,
	"email" varchar(250) NOT NULL,
	"phone" varchar(20),
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_items" ADD CONSTRAINT "banner_items_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_blog_id_pages_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_blog_id_pages_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_section_products" ADD CONSTRAINT "featured_section_products_featured_section_id_featured_sections_id_fk" FOREIGN KEY ("featured_section_id") REFERENCES "public"."featured_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_section_products" ADD CONSTRAINT "featured_section_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_menu_item_id_menu_items_id_fk" FOREIGN KEY ("parent_menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_components" ADD CONSTRAINT "page_components_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_components" ADD CONSTRAINT "page_components_content_section_id_content_sections_id_fk" FOREIGN KEY ("content_section_id") REFERENCES "public"."content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_components" ADD CONSTRAINT "page_components_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_types" ADD CONSTRAINT "product_product_types_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_types" ADD CONSTRAINT "product_product_types_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD CONSTRAINT "push_notification_history_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_items_banner_idx" ON "banner_items" USING btree ("banner_id","sort_order");--> statement-breakpoint
CREATE INDEX "content_sections_type_idx" ON "content_sections" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscribers_email_lower_key" ON "email_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "featured_section_products_product_idx" ON "featured_section_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "featured_sections_active_sort_idx" ON "featured_sections" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "menu_items_parent_idx" ON "menu_items" USING btree ("parent_menu_item_id","sort_order");--> statement-breakpoint
CREATE INDEX "page_components_page_idx" ON "page_components" USING btree ("page_id","sort_order");--> statement-breakpoint
CREATE INDEX "page_components_section_idx" ON "page_components" USING btree ("content_section_id");--> statement-breakpoint
CREATE INDEX "page_components_banner_idx" ON "page_components" USING btree ("banner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_url_lower_key" ON "pages" USING btree (lower("url"));--> statement-breakpoint
CREATE INDEX "pages_blog_active_idx" ON "pages" USING btree ("is_blog","is_active");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_one_preview_key" ON "product_images" USING btree ("product_id") WHERE "product_images"."is_preview_image";--> statement-breakpoint
CREATE INDEX "product_product_types_type_idx" ON "product_product_types" USING btree ("product_type_id","product_id");--> statement-breakpoint
CREATE INDEX "product_types_active_sort_idx" ON "product_types" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_added_by_idx" ON "products" USING btree ("added_by_id");--> statement-breakpoint
CREATE INDEX "products_added_idx" ON "products" USING btree ("date_time_added");--> statement-breakpoint
CREATE INDEX "push_history_date_idx" ON "push_notification_history" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));