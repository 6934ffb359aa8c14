-- Farms (issue 18): a farm owns the keeper records; users are its members with a role. Every keeper
-- gets a farm whose id is their own user id, named after them, with them as its owner and the farm
-- in use, so the user_id -> farm_id columns keep their values and nothing is copied or lost.
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farm_members" (
	"farm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_members_user_id_farm_id_pk" PRIMARY KEY("user_id","farm_id")
);
--> statement-breakpoint
CREATE TABLE "farm_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "farm_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "farm_members" ADD CONSTRAINT "farm_members_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "farm_members" ADD CONSTRAINT "farm_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "farm_invitations" ADD CONSTRAINT "farm_invitations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "farm_invitations" ADD CONSTRAINT "farm_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "farm_invitations" ADD CONSTRAINT "farm_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "farm_members_user_selected_idx" ON "farm_members" USING btree ("user_id","selected_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "farm_members_farm_idx" ON "farm_members" USING btree ("farm_id");
--> statement-breakpoint
CREATE INDEX "farm_invitations_farm_idx" ON "farm_invitations" USING btree ("farm_id");
--> statement-breakpoint
-- Each existing keeper's own farm: same id, their name on it, they own it and use it.
INSERT INTO "farms" ("id", "name", "created_at")
SELECT "id", coalesce(nullif(btrim("first_name"), '') || '''s farm', 'My farm'), "created_at" FROM "users";
--> statement-breakpoint
INSERT INTO "farm_members" ("farm_id", "user_id", "role", "joined_at", "selected_at")
SELECT "id", "id", 'owner', "created_at", "created_at" FROM "users";
--> statement-breakpoint
ALTER TABLE "chickens" DROP CONSTRAINT "chickens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chickens" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "egg_records" DROP CONSTRAINT "egg_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "egg_records" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "egg_records" ADD CONSTRAINT "egg_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_records" DROP CONSTRAINT "hatch_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "hatch_records" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_candlings" DROP CONSTRAINT "hatch_candlings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "hatch_candlings" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD CONSTRAINT "hatch_candlings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feed_records" DROP CONSTRAINT "feed_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "feed_records" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weight_records" DROP CONSTRAINT "weight_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "weight_records" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "weight_records" ADD CONSTRAINT "weight_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "environmental_records" DROP CONSTRAINT "environmental_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "environmental_records" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD CONSTRAINT "environmental_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "health_predictions" DROP CONSTRAINT "health_predictions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "health_predictions" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analyses" DROP CONSTRAINT "analyses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "analyses" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "daily_production" DROP CONSTRAINT "daily_production_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_production" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "daily_production" ADD CONSTRAINT "daily_production_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "keeper_places" DROP CONSTRAINT "keeper_places_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "keeper_places" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "keeper_places" ADD CONSTRAINT "keeper_places_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "image_owners" DROP CONSTRAINT "image_owners_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "image_owners" RENAME COLUMN "user_id" TO "farm_id";
--> statement-breakpoint
ALTER TABLE "image_owners" ADD CONSTRAINT "image_owners_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "egg_records" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "egg_records" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "egg_records" ADD CONSTRAINT "egg_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "egg_records" ADD CONSTRAINT "egg_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD CONSTRAINT "hatch_candlings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD CONSTRAINT "hatch_candlings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feed_records" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "feed_records" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weight_records" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "weight_records" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "weight_records" ADD CONSTRAINT "weight_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weight_records" ADD CONSTRAINT "weight_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD CONSTRAINT "environmental_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD CONSTRAINT "environmental_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "health_predictions" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "health_predictions" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "daily_production" RENAME CONSTRAINT "daily_production_user_id_date_pk" TO "daily_production_farm_id_date_pk";
--> statement-breakpoint
ALTER TABLE "image_owners" RENAME CONSTRAINT "image_owners_hash_user_id_pk" TO "image_owners_hash_farm_id_pk";
--> statement-breakpoint
ALTER INDEX "analyses_user_bird_idx" RENAME TO "analyses_farm_bird_idx";
--> statement-breakpoint
ALTER INDEX "analyses_user_idx" RENAME TO "analyses_farm_idx";
--> statement-breakpoint
ALTER INDEX "chickens_user_idx" RENAME TO "chickens_farm_idx";
--> statement-breakpoint
ALTER INDEX "egg_records_user_date_idx" RENAME TO "egg_records_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "environmental_records_user_date_idx" RENAME TO "environmental_records_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "feed_records_user_date_idx" RENAME TO "feed_records_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "hatch_records_user_idx" RENAME TO "hatch_records_farm_idx";
--> statement-breakpoint
ALTER INDEX "health_predictions_user_date_idx" RENAME TO "health_predictions_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "image_owners_user_idx" RENAME TO "image_owners_farm_idx";
--> statement-breakpoint
ALTER INDEX "vaccinations_user_date_idx" RENAME TO "vaccinations_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "weight_records_user_date_idx" RENAME TO "weight_records_farm_date_idx";
--> statement-breakpoint
ALTER INDEX "vaccinations_user_client_idx" RENAME TO "vaccinations_farm_client_idx";
--> statement-breakpoint
-- The daily totals and the egg list text are kept by triggers (0009, 0010) that name the column.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_production_eggs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "daily_production" SET "eggs_laid" = "eggs_laid" - OLD."eggs_laid"
      WHERE "farm_id" = OLD."farm_id" AND "date" = OLD."date";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "daily_production" ("farm_id", "date", "eggs_laid") VALUES (NEW."farm_id", NEW."date", NEW."eggs_laid")
      ON CONFLICT ("farm_id", "date") DO UPDATE SET "eggs_laid" = "daily_production"."eggs_laid" + EXCLUDED."eggs_laid";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_production_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "daily_production" SET "feed_amount" = "feed_amount" - OLD."feed_amount",
        "feed_cost" = "feed_cost" - coalesce(OLD."feed_cost", 0)
      WHERE "farm_id" = OLD."farm_id" AND "date" = OLD."date";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "daily_production" ("farm_id", "date", "feed_amount", "feed_cost")
      VALUES (NEW."farm_id", NEW."date", NEW."feed_amount", coalesce(NEW."feed_cost", 0))
      ON CONFLICT ("farm_id", "date") DO UPDATE SET
        "feed_amount" = "daily_production"."feed_amount" + EXCLUDED."feed_amount",
        "feed_cost" = "daily_production"."feed_cost" + EXCLUDED."feed_cost";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The egg list's text now carries the farm and who added and last changed the record.
CREATE OR REPLACE FUNCTION "egg_record_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."list_json" := '{"id":"' || NEW."id" ||
    '","farmId":"' || NEW."farm_id" ||
    '","createdBy":' || coalesce('"' || NEW."created_by" || '"', 'null') ||
    ',"updatedBy":' || coalesce('"' || NEW."updated_by" || '"', 'null') ||
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
-- Records written before farms were added and changed by their keeper (farm id = user id).
--> statement-breakpoint
UPDATE "chickens" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "egg_records" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "hatch_records" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "hatch_candlings" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "feed_records" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "weight_records" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "environmental_records" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "health_predictions" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "analyses" SET "created_by" = "farm_id", "updated_by" = "farm_id";
--> statement-breakpoint
UPDATE "vaccinations" SET "created_by" = "farm_id", "updated_by" = "farm_id";
