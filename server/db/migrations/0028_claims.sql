CREATE TABLE "claim_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"reason" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_reason" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"order_garment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"damage_kind" text,
	"category" text NOT NULL,
	"age_months" integer NOT NULL,
	"stated_cost_pence" integer,
	"receipt_photo_id" uuid,
	"condition" text NOT NULL,
	"condition_reason" text,
	"cleaning_charge_pence" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"fault" text,
	"fault_by" uuid,
	"fault_at" timestamp with time zone,
	"reclean_order_id" uuid,
	CONSTRAINT "claim_items_age" CHECK ("claim_items"."age_months" between 0 and 1200),
	CONSTRAINT "claim_items_cost" CHECK ("claim_items"."stated_cost_pence" is null or "claim_items"."stated_cost_pence" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "claim_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"table_version" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"needs_sign_off" boolean NOT NULL,
	"signed_off_by" uuid,
	"signed_off_at" timestamp with time zone,
	"reason" text,
	"staff_id" uuid,
	"made_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_offers_total" CHECK ("claim_offers"."total_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claim_payments" (
	"claim_id" integer PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"method" text NOT NULL,
	"offer_pence" integer NOT NULL,
	"paid_pence" integer NOT NULL,
	"status" text NOT NULL,
	"credit_note_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "claim_payments_paid" CHECK ("claim_payments"."paid_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"claim_item_id" integer NOT NULL,
	"photo_id" uuid NOT NULL,
	CONSTRAINT "claim_photos_claim_item_id_photo_id_pk" PRIMARY KEY("claim_item_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "claim_tables" (
	"version" serial PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid,
	"branch_id" integer,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"answer_due_at" timestamp with time zone NOT NULL,
	"declined_reason" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "claim_disputes" ADD CONSTRAINT "claim_disputes_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_disputes" ADD CONSTRAINT "claim_disputes_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_order_garment_id_order_garments_id_fk" FOREIGN KEY ("order_garment_id") REFERENCES "public"."order_garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_receipt_photo_id_photos_id_fk" FOREIGN KEY ("receipt_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_fault_by_staff_users_id_fk" FOREIGN KEY ("fault_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_reclean_order_id_orders_id_fk" FOREIGN KEY ("reclean_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_offers" ADD CONSTRAINT "claim_offers_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_offers" ADD CONSTRAINT "claim_offers_signed_off_by_staff_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_offers" ADD CONSTRAINT "claim_offers_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD CONSTRAINT "claim_payments_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD CONSTRAINT "claim_payments_offer_id_claim_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."claim_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payments" ADD CONSTRAINT "claim_payments_credit_note_id_financial_documents_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."financial_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_item_id_claim_items_id_fk" FOREIGN KEY ("claim_item_id") REFERENCES "public"."claim_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_tables" ADD CONSTRAINT "claim_tables_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_disputes_open_uq" ON "claim_disputes" USING btree ("claim_id") WHERE "claim_disputes"."answer" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_items_garment_uq" ON "claim_items" USING btree ("claim_id","order_garment_id");--> statement-breakpoint
CREATE INDEX "claim_items_order_garment_idx" ON "claim_items" USING btree ("order_garment_id");--> statement-breakpoint
CREATE INDEX "claim_offers_claim_idx" ON "claim_offers" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_order_idx" ON "claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "claims_customer_idx" ON "claims" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","made_at");