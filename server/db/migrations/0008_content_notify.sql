-- Written by hand (drizzle-kit does not model triggers or NOTIFY): each instance keeps the
-- content version in memory and learns of changes by LISTEN (docs/decisions/016).
-- Every statement that raises content_version also announces the new version on the channel
-- "content_changed"; PostgreSQL delivers it when (and only if) the transaction commits.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO raised;
  PERFORM pg_notify('content_changed', raised::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Places taken or given back: cached slot listings of every instance are recomputed. The
-- payload is empty, so PostgreSQL folds the notices of one transaction into one.
CREATE FUNCTION "notify_slot_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slot_usage_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "slot_usage_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "slot_usage" FOR EACH STATEMENT EXECUTE FUNCTION "notify_slot_usage"();
