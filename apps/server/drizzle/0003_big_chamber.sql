CREATE TABLE "chickens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"breed" text NOT NULL,
	"color" text,
	"weight" double precision,
	"hatch_date" date,
	"sex" text DEFAULT 'hen' NOT NULL,
	"notes" text,
	"image_url" text,
	"species" text DEFAULT 'chicken' NOT NULL,
	"health_status" text DEFAULT 'healthy' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "egg_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chicken_id" uuid NOT NULL,
	"date" date NOT NULL,
	"eggs_laid" integer NOT NULL,
	"egg_quality" text,
	"egg_size" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hatch_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"egg_source" text NOT NULL,
	"species" text DEFAULT 'chicken' NOT NULL,
	"breed" text,
	"incubation_start_date" date NOT NULL,
	"expected_hatch_date" date NOT NULL,
	"incubation_method" text DEFAULT 'incubator' NOT NULL,
	"temperature" double precision,
	"humidity" integer,
	"turned_daily" boolean DEFAULT true NOT NULL,
	"eggs_set" integer,
	"eggs_hatched" integer,
	"notes" text,
	"success" boolean,
	"actual_hatch_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chickens" ADD CONSTRAINT "chickens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_records" ADD CONSTRAINT "egg_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_records" ADD CONSTRAINT "egg_records_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chickens_user_idx" ON "chickens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "egg_records_user_date_idx" ON "egg_records" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "egg_records_chicken_date_idx" ON "egg_records" USING btree ("chicken_id","date");--> statement-breakpoint
CREATE INDEX "hatch_records_user_idx" ON "hatch_records" USING btree ("user_id","expected_hatch_date");