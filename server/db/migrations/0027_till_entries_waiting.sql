ALTER TABLE "till_entries" ALTER COLUMN "day_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_card_payments" ADD COLUMN "day_id" integer;--> statement-breakpoint
ALTER TABLE "till_entries" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "counter_card_payments" ADD CONSTRAINT "counter_card_payments_day_id_till_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."till_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_entries" ADD CONSTRAINT "till_entries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "till_entries" SET "branch_id" = "till_days"."branch_id" FROM "till_days" WHERE "till_days"."id" = "till_entries"."day_id";--> statement-breakpoint
CREATE INDEX "till_entries_waiting_idx" ON "till_entries" USING btree ("branch_id") WHERE "till_entries"."day_id" is null;--> statement-breakpoint
ALTER TABLE "till_entries" ADD CONSTRAINT "till_entries_home" CHECK ("till_entries"."day_id" is not null or "till_entries"."branch_id" is not null);