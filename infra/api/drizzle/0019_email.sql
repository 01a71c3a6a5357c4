CREATE TABLE "email_alert_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"word" varchar(40),
	"store_id" integer
);
--> statement-breakpoint
CREATE TABLE "email_alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(250) NOT NULL,
	"email_key" varchar(250) NOT NULL,
	"domain" varchar(250) NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"pending_follows" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"consent_ip" varchar(64),
	"ended_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"key" varchar(120) NOT NULL,
	"to_address" varchar(250) NOT NULL,
	"domain" varchar(250) NOT NULL,
	"subscription_id" integer,
	"user_id" integer,
	"template" varchar(16) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"key" varchar(100) NOT NULL,
	"title" varchar(250) NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_alert_follows" ADD CONSTRAINT "email_alert_follows_subscription_id_email_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."email_alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_alert_follows" ADD CONSTRAINT "email_alert_follows_store_id_categories_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_subscription_id_email_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."email_alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_alert_follows_subscription_idx" ON "email_alert_follows" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "email_alert_follows_word_idx" ON "email_alert_follows" USING btree ("word") WHERE "email_alert_follows"."word" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "email_alert_follows_store_idx" ON "email_alert_follows" USING btree ("store_id") WHERE "email_alert_follows"."store_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_alert_subscriptions_email_key" ON "email_alert_subscriptions" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "email_alert_subscriptions_status_idx" ON "email_alert_subscriptions" USING btree ("status","frequency");--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_key" ON "email_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "email_messages_send_idx" ON "email_messages" USING btree ("send_id","status");--> statement-breakpoint
CREATE INDEX "email_messages_subscription_idx" ON "email_messages" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "email_messages_undispatched_idx" ON "email_messages" USING btree ("id") WHERE "email_messages"."status" = 'queued' AND "email_messages"."claimed_until" IS NULL;--> statement-breakpoint
CREATE INDEX "email_messages_overdue_idx" ON "email_messages" USING btree ("claimed_until") WHERE "email_messages"."status" IN ('queued', 'sending', 'deferred');--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_key" ON "email_sends" USING btree ("key");--> statement-breakpoint
CREATE INDEX "email_sends_created_idx" ON "email_sends" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_hash_key" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");