CREATE TABLE "text_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text DEFAULT 'service' NOT NULL,
	"template" text NOT NULL,
	"customer_id" uuid,
	"order_id" uuid,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_sid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_dedupe_uq" ON "text_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_provider_sid_uq" ON "text_messages" USING btree ("provider_sid");--> statement-breakpoint
CREATE INDEX "text_messages_customer_idx" ON "text_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "text_messages_order_idx" ON "text_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "text_messages_phone_idx" ON "text_messages" USING btree ("phone","created_at");