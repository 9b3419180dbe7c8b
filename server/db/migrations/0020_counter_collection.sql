CREATE TABLE "counter_handover_lines" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"handover_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"branch_id" integer NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"tendered_pence" integer,
	"change_pence" integer,
	"unpaid_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_handovers_cash" CHECK ("counter_handovers"."paid_pence" >= 0 and ("counter_handovers"."tendered_pence" is null) = ("counter_handovers"."change_pence" is null) and coalesce("counter_handovers"."change_pence", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "rack" text;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "counter_unpaid_without_reason" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "counter_collect_elsewhere" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_handover_lines" ADD CONSTRAINT "counter_handover_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handover_lines" ADD CONSTRAINT "counter_handover_lines_handover_id_counter_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."counter_handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handovers" ADD CONSTRAINT "counter_handovers_order_id_counter_tickets_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."counter_tickets"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handovers" ADD CONSTRAINT "counter_handovers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handovers" ADD CONSTRAINT "counter_handovers_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_handovers_order_idx" ON "counter_handovers" USING btree ("order_id");