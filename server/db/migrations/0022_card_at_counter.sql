CREATE TABLE "counter_card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"branch_id" integer NOT NULL,
	"reader_id" text NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"card_brand" text,
	"card_last4" text,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "counter_card_payments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "counter_card_payments_amount" CHECK ("counter_card_payments"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "counter_tickets" DROP CONSTRAINT "counter_tickets_cash";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "terminal_reader_id" text;--> statement-breakpoint
ALTER TABLE "counter_card_payments" ADD CONSTRAINT "counter_card_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_card_payments" ADD CONSTRAINT "counter_card_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_card_payments" ADD CONSTRAINT "counter_card_payments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_card_payments_waiting_uq" ON "counter_card_payments" USING btree ("order_id") WHERE "counter_card_payments"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD CONSTRAINT "counter_tickets_cash" CHECK (("counter_tickets"."payment" = 'cash' and "counter_tickets"."tendered_pence" >= 0 and "counter_tickets"."change_pence" >= 0) or ("counter_tickets"."payment" in ('at-collection', 'card') and "counter_tickets"."tendered_pence" is null and "counter_tickets"."change_pence" is null));