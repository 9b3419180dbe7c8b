CREATE TABLE "counter_uncollected_notices" (
	"order_id" uuid NOT NULL,
	"stage" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"emailed" boolean NOT NULL,
	CONSTRAINT "counter_uncollected_notices_order_id_stage_pk" PRIMARY KEY("order_id","stage"),
	CONSTRAINT "counter_uncollected_notices_stage" CHECK ("counter_uncollected_notices"."stage" in (30, 60, 80, 90))
);
--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "uncollected_decision" text;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "counter_uncollected_notices" ADD CONSTRAINT "counter_uncollected_notices_order_id_counter_tickets_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."counter_tickets"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD CONSTRAINT "counter_tickets_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;