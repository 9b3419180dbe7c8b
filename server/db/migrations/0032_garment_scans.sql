CREATE TABLE "garment_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_garment_id" integer NOT NULL,
	"staff_id" uuid,
	"branch_id" integer,
	"what" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "garment_scans" ADD CONSTRAINT "garment_scans_order_garment_id_order_garments_id_fk" FOREIGN KEY ("order_garment_id") REFERENCES "public"."order_garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garment_scans" ADD CONSTRAINT "garment_scans_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garment_scans" ADD CONSTRAINT "garment_scans_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "garment_scans_garment_idx" ON "garment_scans" USING btree ("order_garment_id","at");