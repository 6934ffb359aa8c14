ALTER TABLE "chickens" ADD COLUMN "outcome_cause" text;--> statement-breakpoint
ALTER TABLE "chickens" ADD COLUMN "outcome_condition_id" text;--> statement-breakpoint
ALTER TABLE "flock_events" ADD COLUMN "loss_cause" text;--> statement-breakpoint
ALTER TABLE "flock_events" ADD COLUMN "condition_id" text;