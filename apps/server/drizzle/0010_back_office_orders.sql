CREATE TABLE "refund_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_return_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"order_id" integer,
	"provider_order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_events" ADD COLUMN "filename" text;--> statement-breakpoint
ALTER TABLE "download_events" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_log" ADD CONSTRAINT "webhook_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_pending" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_return_idx" ON "refund_requests" USING btree ("provider_return_id");--> statement-breakpoint
CREATE INDEX "webhook_log_order_idx" ON "webhook_log" USING btree ("order_id","received_at");--> statement-breakpoint
CREATE INDEX "webhook_log_outcome_idx" ON "webhook_log" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE INDEX "webhook_log_received_idx" ON "webhook_log" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "download_events_order_idx" ON "download_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "licences_order_item_idx" ON "licences" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_completed_idx" ON "orders" USING btree ("status","completed_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_coupon_codes_idx" ON "orders" USING gin ("coupon_codes");--> statement-breakpoint
CREATE INDEX "outbox_messages_order_idx" ON "outbox_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "outbox_messages_failed_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- The emails already sent about an order, linked to it for the back office's order page.
UPDATE "outbox_messages" SET "order_id" = substring("dedupe_key" from 20)::integer
  WHERE "dedupe_key" ~ '^order-confirmation:[0-9]+$' AND EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = substring("dedupe_key" from 20)::integer);--> statement-breakpoint
UPDATE "outbox_messages" SET "order_id" = "refunds"."order_id" FROM "refunds"
  WHERE "outbox_messages"."dedupe_key" = 'refund-confirmation:' || "refunds"."id";
