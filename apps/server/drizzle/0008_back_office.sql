CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"email" text PRIMARY KEY NOT NULL,
	"release_emails" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_email_lowercase" CHECK ("mail_preferences"."email" = lower("mail_preferences"."email"))
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_grants" (
	"email" text NOT NULL,
	"role" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_grants_email_role_pk" PRIMARY KEY("email","role"),
	CONSTRAINT "role_grants_email_lowercase" CHECK ("role_grants"."email" = lower("role_grants"."email"))
);
--> statement-breakpoint
CREATE TABLE "store_milestones" (
	"name" text PRIMARY KEY NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"owner" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"storage_upload_id" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sha256" char(64),
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_received_range" CHECK ("uploads"."received_bytes" between 0 and "uploads"."size_bytes")
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "major" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "summary_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "key_facts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trial_of_product_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_unique" ON "product_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "uploads" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_trial_of_product_id_products_id_fk" FOREIGN KEY ("trial_of_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Existing installs: every category their products use becomes a category row, and a catalogue already there counts as imported.
INSERT INTO "product_categories" ("slug", "name", "sort_order")
  SELECT trim(both '-' from lower(regexp_replace("category", '[^A-Za-z0-9]+', '-', 'g'))), "category", row_number() OVER (ORDER BY min("sort_order"), "category")
  FROM "products" GROUP BY "category" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "store_milestones" ("name") SELECT 'catalogue-imported' WHERE EXISTS (SELECT 1 FROM "products");--> statement-breakpoint
UPDATE "product_versions" SET "published_at" = "released_at";--> statement-breakpoint
UPDATE "coupons" SET "product_ids" = ARRAY["product_id"] WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("category") REFERENCES "public"."product_categories"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_dates" CHECK ("coupons"."valid_from" is null or "coupons"."valid_until" is null or "coupons"."valid_until" > "coupons"."valid_from");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deal_one_kind" CHECK ("products"."discount_amount_minor" is null or ("products"."discount_amount_minor" > 0 and "products"."discount_percent" = 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deal_dates" CHECK ("products"."deal_starts_at" is null or "products"."deal_ends_at" is null or "products"."deal_ends_at" > "products"."deal_starts_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_not_own_trial" CHECK ("products"."trial_of_product_id" is null or "products"."trial_of_product_id" <> "products"."id");