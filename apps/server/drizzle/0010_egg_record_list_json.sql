-- Each egg record keeps its own JSON text as GET /api/egg-records lists it (the eggRecord schema,
-- createdAt as Date#toISOString writes it). Building that text for a month of a 200-bird flock
-- (6,000 rows: uuid, date and timestamp formatting, text escaping) was most of the list's time on
-- the embedded database; the list now joins stored texts. A trigger keeps the text, so no code
-- path can write a record without it. The column is deliberately not in the Drizzle schema: rows
-- read through Drizzle, exports and imports never see it.
CREATE FUNCTION "egg_record_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."list_json" := '{"id":"' || NEW."id" ||
    '","chickenId":"' || NEW."chicken_id" ||
    '","date":"' || NEW."date" ||
    '","eggsLaid":' || NEW."eggs_laid" ||
    ',"eggQuality":' || coalesce(to_json(NEW."egg_quality")::text, 'null') ||
    ',"eggSize":' || coalesce(to_json(NEW."egg_size")::text, 'null') ||
    ',"notes":' || coalesce(to_json(NEW."notes")::text, 'null') ||
    ',"createdAt":"' || to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
    '"}';
  RETURN NEW;
END $$;
--> statement-breakpoint
ALTER TABLE "egg_records" ADD COLUMN "list_json" text;
--> statement-breakpoint
-- daily_production depends only on these columns: a changed note no longer rewrites the day's row
-- (nor does the fill below).
DROP TRIGGER "egg_records_daily_production" ON "egg_records";
--> statement-breakpoint
CREATE TRIGGER "egg_records_daily_production" AFTER INSERT OR UPDATE OF "user_id", "date", "eggs_laid" OR DELETE ON "egg_records"
  FOR EACH ROW EXECUTE FUNCTION "daily_production_eggs"();
--> statement-breakpoint
CREATE TRIGGER "egg_records_list_json" BEFORE INSERT OR UPDATE ON "egg_records"
  FOR EACH ROW EXECUTE FUNCTION "egg_record_list_json"();
--> statement-breakpoint
-- Records written before this migration: the update fires the trigger, which fills the text.
UPDATE "egg_records" SET "list_json" = NULL;
--> statement-breakpoint
ALTER TABLE "egg_records" ALTER COLUMN "list_json" SET NOT NULL;
