CREATE TABLE "creative_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"influencer" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lyra_conversation_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lyra_conversation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"extras" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lyra_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"influencer" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lyra_counts" (
	"influencer" text NOT NULL,
	"metric" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lyra_counts_influencer_metric_label_pk" PRIMARY KEY("influencer","metric","label")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lyra_conversation_messages" ADD CONSTRAINT "lyra_conversation_messages_conversation_id_lyra_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."lyra_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creative_log_entries_owner_idx" ON "creative_log_entries" USING btree ("owner","created_at","id");--> statement-breakpoint
CREATE INDEX "lyra_conversation_messages_conversation_idx" ON "lyra_conversation_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "lyra_conversations_owner_idx" ON "lyra_conversations" USING btree ("owner","updated_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");