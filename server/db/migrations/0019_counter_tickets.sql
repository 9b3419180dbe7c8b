CREATE TABLE "counter_tickets" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"staff_id" uuid,
	"promised_ready_at" timestamp with time zone NOT NULL,
	"payment" text NOT NULL,
	"tendered_pence" integer,
	"change_pence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_tickets_cash" CHECK (("counter_tickets"."payment" = 'cash' and "counter_tickets"."tendered_pence" >= 0 and "counter_tickets"."change_pence" >= 0) or ("counter_tickets"."payment" = 'at-collection' and "counter_tickets"."tendered_pence" is null and "counter_tickets"."change_pence" is null))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD CONSTRAINT "counter_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD CONSTRAINT "counter_tickets_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD CONSTRAINT "counter_tickets_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_tickets_branch_idx" ON "counter_tickets" USING btree ("branch_id");