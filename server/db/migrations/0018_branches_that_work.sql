CREATE TABLE "branch_areas" (
	"district" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_closures" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "branch_closures_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "branch_hours" (
	"branch_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	CONSTRAINT "branch_hours_branch_id_weekday_pk" PRIMARY KEY("branch_id","weekday"),
	CONSTRAINT "branch_hours_weekday" CHECK ("branch_hours"."weekday" between 1 and 7),
	CONSTRAINT "branch_hours_close_after_open" CHECK ("branch_hours"."closes_at" > "branch_hours"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "branch_staff" (
	"branch_id" integer NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "branch_staff_branch_id_staff_id_pk" PRIMARY KEY("branch_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "counter_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "branch_areas" ADD CONSTRAINT "branch_areas_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_closures" ADD CONSTRAINT "branch_closures_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_hours" ADD CONSTRAINT "branch_hours_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_staff" ADD CONSTRAINT "branch_staff_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_staff" ADD CONSTRAINT "branch_staff_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_areas_branch_idx" ON "branch_areas" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "branch_staff_staff_idx" ON "branch_staff" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_branch_idx" ON "orders" USING btree ("branch_id");--> statement-breakpoint
-- Written by hand (issue 32, decision 047). The opening hours move from the lines the pages
-- showed ("Monday to Friday" | "07:30 to 19:30") into rows per weekday; a "Closed" line or a
-- line that does not read as two times leaves its days without hours (closed).
INSERT INTO "branch_hours" ("branch_id", "weekday", "opens_at", "closes_at")
SELECT b."id", d.n, substring(h->>'hours' from '^(\d\d:\d\d)'), substring(h->>'hours' from '(\d\d:\d\d)$')
FROM "branches" b
CROSS JOIN LATERAL jsonb_array_elements(b."opening_hours") h
JOIN (VALUES (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) d(n, name)
  ON d.n BETWEEN
    (SELECT f.n FROM (VALUES (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) f(n, name) WHERE f.name = split_part(h->>'days', ' to ', 1))
    AND coalesce(
      (SELECT l.n FROM (VALUES (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) l(n, name) WHERE l.name = nullif(split_part(h->>'days', ' to ', 2), '')),
      (SELECT f.n FROM (VALUES (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) f(n, name) WHERE f.name = split_part(h->>'days', ' to ', 1)))
WHERE h->>'hours' ~ '^\d\d:\d\d\D+\d\d:\d\d$'
  AND substring(h->>'hours' from '(\d\d:\d\d)$') > substring(h->>'hours' from '^(\d\d:\d\d)')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The districts of the demo's five branches (server/db/seed/content/branch-areas.ts), on a
-- database seeded before branches had areas; a shop's own branches match no slug and are
-- given their areas by the owner at /admin/branches.
INSERT INTO "branch_areas" ("district", "branch_id")
SELECT a.district, b."id"
FROM (VALUES
  ('maida-vale', 'W9'), ('maida-vale', 'W2'), ('maida-vale', 'W10'), ('maida-vale', 'W12'), ('maida-vale', 'W14'), ('maida-vale', 'W6'), ('maida-vale', 'W4'),
  ('notting-hill', 'W11'), ('notting-hill', 'W8'), ('notting-hill', 'SW3'), ('notting-hill', 'SW5'), ('notting-hill', 'SW6'), ('notting-hill', 'SW7'), ('notting-hill', 'SW10'), ('notting-hill', 'SW11'), ('notting-hill', 'SW15'), ('notting-hill', 'SW18'),
  ('st-johns-wood', 'NW8'), ('st-johns-wood', 'NW1'), ('st-johns-wood', 'NW3'), ('st-johns-wood', 'NW5'), ('st-johns-wood', 'N1'), ('st-johns-wood', 'N4'), ('st-johns-wood', 'N5'), ('st-johns-wood', 'N6'), ('st-johns-wood', 'N7'), ('st-johns-wood', 'N16'), ('st-johns-wood', 'N19'),
  ('west-hampstead', 'NW6'), ('west-hampstead', 'NW2'), ('west-hampstead', 'NW10'), ('west-hampstead', 'NW11'),
  ('marylebone', 'W1'), ('marylebone', 'WC1'), ('marylebone', 'WC2'), ('marylebone', 'EC1'), ('marylebone', 'EC2'), ('marylebone', 'EC4'), ('marylebone', 'SW1'), ('marylebone', 'E1'), ('marylebone', 'E2'), ('marylebone', 'E8'), ('marylebone', 'E14')
) a(slug, district)
JOIN "branches" b ON b."slug" = a.slug
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Existing orders go to the branch serving their postcode's district (W1H 1BS → W1).
UPDATE "orders" o SET "branch_id" = ba."branch_id"
FROM "branch_areas" ba
WHERE o."branch_id" IS NULL
  AND ba."district" = regexp_replace(split_part(upper(trim(o."postcode")), ' ', 1), '^([A-Z]{1,2}[0-9])[A-Z]$', '\1');
--> statement-breakpoint
-- The public branch pages show the hours and closures: a change raises the content version.
CREATE TRIGGER "branch_hours_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branch_hours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "branch_closures_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branch_closures" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
ALTER TABLE "branches" DROP COLUMN "opening_hours";