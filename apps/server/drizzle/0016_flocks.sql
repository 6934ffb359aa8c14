CREATE TABLE "egg_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"flock_id" uuid NOT NULL,
	"date" date NOT NULL,
	"eggs" integer NOT NULL,
	"cracked" integer,
	"dirty" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "egg_collections_flock_date_key" UNIQUE("flock_id","date")
);
--> statement-breakpoint
CREATE TABLE "flock_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"flock_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"count" integer NOT NULL,
	"females" integer,
	"males" integer,
	"chicken_id" uuid,
	"move_id" uuid,
	"price" double precision,
	"buyer" text,
	"cause" text,
	"notes" text,
	"age_weeks" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"name" text NOT NULL,
	"species" text NOT NULL,
	"purpose" text NOT NULL,
	"location" text,
	"start_date" date NOT NULL,
	"notes" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "flock_id" uuid;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "band_id" text;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "sire_id" uuid;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "dam_id" uuid;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "outcome_date" date;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "outcome_notes" text;--> statement-breakpoint
ALTER TABLE "egg_collections" ADD CONSTRAINT "egg_collections_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_collections" ADD CONSTRAINT "egg_collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_collections" ADD CONSTRAINT "egg_collections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_collections" ADD CONSTRAINT "egg_collections_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_events" ADD CONSTRAINT "flock_events_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_events" ADD CONSTRAINT "flock_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_events" ADD CONSTRAINT "flock_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_events" ADD CONSTRAINT "flock_events_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_events" ADD CONSTRAINT "flock_events_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "egg_collections_farm_date_idx" ON "egg_collections" USING btree ("farm_id","date");--> statement-breakpoint
CREATE INDEX "flock_events_flock_date_idx" ON "flock_events" USING btree ("flock_id","date");--> statement-breakpoint
CREATE INDEX "flock_events_move_idx" ON "flock_events" USING btree ("move_id");--> statement-breakpoint
CREATE INDEX "flock_events_chicken_idx" ON "flock_events" USING btree ("chicken_id");--> statement-breakpoint
CREATE INDEX "flocks_farm_idx" ON "flocks" USING btree ("farm_id","created_at");--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_sire_id_chickens_id_fk" FOREIGN KEY ("sire_id") REFERENCES "public"."chickens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_dam_id_chickens_id_fk" FOREIGN KEY ("dam_id") REFERENCES "public"."chickens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chickens_flock_idx" ON "chickens" USING btree ("flock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chickens_farm_band_key" ON "chickens" USING btree ("farm_id","band_id");