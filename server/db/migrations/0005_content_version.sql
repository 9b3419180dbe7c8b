CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every statement that changes the
-- public content adds one to content_version in its own transaction (docs/decisions/009).
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "price_categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "services_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "service_pages_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "area_groups_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "area_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "areas_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "branches_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "faqs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "slot_settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "slot_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "opening_hours_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opening_hours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "closed_dates_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_dates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
