CREATE TABLE "legacy_licences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_licences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"product" text NOT NULL,
	"email" text,
	"issued_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"upgrade_coupon_code" text,
	"upgraded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "licence_machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licence_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"name" text,
	"platform" text,
	"app_version" text,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_reason" text,
	CONSTRAINT "licence_machines_released_reason" CHECK (("licence_machines"."released_at" is null) = ("licence_machines"."released_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "type" text DEFAULT 'perpetual' NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "upgraded_from_legacy_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upgrade_offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_machines" ADD CONSTRAINT "licence_machines_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_licences_key_unique" ON "legacy_licences" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_licences_coupon_unique" ON "legacy_licences" USING btree ("upgrade_coupon_code");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_machines_active_unique" ON "licence_machines" USING btree ("licence_id","fingerprint") WHERE "licence_machines"."released_at" is null;--> statement-breakpoint
CREATE INDEX "licence_machines_licence_idx" ON "licence_machines" USING btree ("licence_id","released_at");--> statement-breakpoint
CREATE INDEX "licence_machines_fingerprint_idx" ON "licence_machines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "licence_machines_last_seen_idx" ON "licence_machines" USING btree ("last_seen_at") WHERE "licence_machines"."released_at" is null;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_upgraded_from_legacy_id_legacy_licences_id_fk" FOREIGN KEY ("upgraded_from_legacy_id") REFERENCES "public"."legacy_licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_customer_product_idx" ON "licences" USING btree ("customer_id","product_id");--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_trial_expires" CHECK ("licences"."type" <> 'trial' or "licences"."expires_at" is not null);--> statement-breakpoint
-- Keys already sold for a trial product become trial licences that end 14 days after they were issued.
UPDATE "licences" SET "type" = 'trial', "expires_at" = "licences"."created_at" + interval '14 days'
FROM "products" WHERE "products"."id" = "licences"."product_id" AND "products"."trial_of_product_id" IS NOT NULL;--> statement-breakpoint
UPDATE "licences" SET "revoked_at" = now() WHERE "status" = 'revoked' AND "revoked_at" IS NULL;
