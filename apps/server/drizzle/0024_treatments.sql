CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"chicken_id" uuid,
	"flock_id" uuid,
	"medication_id" text,
	"product" text NOT NULL,
	"active_ingredient" text,
	"dose" double precision,
	"dose_unit" text,
	"route" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"condition_id" text,
	"prescribed_by_vet" boolean DEFAULT false NOT NULL,
	"egg_withdrawal_days" integer NOT NULL,
	"meat_withdrawal_days" integer NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatments_bird_or_flock" CHECK (("treatments"."chicken_id" is null) <> ("treatments"."flock_id" is null)),
	CONSTRAINT "treatments_dates" CHECK ("treatments"."end_date" >= "treatments"."start_date"),
	CONSTRAINT "treatments_withdrawal_days" CHECK ("treatments"."egg_withdrawal_days" between 0 and 365 and "treatments"."meat_withdrawal_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "treatments_farm_date_idx" ON "treatments" USING btree ("farm_id","end_date");--> statement-breakpoint
CREATE INDEX "treatments_chicken_idx" ON "treatments" USING btree ("chicken_id");--> statement-breakpoint
CREATE INDEX "treatments_flock_idx" ON "treatments" USING btree ("flock_id");