CREATE TABLE "record_versions" (
	"record_type" varchar(40) NOT NULL,
	"record_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_by_id" integer,
	"changed_at" timestamp (3) with time zone,
	"lock_token" varchar(40),
	"locked_at" timestamp (3) with time zone,
	CONSTRAINT "record_versions_record_type_record_id_pk" PRIMARY KEY("record_type","record_id")
);
--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_versions_changed_by_idx" ON "record_versions" USING btree ("changed_by_id");