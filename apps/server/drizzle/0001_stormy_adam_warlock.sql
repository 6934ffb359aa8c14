CREATE TABLE "keeper_places" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_cache" (
	"location_key" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text,
	"vaccine" text NOT NULL,
	"bird_id" uuid,
	"bird_name" text NOT NULL,
	"date" date NOT NULL,
	"next_due" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keeper_places" ADD CONSTRAINT "keeper_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_cache_fetched_idx" ON "weather_cache" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "vaccinations_user_date_idx" ON "vaccinations" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vaccinations_user_client_idx" ON "vaccinations" USING btree ("user_id","client_id");