CREATE TABLE "deal_feed_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"offer_id" varchar(200) NOT NULL,
	"status" varchar(8) NOT NULL,
	"values" jsonb NOT NULL,
	"values_hash" varchar(64) NOT NULL,
	"image_file_path" text,
	"product_id" integer,
	"accepted_by_id" integer,
	"accepted_at" timestamp with time zone,
	"last_run_id" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_feed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"status" varchar(9) DEFAULT 'RUNNING' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_stores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "deal_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"format" varchar(4) NOT NULL,
	"mode" varchar(6) NOT NULL,
	"every_hours" integer NOT NULL,
	"lists_all_offers" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret_header_name" varchar(100),
	"secret_header_value" text,
	"columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"advertisers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"next_run_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_feed_offers" ADD CONSTRAINT "deal_feed_offers_feed_id_deal_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."deal_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feed_offers" ADD CONSTRAINT "deal_feed_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feed_offers" ADD CONSTRAINT "deal_feed_offers_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feed_runs" ADD CONSTRAINT "deal_feed_runs_feed_id_deal_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."deal_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feeds" ADD CONSTRAINT "deal_feeds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_feed_offers_offer_key" ON "deal_feed_offers" USING btree ("feed_id","offer_id");--> statement-breakpoint
CREATE INDEX "deal_feed_offers_status_idx" ON "deal_feed_offers" USING btree ("status","first_seen_at");--> statement-breakpoint
CREATE INDEX "deal_feed_offers_product_idx" ON "deal_feed_offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "deal_feed_offers_image_idx" ON "deal_feed_offers" USING btree ("image_file_path");--> statement-breakpoint
CREATE INDEX "deal_feed_runs_feed_idx" ON "deal_feed_runs" USING btree ("feed_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_feed_runs_one_running_key" ON "deal_feed_runs" USING btree ("feed_id") WHERE "deal_feed_runs"."status" = 'RUNNING';