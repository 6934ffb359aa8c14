CREATE TABLE "keeper_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"temperature_unit" text DEFAULT 'F' NOT NULL,
	"weight_unit" text DEFAULT 'lbs' NOT NULL,
	"egg_price" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keeper_settings_temperature_unit_check" CHECK ("keeper_settings"."temperature_unit" in ('F', 'C')),
	CONSTRAINT "keeper_settings_weight_unit_check" CHECK ("keeper_settings"."weight_unit" in ('lbs', 'kg')),
	CONSTRAINT "keeper_settings_egg_price_check" CHECK ("keeper_settings"."egg_price" is null or "keeper_settings"."egg_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "keeper_settings" ADD CONSTRAINT "keeper_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;