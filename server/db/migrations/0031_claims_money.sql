ALTER TABLE "claim_disputes" ADD COLUMN "disputed" text;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD COLUMN "attempt" uuid;