CREATE TABLE "daily_production" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"eggs_laid" integer DEFAULT 0 NOT NULL,
	"feed_amount" double precision DEFAULT 0 NOT NULL,
	"feed_cost" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_production_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
DROP INDEX "egg_records_user_date_idx";--> statement-breakpoint
ALTER TABLE "daily_production" ADD CONSTRAINT "daily_production_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "egg_records_user_date_idx" ON "egg_records" USING btree ("user_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
-- daily_production is kept by these triggers. A deleted record only decrements (never inserts), so a
-- cascade from a deleted keeper never re-creates a row for them.
CREATE FUNCTION "daily_production_eggs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "daily_production" SET "eggs_laid" = "eggs_laid" - OLD."eggs_laid"
      WHERE "user_id" = OLD."user_id" AND "date" = OLD."date";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "daily_production" ("user_id", "date", "eggs_laid") VALUES (NEW."user_id", NEW."date", NEW."eggs_laid")
      ON CONFLICT ("user_id", "date") DO UPDATE SET "eggs_laid" = "daily_production"."eggs_laid" + EXCLUDED."eggs_laid";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "daily_production_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "daily_production" SET "feed_amount" = "feed_amount" - OLD."feed_amount",
        "feed_cost" = "feed_cost" - coalesce(OLD."feed_cost", 0)
      WHERE "user_id" = OLD."user_id" AND "date" = OLD."date";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "daily_production" ("user_id", "date", "feed_amount", "feed_cost")
      VALUES (NEW."user_id", NEW."date", NEW."feed_amount", coalesce(NEW."feed_cost", 0))
      ON CONFLICT ("user_id", "date") DO UPDATE SET
        "feed_amount" = "daily_production"."feed_amount" + EXCLUDED."feed_amount",
        "feed_cost" = "daily_production"."feed_cost" + EXCLUDED."feed_cost";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "egg_records_daily_production" AFTER INSERT OR UPDATE OR DELETE ON "egg_records"
  FOR EACH ROW EXECUTE FUNCTION "daily_production_eggs"();
--> statement-breakpoint
CREATE TRIGGER "feed_records_daily_production" AFTER INSERT OR UPDATE OR DELETE ON "feed_records"
  FOR EACH ROW EXECUTE FUNCTION "daily_production_feed"();
--> statement-breakpoint
-- Records written before this migration.
INSERT INTO "daily_production" ("user_id", "date", "eggs_laid", "feed_amount", "feed_cost")
SELECT "user_id", "date", sum("eggs"), sum("lbs"), sum("cost") FROM (
  SELECT "user_id", "date", "eggs_laid" AS "eggs", 0::double precision AS "lbs", 0::double precision AS "cost" FROM "egg_records"
  UNION ALL
  SELECT "user_id", "date", 0, "feed_amount", coalesce("feed_cost", 0) FROM "feed_records"
) AS "r" GROUP BY "user_id", "date";
