ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE INDEX "payments_card_fingerprint_idx" ON "payments" USING btree ("card_fingerprint");