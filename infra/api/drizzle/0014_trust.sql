CREATE TABLE "deal_attention_dismissals" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	"dismissed_by_id" integer,
	"link_status" varchar(20),
	"low_success" boolean DEFAULT false NOT NULL,
	"expiring" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_link_checks" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"http_status" integer,
	"final_url" text,
	"reason" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"consecutive_dead" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_reports" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" varchar(64) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_reports_product_id_day_visitor_reason_pk" PRIMARY KEY("product_id","day","visitor","reason")
);
--> statement-breakpoint
CREATE TABLE "deal_votes" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" varchar(64) NOT NULL,
	"worked" boolean NOT NULL,
	"voted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_votes_product_id_day_visitor_pk" PRIMARY KEY("product_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "trust_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_answers" integer DEFAULT 5 NOT NULL,
	"low_success_percent" integer DEFAULT 50 NOT NULL,
	"check_period_hours" integer DEFAULT 24 NOT NULL,
	"auto_deactivate_after_dead_checks" integer,
	"soft_dead_phrases" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_settings_single_row" CHECK ("trust_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "votes_30d" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "worked_30d" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "last_worked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "success_rate" integer;--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "success_factor" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_attention_dismissals" ADD CONSTRAINT "deal_attention_dismissals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_attention_dismissals" ADD CONSTRAINT "deal_attention_dismissals_dismissed_by_id_users_id_fk" FOREIGN KEY ("dismissed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_link_checks" ADD CONSTRAINT "deal_link_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_reports" ADD CONSTRAINT "deal_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_link_checks_failing_idx" ON "deal_link_checks" USING btree ("product_id") WHERE "deal_link_checks"."status" <> 'OK';--> statement-breakpoint
CREATE INDEX "deal_link_checks_checked_at_idx" ON "deal_link_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "deal_reports_product_reported_idx" ON "deal_reports" USING btree ("product_id","reported_at");--> statement-breakpoint
CREATE INDEX "deal_reports_reported_at_idx" ON "deal_reports" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "deal_votes_voted_at_idx" ON "deal_votes" USING btree ("voted_at");--> statement-breakpoint
CREATE INDEX "products_expires_idx" ON "products" USING btree ("deal_expires_in");--> statement-breakpoint
INSERT INTO "trust_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
