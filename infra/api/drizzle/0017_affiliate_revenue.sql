CREATE TABLE "affiliate_clicks" (
	"click_id" varchar(40) PRIMARY KEY NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"network" varchar(12) NOT NULL,
	"transaction_id" varchar(100) NOT NULL,
	"click_id" varchar(40) NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"sale_amount" numeric(14, 2) NOT NULL,
	"commission" numeric(14, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_network_transaction_id_pk" PRIMARY KEY("network","transaction_id"),
	CONSTRAINT "commissions_status_known" CHECK ("commissions"."status" IN ('PENDING', 'APPROVED', 'DECLINED', 'REVERSED'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "affiliate_network" varchar(12) DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "affiliate_link_template" varchar(2000);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "affiliate_mode" varchar(10) DEFAULT 'STORE' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "affiliate_link_template" varchar(2000);--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "commission_30d" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "commission_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "deal_popularity" ADD COLUMN "epc_30d" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_clicked_at_idx" ON "affiliate_clicks" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "commissions_product_idx" ON "commissions" USING btree ("product_id","occurred_at");--> statement-breakpoint
CREATE INDEX "commissions_category_idx" ON "commissions" USING btree ("category_id","occurred_at");--> statement-breakpoint
CREATE INDEX "commissions_occurred_idx" ON "commissions" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "deal_popularity_commission_30d_idx" ON "deal_popularity" USING btree ("commission_30d","product_id");--> statement-breakpoint
CREATE INDEX "deal_popularity_epc_30d_idx" ON "deal_popularity" USING btree ("epc_30d","product_id");