ALTER TABLE "branches" ADD COLUMN "turnaround_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "express_percent" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "same_day_percent" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "same_day_cutoff" text DEFAULT '10:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_tickets" ADD COLUMN "speed" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "turnaround_days" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_turnaround" CHECK ("branches"."turnaround_days" between 1 and 30);--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_express" CHECK ("branches"."express_percent" is null or "branches"."express_percent" between 0 and 200);--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_same_day" CHECK ("branches"."same_day_percent" is null or "branches"."same_day_percent" between 0 and 300);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_turnaround" CHECK ("services"."turnaround_days" is null or "services"."turnaround_days" between 1 and 60);