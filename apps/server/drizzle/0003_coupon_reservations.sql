CREATE TABLE "coupon_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"provider_order_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_webhook_deliveries" ADD COLUMN "sandbox_order_id" text;--> statement-breakpoint
ALTER TABLE "coupon_reservations" ADD CONSTRAINT "coupon_reservations_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_reservations_coupon_order_unique" ON "coupon_reservations" USING btree ("coupon_id","provider_order_id");--> statement-breakpoint
CREATE INDEX "coupon_reservations_coupon_email_idx" ON "coupon_reservations" USING btree ("coupon_id","email");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_order_idx" ON "sandbox_webhook_deliveries" USING btree ("sandbox_order_id");