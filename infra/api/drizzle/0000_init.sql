CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(250) NOT NULL,
	"image_file_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"notify_immediately" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_assets" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" varchar(250),
	"company_logo_path" text,
	"company_icon_path" text,
	"email_address" varchar(250),
	"phone_number" varchar(50),
	"street_address1" varchar(250),
	"street_address2" varchar(250),
	"city" varchar(100),
	"state" varchar(100),
	"zip_code" varchar(20),
	"primary_week_day_hours" varchar(250),
	"primary_week_end_hours" varchar(250),
	"secondary_week_day_hours" varchar(250),
	"secondary_week_end_hours" varchar(250),
	"app_store_link" text,
	"google_play_store_link" text,
	"facebook_link" text,
	"instagram_link" text,
	"twitter_link" text,
	"linked_in_link" text,
	"youtube_link" text,
	"tiktok_link" text,
	"google_map_link" text,
	"google_analytics_id" varchar(50),
	"seo" text,
	"facebook_pixel_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_assets_single_row" CHECK ("site_assets"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "categories_active_sort_idx" ON "categories" USING btree ("is_active","sort_order");