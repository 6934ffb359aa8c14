ALTER TABLE "feed_records" ALTER COLUMN "chicken_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_records" ADD COLUMN "flock_id" uuid;--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_records_flock_idx" ON "feed_records" USING btree ("flock_id");--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_bird_or_flock" CHECK (("feed_records"."chicken_id" is null) <> ("feed_records"."flock_id" is null));