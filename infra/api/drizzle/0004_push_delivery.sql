CREATE TABLE "push_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"device_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_status_check" CHECK ("push_deliveries"."status" in ('pending', 'delivered', 'failed', 'gone'))
);
--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD COLUMN "number_of_targets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_push_notification_history_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notification_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_target_key" ON "push_deliveries" USING btree ("notification_id","device_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_attempt_at") WHERE "push_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "push_notification_history" ADD CONSTRAINT "push_notification_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_history_product_key" ON "push_notification_history" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "push_history_pending_idx" ON "push_notification_history" USING btree ("id") WHERE "push_notification_history"."status" in ('queued', 'sending');