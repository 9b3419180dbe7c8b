CREATE TABLE "till_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"opened_by" uuid,
	"opened_by_name" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"float_pence" integer NOT NULL,
	"closed_by" uuid,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"counted_pence" integer,
	"difference_pence" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "till_days_float" CHECK ("till_days"."float_pence" >= 0),
	CONSTRAINT "till_days_closed" CHECK (("till_days"."closed_at" is null) = ("till_days"."counted_pence" is null) and ("till_days"."closed_at" is null) = ("till_days"."difference_pence" is null))
);
--> statement-breakpoint
CREATE TABLE "till_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"pence" integer NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"order_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_entries_sign" CHECK (("till_entries"."kind" in ('sale', 'paid-in') and "till_entries"."pence" > 0) or ("till_entries"."kind" in ('refund', 'paid-out') and "till_entries"."pence" < 0)),
	CONSTRAINT "till_entries_reason" CHECK ("till_entries"."kind" not in ('paid-in', 'paid-out') or coalesce("till_entries"."reason", '') <> '')
);
--> statement-breakpoint
ALTER TABLE "till_days" ADD CONSTRAINT "till_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_days" ADD CONSTRAINT "till_days_opened_by_staff_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_days" ADD CONSTRAINT "till_days_closed_by_staff_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_entries" ADD CONSTRAINT "till_entries_day_id_till_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."till_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_entries" ADD CONSTRAINT "till_entries_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_entries" ADD CONSTRAINT "till_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_days_open_uq" ON "till_days" USING btree ("branch_id") WHERE "till_days"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "till_days_branch_day_uq" ON "till_days" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "till_entries_day_idx" ON "till_entries" USING btree ("day_id");