CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_via" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_pence" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_cap_pence" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_pence" integer;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_approvals" ADD CONSTRAINT "price_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "price_approvals_order_idx" ON "price_approvals" USING btree ("order_id");