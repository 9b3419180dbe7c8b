CREATE TABLE "garments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_garment_id" integer,
	"body" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "order_garments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"garment_id" uuid NOT NULL,
	"tag_number" text NOT NULL,
	"service_id" integer,
	"item_name" text NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"treatment" text DEFAULT '' NOT NULL,
	"damage_note" text DEFAULT '' NOT NULL,
	"pocket_note" text DEFAULT '' NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_garments_price_non_negative" CHECK ("order_garments"."unit_price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_garment_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "stop_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"leg" text NOT NULL,
	"outcome" text NOT NULL,
	"bags" integer,
	"seal_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"left_with" text DEFAULT '' NOT NULL,
	"photo_id" uuid,
	"staff_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_events_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "stop_events_bags_positive" CHECK ("stop_events"."bags" is null or "stop_events"."bags" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "intake_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "garments" ADD CONSTRAINT "garments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_order_garment_id_order_garments_id_fk" FOREIGN KEY ("order_garment_id") REFERENCES "public"."order_garments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_answered_by_staff_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_garments" ADD CONSTRAINT "order_garments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_garments" ADD CONSTRAINT "order_garments_garment_id_garments_id_fk" FOREIGN KEY ("garment_id") REFERENCES "public"."garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_garments" ADD CONSTRAINT "order_garments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_garments" ADD CONSTRAINT "order_garments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_order_garment_id_order_garments_id_fk" FOREIGN KEY ("order_garment_id") REFERENCES "public"."order_garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "garments_customer_idx" ON "garments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "order_cases_order_idx" ON "order_cases" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_garments_tag_uq" ON "order_garments" USING btree ("order_id","tag_number");--> statement-breakpoint
CREATE INDEX "order_garments_tag_idx" ON "order_garments" USING btree ("tag_number");--> statement-breakpoint
CREATE INDEX "order_garments_garment_idx" ON "order_garments" USING btree ("garment_id");--> statement-breakpoint
CREATE INDEX "photos_order_idx" ON "photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "photos_order_garment_idx" ON "photos" USING btree ("order_garment_id");--> statement-breakpoint
CREATE INDEX "stop_events_order_idx" ON "stop_events" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_token_unique" UNIQUE("tracking_token");