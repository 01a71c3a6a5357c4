CREATE TABLE "deal_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"word" varchar(40),
	"store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_follows_word_or_store" CHECK (("deal_follows"."word" IS NULL) <> ("deal_follows"."store_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "push_notification_audience" (
	"notification_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"title" varchar(250) NOT NULL,
	CONSTRAINT "push_notification_audience_notification_id_device_id_pk" PRIMARY KEY("notification_id","device_id")
);
--> statement-breakpoint
DROP INDEX "push_history_product_key";--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD COLUMN "kind" varchar(20) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Written by hand: before this migration only new-deal alerts pointed at a deal.
UPDATE "push_notification_history" SET "kind" = 'new-deal' WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_follows" ADD CONSTRAINT "deal_follows_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_follows" ADD CONSTRAINT "deal_follows_store_id_categories_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_audience" ADD CONSTRAINT "push_notification_audience_notification_id_push_notification_history_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notification_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_audience" ADD CONSTRAINT "push_notification_audience_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_follows_device_word_key" ON "deal_follows" USING btree ("device_id","word");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_follows_device_store_key" ON "deal_follows" USING btree ("device_id","store_id");--> statement-breakpoint
CREATE INDEX "deal_follows_store_idx" ON "deal_follows" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "push_audience_device_idx" ON "push_notification_audience" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_history_product_key" ON "push_notification_history" USING btree ("kind","product_id");--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD CONSTRAINT "push_history_kind_check" CHECK ("push_notification_history"."kind" in ('staff', 'new-deal', 'follow-alert'));