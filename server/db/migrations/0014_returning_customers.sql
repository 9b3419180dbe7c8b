CREATE TABLE "care_preferences" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"shirts" text,
	"starch" text,
	"no_plastic_covers" boolean DEFAULT false NOT NULL,
	"return_hangers" boolean DEFAULT false NOT NULL,
	"detergent_notes" text DEFAULT '' NOT NULL,
	"handover_notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent_off" smallint,
	"amount_off_pence" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"min_spend_pence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"per_customer_limit" integer,
	"total_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_amount" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_off" between 1 and 100) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."amount_off_pence" > 0)),
	CONSTRAINT "promo_codes_used" CHECK ("promo_codes"."total_limit" is null or "promo_codes"."used" <= "promo_codes"."total_limit")
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"collection_date" date NOT NULL,
	"status" text DEFAULT 'announced' NOT NULL,
	"reason" text,
	"order_id" uuid,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recurring_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"address_id" uuid,
	"address_json" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint NOT NULL,
	"window_start" text NOT NULL,
	"delivery_start" text NOT NULL,
	"anchor_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_plans_weekday" CHECK ("recurring_plans"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"credited_at" timestamp with time zone,
	"credit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"display_name" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "building" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_applied_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_preferences" ADD CONSTRAINT "care_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_plan_id_recurring_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_address_id_customer_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_credit_id_customer_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."customer_credits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_by_staff_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occurrences_plan_date_uq" ON "recurring_occurrences" USING btree ("plan_id","collection_date");--> statement-breakpoint
CREATE INDEX "recurring_occurrences_order_idx" ON "recurring_occurrences" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recurring_plans_customer_idx" ON "recurring_plans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referred_by_customers_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_non_negative" CHECK ("orders"."credit_applied_pence" >= 0);