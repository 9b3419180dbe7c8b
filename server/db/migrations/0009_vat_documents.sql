CREATE TABLE "document_numbers" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"credits_id" uuid,
	"payment_id" uuid,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "financial_documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "financial_documents" ADD CONSTRAINT "financial_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_documents_series_uq" ON "financial_documents" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "financial_documents_order_idx" ON "financial_documents" USING btree ("order_id");