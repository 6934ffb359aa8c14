ALTER TABLE "health_predictions" ALTER COLUMN "chicken_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "health_predictions" ADD COLUMN "flock_id" uuid;--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_predictions" ADD CONSTRAINT "health_predictions_subject_check" CHECK (("health_predictions"."chicken_id" is null) <> ("health_predictions"."flock_id" is null));