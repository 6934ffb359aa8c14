CREATE TABLE "environmental_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"temperature" double precision,
	"humidity" integer,
	"weather" text,
	"coop_condition" text,
	"ventilation" text,
	"lighting" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chicken_id" uuid NOT NULL,
	"date" date NOT NULL,
	"feed_type" text NOT NULL,
	"feed_amount" double precision NOT NULL,
	"feed_cost" double precision,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chicken_id" uuid NOT NULL,
	"risk_level" text NOT NULL,
	"risk_score" integer NOT NULL,
	"confidence_score" double precision NOT NULL,
	"prediction_date" timestamp with time zone DEFAULT now() NOT NULL,
	"predicted_conditions" jsonb NOT NULL,
	"recommended_actions" jsonb NOT NULL,
	"reasons" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chicken_id" uuid NOT NULL,
	"date" date NOT NULL,
	"weight" double precision NOT NULL,
	"body_condition" text DEFAULT 'normal' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environmental_records" ADD CONSTRAINT "environmental_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_records" ADD CONSTRAINT "weight_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_records" ADD CONSTRAINT "weight_records_chicken_id_chickens_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."chickens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "environmental_records_user_date_idx" ON "environmental_records" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "feed_records_user_date_idx" ON "feed_records" USING btree ("user_id","date","feed_amount","feed_cost");--> statement-breakpoint
CREATE INDEX "feed_records_chicken_date_idx" ON "feed_records" USING btree ("chicken_id","date");--> statement-breakpoint
CREATE INDEX "health_predictions_user_date_idx" ON "health_predictions" USING btree ("user_id","prediction_date");--> statement-breakpoint
CREATE INDEX "weight_records_user_date_idx" ON "weight_records" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "weight_records_chicken_date_idx" ON "weight_records" USING btree ("chicken_id","date","weight");