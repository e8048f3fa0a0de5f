CREATE TABLE "uploaded_photos" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_drafts" (
	"eid" integer PRIMARY KEY NOT NULL,
	"base_version" integer NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL,
	CONSTRAINT "listing_drafts_revision_check" CHECK ("listing_drafts"."revision" >= 1)
);
--> statement-breakpoint
CREATE TABLE "listing_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"eid" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_versions" (
	"eid" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text NOT NULL,
	CONSTRAINT "listing_versions_eid_version_pk" PRIMARY KEY("eid","version"),
	CONSTRAINT "listing_versions_version_check" CHECK ("listing_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "rate_plan" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "address_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "address_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "beds" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "access" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "neighbourhood" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "transit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "check_in_time" text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "check_out_time" text DEFAULT '10:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "house_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "cancellation_policy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_drafts" ADD CONSTRAINT "listing_drafts_eid_units_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."units"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_slugs" ADD CONSTRAINT "listing_slugs_eid_units_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."units"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_eid_units_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."units"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_slugs_eid_idx" ON "listing_slugs" USING btree ("eid");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_status_check" CHECK ("units"."status" in ('published', 'unpublished', 'archived'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_version_check" CHECK ("units"."version" >= 0);--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_beds_check" CHECK ("units"."beds" >= 0);