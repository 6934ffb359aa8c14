ALTER TABLE "hatch_records" ADD COLUMN "sire_id" uuid;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "dam_id" uuid;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD COLUMN "breeding_flock_id" uuid;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_sire_id_chickens_id_fk" FOREIGN KEY ("sire_id") REFERENCES "public"."chickens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_dam_id_chickens_id_fk" FOREIGN KEY ("dam_id") REFERENCES "public"."chickens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hatch_records" ADD CONSTRAINT "hatch_records_breeding_flock_id_flocks_id_fk" FOREIGN KEY ("breeding_flock_id") REFERENCES "public"."flocks"("id") ON DELETE set null ON UPDATE no action;