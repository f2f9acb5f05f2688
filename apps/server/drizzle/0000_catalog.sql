CREATE TABLE "product_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"os" text NOT NULL,
	"format" text NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_files_size_nonnegative" CHECK ("product_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"version" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"changelog_markdown" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"sku" text NOT NULL,
	"display_name" text NOT NULL,
	"category" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_percent_style" text DEFAULT 'number' NOT NULL,
	"discount_reason" text,
	"live" boolean DEFAULT true NOT NULL,
	"downloadable" boolean DEFAULT true NOT NULL,
	"licence_seats" integer,
	"summary_html" text NOT NULL,
	"description_markdown" text NOT NULL,
	"image_path" text NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price_minor" >= 0),
	CONSTRAINT "products_discount_range" CHECK ("products"."discount_percent" between 0 and 100),
	CONSTRAINT "products_licence_seats_positive" CHECK ("products"."licence_seats" is null or "products"."licence_seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_version_os_format_unique" ON "product_files" USING btree ("version_id","os","format");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_product_version_unique" ON "product_versions" USING btree ("product_id","version");--> statement-breakpoint
CREATE INDEX "product_versions_product_released_idx" ON "product_versions" USING btree ("product_id","released_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_path_unique" ON "products" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_live_sort_idx" ON "products" USING btree ("live","sort_order");