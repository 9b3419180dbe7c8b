ALTER TABLE "orders" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE INDEX "orders_email_key_idx" ON "orders" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "orders_phone_key_idx" ON "orders" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "orders_address_key_idx" ON "orders" USING btree ("address_key");