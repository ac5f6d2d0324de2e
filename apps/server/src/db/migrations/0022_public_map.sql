CREATE TABLE "public_map_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by hand below (docs/maps.md "Caching"): the counter's one row, and row triggers that raise it
-- when what the public map shows changes. WHEN clauses keep every other write (device reports, settings
-- that the map does not show) away from the counter's row.
ALTER TABLE "public_map_version" ADD CONSTRAINT "public_map_version_one_row" CHECK ("id");--> statement-breakpoint
INSERT INTO "public_map_version" ("id", "version") VALUES (true, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "public_map_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_map_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "controllers_public_map_insert" AFTER INSERT ON "controllers"
  FOR EACH ROW WHEN (NEW."display_on_public_map") EXECUTE FUNCTION "public_map_changed"();--> statement-breakpoint
CREATE TRIGGER "controllers_public_map_delete" AFTER DELETE ON "controllers"
  FOR EACH ROW WHEN (OLD."display_on_public_map") EXECUTE FUNCTION "public_map_changed"();--> statement-breakpoint
CREATE TRIGGER "controllers_public_map_update"
  AFTER UPDATE OF "display_on_public_map", "owner_id", "lat", "lng", "name", "time_zone" ON "controllers"
  FOR EACH ROW WHEN (
    (OLD."display_on_public_map" OR NEW."display_on_public_map")
    AND (OLD."display_on_public_map", OLD."owner_id", OLD."lat", OLD."lng", OLD."name", OLD."time_zone")
      IS DISTINCT FROM (NEW."display_on_public_map", NEW."owner_id", NEW."lat", NEW."lng", NEW."name", NEW."time_zone")
  ) EXECUTE FUNCTION "public_map_changed"();--> statement-breakpoint
CREATE TRIGGER "shares_public_map_insert" AFTER INSERT ON "shares"
  FOR EACH ROW WHEN (NEW."public_on_map") EXECUTE FUNCTION "public_map_changed"();--> statement-breakpoint
CREATE TRIGGER "shares_public_map_delete" AFTER DELETE ON "shares"
  FOR EACH ROW WHEN (OLD."public_on_map") EXECUTE FUNCTION "public_map_changed"();--> statement-breakpoint
CREATE TRIGGER "shares_public_map_update" AFTER UPDATE OF "public_on_map" ON "shares"
  FOR EACH ROW WHEN (OLD."public_on_map" IS DISTINCT FROM NEW."public_on_map")
  EXECUTE FUNCTION "public_map_changed"();
