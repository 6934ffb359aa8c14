CREATE TABLE "hatch_candlings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hatch_record_id" uuid NOT NULL,
	"date" date NOT NULL,
	"day" integer NOT NULL,
	"fertile" integer NOT NULL,
	"clear" integer NOT NULL,
	"quitters" integer NOT NULL,
	"blood_rings" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "profile_id" text;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "incubator_name" text;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "result_date" date;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "pipped_not_hatched" integer;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "assisted" integer;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "died_in_shell" integer;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "deformed" integer;--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD CONSTRAINT "hatch_candlings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hatch_candlings" ADD CONSTRAINT "hatch_candlings_hatch_record_id_hatch_records_id_fk" FOREIGN KEY ("hatch_record_id") REFERENCES "public"."hatch_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hatch_candlings_record_idx" ON "hatch_candlings" USING btree ("hatch_record_id","day");