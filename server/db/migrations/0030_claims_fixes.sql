ALTER TABLE "claim_offers" ADD COLUMN "credit_bonus_percent" integer;--> statement-breakpoint
UPDATE "claim_offers" o SET "credit_bonus_percent" = coalesce((SELECT (t."body"->'settings'->>'creditBonusPercent')::int FROM "claim_tables" t WHERE t."version" = o."table_version"), 10);--> statement-breakpoint
ALTER TABLE "claim_offers" ALTER COLUMN "credit_bonus_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD COLUMN "refund_plan" jsonb;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD COLUMN "credit_pence" integer DEFAULT 0 NOT NULL;
