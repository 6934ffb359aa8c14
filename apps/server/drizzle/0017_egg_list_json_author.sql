-- The egg list's text per record keeps who added it (createdBy: "logged by Sam", and what a helper
-- may change) but no longer the farm and the last author: every record of a list is of the farm in
-- use (GET /api/farms), and nothing that shows a list reads updatedBy. Three uuids more per row
-- made a month's list half again as costly to send (issue 18 bench: 1.52x the CPU per request of
-- before farms). A single record's answer (POST) still carries farmId and updatedBy.
CREATE OR REPLACE FUNCTION "egg_record_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."list_json" := '{"id":"' || NEW."id" ||
    '","createdBy":' || coalesce('"' || NEW."created_by" || '"', 'null') ||
    ',"chickenId":"' || NEW."chicken_id" ||
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
-- Records written before: the update fires the trigger, which writes the text anew.
UPDATE "egg_records" SET "list_json" = NULL;
